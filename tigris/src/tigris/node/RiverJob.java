/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tigris.RiverAttempt;
import tigris.graph.RiverGraph;
import tigris.node.ControlAgent.Node;
import tigris.node.ControlAgent.RunReport;

/**
 * A river run to its end across lost nodes: attempts of one river (epochs 1, 2, ...), each a
 * river of its own grown on the nodes still up, then one commit. The application brings a
 * {@link Planner} that says what each attempt runs where, from what the earlier attempts did; the
 * runtime does the rest: it follows each attempt, declares a node lost when it stops answering,
 * stops the attempt on the nodes still up, asks the planner for the next, fences the lost nodes
 * (their leases run out, and from the moment each is lost until the job ends, one that answers
 * again is told to destroy its attempts and what they staged: {@link LostNodeFencing}), and commits the job once (each node up puts the outputs in place, then the job's
 * marker beside each) or, when the job fails, has every node discard what it staged.
 * doc/tigris-operations.md, "Recovery".
 */
public final class RiverJob {
    /**
     * What an application says of its job's attempts. Recovery is re-execution: an attempt after a
     * loss runs again whatever the lost nodes held and whatever the planner does not keep.
     */
    public interface Planner {
        /**
         * Attempt {@code epoch}'s river on {@code up} (the job's nodes not lost, in order), given
         * how the earlier attempts ended ({@code earlier}, oldest first; empty for the first).
         *
         * @param epoch the attempt's number: 1 for the first, one more for each after
         * @param up the job's nodes not lost so far, in the job's order
         * @param earlier how the earlier attempts ended, oldest first; empty for the first
         * @return what the attempt runs where, every instance placed on a node of {@code up}
         * @throws JobFailedException if the job cannot go on without the lost nodes (an input
         *         that was only there), saying why
         */
        Attempt plan(int epoch, List<Node> up, List<Ended> earlier) throws JobFailedException;

        /**
         * Called once an attempt completed, before the commit, with every attempt: an
         * application's last check of the whole (its outputs fit together). By default it finds
         * nothing wrong.
         *
         * @param attempts every attempt, oldest first; the last completed
         * @throws JobFailedException if they do not, saying why
         */
        default void completed(List<Ended> attempts) throws JobFailedException {
        }

        /**
         * Called with the parts the nodes up have staged and synced (node, final path, size),
         * before any is put in place: an application that knows what its output holds checks
         * that it is all there. By default it finds nothing wrong.
         *
         * @param parts every part staged on every committing node, node by node
         * @throws JobFailedException if it is not, saying why: nothing is put in place
         */
        default void staged(List<CommittedPart> parts) throws JobFailedException {
        }
    }

    /**
     * One attempt as planned: its river graph, the node of each module instance, the home node of
     * each instance moved away from it (by instance name: {@link tigris.ModuleConfig#home}), and the
     * jar of module classes (both null: Tigris's own).
     *
     * @param graph the river the attempt grows
     * @param placement for each module, by name, the node of each instance (a list as long as its
     *        instances); copied in its order, unmodifiable
     * @param homes for each instance moved off the node it was first placed on, by instance name,
     *        that node's name; empty if none was moved; copied, unmodifiable
     * @param jarName the name the jar of module classes is pushed under, or null, with {@code jar}
     *        null, for Tigris's own modules only
     * @param jar the jar's bytes, or null; not copied
     */
    public record Attempt(RiverGraph graph, Map<String, List<Node>> placement, Map<String, String> homes, String jarName, byte[] jar) {
        /**
         * Copies the maps.
         *
         * @throws NullPointerException if {@code placement} or {@code homes} is null, or
         *         {@code homes} holds a null key or value
         */
        public Attempt {
            placement = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(placement));
            homes = Map.copyOf(homes);
        }

        /**
         * An attempt of Tigris's own modules, every instance at home.
         *
         * @param graph the river the attempt grows
         * @param placement for each module, by name, the node of each instance
         */
        public Attempt(RiverGraph graph, Map<String, List<Node>> placement) {
            this(graph, placement, Map.of(), null, null);
        }
    }

    /**
     * How one attempt ended: its report (every thread's last status, with the module's report;
     * a lost node's rows are the last it gave, marked unreachable), the nodes lost in it, when it
     * started and ended ({@link System#nanoTime()}), and the reservoirs it was grown with
     * ({@link ControlAgent.RiverRun#reservoirs}).
     *
     * @param attempt the attempt
     * @param report its report: every thread's last status, and its failure if it had one
     * @param lost the nodes that stopped answering in it, each with what the agent saw; copied,
     *        unmodifiable; empty if none
     * @param startNanos when the agent began to grow it ({@link System#nanoTime()})
     * @param endNanos when its report was in ({@link System#nanoTime()})
     * @param reservoirs the reservoirs it was grown with, by transport, as text
     */
    public record Ended(RiverAttempt attempt, RunReport report, Map<Node, ControlAgent.Silence> lost, long startNanos, long endNanos, String reservoirs) {
        /**
         * Copies {@code lost}.
         *
         * @throws NullPointerException if {@code lost} is null or holds a null key or value
         */
        public Ended {
            lost = Map.copyOf(lost);
        }
    }

    /**
     * A node the job lost and finished without.
     *
     * @param node the node
     * @param attempt the attempt it was lost in
     * @param silence what the agent saw, and when
     * @param attemptFailure how that attempt ended (the loss, and what failed with it)
     * @param fenced whether it answered again before the job ended and its attempts were destroyed there
     */
    public record Loss(Node node, RiverAttempt attempt, ControlAgent.Silence silence, String attemptFailure, boolean fenced) {
    }

    /**
     * A job that finished: every attempt, the nodes lost, the parts committed.
     *
     * @param attempts how every attempt ended, oldest first; the last completed; copied, unmodifiable
     * @param losses every node lost, in the order lost; copied, unmodifiable
     * @param committed every part committed, node by node; copied, unmodifiable
     */
    public record Outcome(List<Ended> attempts, List<Loss> losses, List<CommittedPart> committed) {
        /**
         * Copies the lists.
         *
         * @throws NullPointerException if a list is null or holds null
         */
        public Outcome {
            attempts = List.copyOf(attempts);
            losses = List.copyOf(losses);
            committed = List.copyOf(committed);
        }

        /**
         * The attempt that completed.
         *
         * @return the last of {@link #attempts}
         * @throws java.util.NoSuchElementException if there is no attempt
         */
        public Ended last() {
            return attempts.getLast();
        }
    }

    /**
     * How the caller follows the job: each attempt's river once grown (a live view shows it; the
     * notes say how earlier attempts ended), and every status round of every attempt.
     */
    public interface Following {
        /**
         * An attempt's river was grown and started; called on the job's thread, before the job
         * follows it. By default it does nothing.
         *
         * @param run the attempt's river, for a live view ({@link #view})
         * @param notes one line per node lost so far, saying in which attempt and when; empty
         *        for the first attempt
         */
        default void grown(ControlAgent.RiverRun run, List<String> notes) {
        }

        /**
         * The river as a live view shows it: {@code run}'s snapshots, with how the earlier attempts ended above them.
         *
         * @param run the attempt's river
         * @param notes the lines {@link #grown} was handed
         * @return {@code run} itself if there are no notes, else a source of its snapshots with the notes
         */
        static tigris.view.SnapshotSource view(ControlAgent.RiverRun run, List<String> notes) {
            return notes.isEmpty() ? run : () -> run.snapshot().withEarlier(notes);
        }

        /**
         * One round of status calls of the running attempt (every 200 ms or so, while it runs);
         * called on the job's thread. By default it does nothing.
         *
         * @param attempt the attempt
         * @param entries every module thread's status that round, its module's report included
         */
        default void statuses(RiverAttempt attempt, List<RunReport.Entry> entries) {
        }
    }

    /**
     * A job that could not finish: why, with every node's staged outputs discarded (or the nodes
     * that did not answer named), and how its attempts ended.
     */
    public static final class JobFailedException extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient List<Ended> attempts;

        /**
         * A planner's reason to give up.
         *
         * @param message why the job cannot go on; it becomes the job's failure
         */
        public JobFailedException(String message) {
            this(message, List.of());
        }

        JobFailedException(String message, List<Ended> attempts) {
            super(message);
            this.attempts = List.copyOf(attempts);
        }

        /**
         * How the job's attempts ended, oldest first.
         *
         * @return the attempts; empty if none was made, for the planner's own exception, or in a
         *         deserialized copy (they are not serialized)
         */
        public List<Ended> attempts() {
            return attempts == null ? List.of() : attempts;
        }
    }

    private final ControlAgent agent;
    private final String river;
    private final List<Node> nodes;
    private final Planner planner;
    private final long timeoutMillis;
    private final List<Ended> ended = new ArrayList<>();
    private final Set<Node> lost = new LinkedHashSet<>();
    /** Every node an attempt of the job was placed on: only they staged anything, so only they commit. */
    private final Set<Node> placed = new LinkedHashSet<>();
    private final List<Loss> losses = new ArrayList<>();
    private final LostNodeFencing fencing;

    private RiverJob(ControlAgent agent, String river, List<Node> nodes, Planner planner, long timeoutMillis) {
        this.agent = agent;
        this.river = river;
        this.nodes = List.copyOf(nodes);
        this.planner = planner;
        this.timeoutMillis = timeoutMillis;
        this.fencing = new LostNodeFencing(agent, Math.max(50, agent.answerTimeoutMillis() / 4));
    }

    /**
     * Runs river {@code river} on {@code nodes} as {@code planner} plans it, attempt after attempt
     * while nodes are lost, each attempt given {@code timeoutMillis} at most; commits it once an
     * attempt completed and the planner found the whole well.
     *
     * @param agent the agent that grows, follows and commits the attempts
     * @param river the river's name; its attempts are {@code river} epoch 1, 2, ...
     * @param nodes the job's nodes, in order (the planner's order, and the order parts commit in)
     * @param planner what each attempt runs where
     * @param timeoutMillis the longest each attempt may run, ms
     * @param following told of each attempt and its status rounds; never null
     * @return how the job finished: its attempts, the nodes lost, the parts committed
     * @throws JobFailedException if an attempt failed without losing a node (a module failed: it
     *         would fail again), the planner gave up, the time ran out or the commit failed; what
     *         the nodes staged is then discarded. Its message begins with the attempt
     *         ({@code river (attempt 2): ...}) or is the planner's own.
     * @throws InterruptedException if the thread is interrupted while it follows an attempt or
     *         waits for nodes: nothing is committed, and what the nodes staged is not discarded
     */
    public static Outcome run(ControlAgent agent, String river, List<Node> nodes, Planner planner, long timeoutMillis, Following following)
                    throws IOException, InterruptedException {
        return new RiverJob(agent, river, nodes, planner, timeoutMillis).run(following);
    }

    private Outcome run(Following following) throws IOException, InterruptedException {
        RiverAttempt attempt = RiverAttempt.first(river);
        try {
            while (true) {
                List<Node> up = nodes.stream().filter(n -> !lost.contains(n)).toList();
                Attempt plan;
                try {
                    plan = planner.plan(attempt.epoch(), up, List.copyOf(ended));
                } catch (JobFailedException e) {
                    throw failed(e.getMessage(), attempt);
                }
                plan.placement().values().forEach(placed::addAll);
                long start = System.nanoTime();
                ControlAgent.RiverRun run;
                try {
                    run = agent.start(attempt, plan.graph(), plan.placement(), plan.homes(), plan.jarName(), plan.jar());
                } catch (IOException e) {
                    throw failed(attempt + " could not start: " + e.getMessage(), attempt);
                }
                following.grown(run, notes());
                RiverAttempt now = attempt;
                RunReport report = run.awaitEntries(timeoutMillis, entries -> following.statuses(now, entries));
                Map<Node, ControlAgent.Silence> lostNow = run.lost();
                ended.add(new Ended(attempt, report, lostNow, start, System.nanoTime(), run.reservoirs()));
                if (report.completed()) {
                    try {
                        planner.completed(List.copyOf(ended));
                    } catch (JobFailedException e) {
                        throw failed(e.getMessage(), attempt);
                    }
                    break;
                }
                if (lostNow.isEmpty()) {
                    throw failed(attempt + ": " + report.failure() + lostBefore(), attempt);
                }
                lost.addAll(lostNow.keySet());
                for (var l : lostNow.entrySet()) {
                    losses.add(new Loss(l.getKey(), attempt, l.getValue(), report.failure(), false));
                    fencing.start(l.getKey(), ended.stream().map(Ended::attempt).toList());
                }
                attempt = attempt.next();
            }
        } finally {
            fencing.close();
        }
        List<Node> committers = nodes.stream().filter(n -> placed.contains(n) && !lost.contains(n)).toList();
        List<CommittedPart> committed;
        try {
            committed = agent.commit(attempt, committers, planner::staged);
        } catch (ControlAgent.PartialCommitException e) {
            List<Node> silent = agent.discard(attempt, nodes);
            throw new JobFailedException(attempt + " completed, but its commit failed half-way: " + e.getMessage() + "; the parts put in place, "
                            + e.inPlace().stream().map(CommittedPart::path).toList() + ", have no marker (a reader takes none of them for a whole output)"
                            + (silent.isEmpty() ? "" : "; nodes " + silent.stream().map(Node::name).toList() + " did not answer to discard the rest"), ended);
        } catch (IOException e) {
            throw failed(attempt + " completed, but its output could not be committed: " + e.getMessage(), attempt);
        }
        return new Outcome(ended, fencedLosses(), committed);
    }

    /** " (nodes lost before: a, b)" once nodes were lost. */
    private String lostBefore() {
        return lost.isEmpty() ? "" : " (nodes lost before: " + String.join(", ", lost.stream().map(Node::name).toList()) + ")";
    }

    /** How each attempt that lost nodes ended, for the live view of the next: one line a lost node. */
    private List<String> notes() {
        long t0 = ended.isEmpty() ? 0 : ended.getFirst().startNanos();
        List<String> notes = new ArrayList<>();
        for (Loss l : losses) {
            notes.add(String.format("attempt %d lost node %s at %.3f s (%s): the job goes on without it", l.attempt().epoch(), l.node().name(),
                            (l.silence().atNanos() - t0) / 1e9, l.silence().cause()));
        }
        return notes;
    }

    private List<Loss> fencedLosses() {
        return losses.stream().map(l -> new Loss(l.node(), l.attempt(), l.silence(), l.attemptFailure(), fencing.fenced(l.node()))).toList();
    }

    /** {@code message}, once every node has discarded what the job's attempts up to {@code last} staged. */
    private JobFailedException failed(String message, RiverAttempt last) throws InterruptedException {
        List<Node> silent = agent.discard(last, nodes);
        return new JobFailedException(message + "; nothing was committed" + (silent.isEmpty() ? " and every node deleted what it had written"
                        : ": the files " + silent.stream().map(Node::name).toList() + " had written are left hidden beside the outputs (they did not answer)"),
                        ended);
    }
}
