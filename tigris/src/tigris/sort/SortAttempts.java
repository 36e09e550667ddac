/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tigris.ModuleThread;
import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.node.ControlAgent.RunReport;
import tigris.node.RiverJob;

/**
 * The sort's planner of its attempts ({@link ClusterSort}, on the runtime's {@link RiverJob}):
 * a sort without mirrors has one attempt; a mirrored sort's next attempt, after lost nodes,
 * sorts the key ranges not yet whole on the nodes still up ({@link SortAttempt}). It keeps the
 * nodes lost so far, the key ranges whose output is whole and where, and the losses to report,
 * from the ends of the attempts the runtime hands it; before the commit it checks that the
 * ranges kept from all attempts tile every output file.
 */
public final class SortAttempts implements RiverJob.Planner {
    /** A range written whole: on which node, where in its file, how many records, runs spilled, O_DIRECT (from its sorter's report). */
    private record Written(Node on, long startRecord, long records, int runs, boolean direct) {
    }

    /** How a node was lost: what the agent saw, in which attempt, when (from the sort's start), and how that attempt ended. */
    private record Loss(String cause, int attempt, long declaredNanos, String attemptFailure) {
    }

    private final ClusterSortPlan plan;
    private final String id;
    private final long[] stripeRecords;
    private final KeySplitters splitters;
    private int number;
    private final Set<Node> lost = new LinkedHashSet<>();
    /** Each key range whose output is whole. */
    private final Map<Integer, Written> finished = new HashMap<>();
    private final Map<Node, Loss> losses = new LinkedHashMap<>();
    private final Set<Node> fenced = new LinkedHashSet<>();
    /** The lease the agent gives nodes, for the report of a lost node that did not answer again. */
    private long leaseMillis;
    /** When the sort started ({@link System#nanoTime()}): losses are reported from then. */
    private final long t0;
    /** The attempts made, by epoch. */
    private final Map<Integer, SortAttempt> made = new HashMap<>();
    /** Ends of attempts taken into account so far. */
    private int seen;
    /** The report of the last attempt taken into account. */
    private RunReport lastReport;

    /**
     * The attempts of a sort that starts now.
     *
     * @param plan the sort across nodes
     * @param id the sort's id, which names its rivers ({@code tigris-sort-ID})
     * @param stripeRecords the records of each node's input, in the nodes' order (stripe i is node
     *        i's); kept, not copied
     * @param splitters the key ranges' bounds, chosen from the sample
     */
    public SortAttempts(ClusterSortPlan plan, String id, long[] stripeRecords, KeySplitters splitters) {
        this(plan, id, stripeRecords, splitters, System.nanoTime());
    }

    /**
     * The attempts of a sort that started at {@code t0}.
     *
     * @param plan the sort across nodes
     * @param id the sort's id, which names its rivers ({@code tigris-sort-ID})
     * @param stripeRecords the records of each node's input, in the nodes' order; kept, not copied
     * @param splitters the key ranges' bounds, chosen from the sample
     * @param t0 when the sort started, a {@link System#nanoTime()}: losses are reported from then
     */
    public SortAttempts(ClusterSortPlan plan, String id, long[] stripeRecords, KeySplitters splitters, long t0) {
        this.plan = plan;
        this.id = id;
        this.stripeRecords = stripeRecords;
        this.splitters = splitters;
        this.t0 = t0;
    }

    /**
     * Plans the next attempt of a mirrored sort, after the nodes lost and ranges finished so far.
     *
     * @return the attempt, numbered one more than the last
     * @throws SortFailedException if a stripe has no copy left on a node up ({@link SortAttempt#of})
     */
    public SortAttempt next() throws SortFailedException {
        number++;
        SortAttempt a = SortAttempt.of(plan, id, number, stripeRecords, splitters, lost, finished.keySet());
        made.put(number, a);
        return a;
    }

    /**
     * Attempt {@code epoch} on the nodes up: without mirrors the one river of the sort, and no
     * other (a lost node fails it); with mirrors {@link SortAttempt#of} after what the earlier
     * attempts finished.
     */
    @Override
    public RiverJob.Attempt plan(int epoch, List<Node> up, List<RiverJob.Ended> earlier) throws RiverJob.JobFailedException {
        catchUp(earlier);
        if (!plan.mirrored()) {
            if (epoch > 1) {
                throw new RiverJob.JobFailedException(earlier.getLast().report().failure()
                                + " (with mirrored inputs, --mirror, a sort finishes without a lost node)");
            }
            number = 1;
            return new RiverJob.Attempt(ClusterSort.plainGraph(plan, id, splitters), ClusterSort.plainPlacement(plan));
        }
        try {
            SortAttempt a = next();
            return new RiverJob.Attempt(a.graph(), a.placement());
        } catch (SortFailedException e) {
            throw new RiverJob.JobFailedException(e.getMessage());
        }
    }

    /** A sort that lost nodes is whole only if the ranges kept from all its attempts tile every part ({@link #checkWhole}). */
    @Override
    public void completed(List<RiverJob.Ended> attempts) throws RiverJob.JobFailedException {
        catchUp(attempts);
        if (plan.mirrored() && lostAny()) {
            try {
                checkWhole(java.util.Arrays.stream(stripeRecords).sum());
            } catch (SortFailedException e) {
                throw new RiverJob.JobFailedException(e.getMessage());
            }
        }
    }

    /**
     * Every node up must have staged exactly the bytes of the key ranges it wrote (its own part,
     * and a lost node's it rebuilt): a part missing (a node that restarted and forgot it) or short
     * (a file kept from an earlier attempt that lost ranges) fails the sort before anything is in place.
     */
    @Override
    public void staged(List<tigris.node.CommittedPart> parts) throws RiverJob.JobFailedException {
        Map<String, Long> expected = new java.util.TreeMap<>();
        if (plan.mirrored()) {
            finished.values().forEach(w -> expected.merge(w.on().name(), w.records() * RecordGenerator.RECORD_BYTES, Long::sum));
        } else {
            for (RunReport.Entry e : lastReport.entries()) {
                if (e.report() instanceof SorterReport r) {
                    expected.merge(e.node(), r.received() * RecordGenerator.RECORD_BYTES, Long::sum);
                }
            }
        }
        Map<String, Long> got = new java.util.TreeMap<>();
        parts.forEach(p -> got.merge(p.node(), p.bytes(), Long::sum));
        for (var e : expected.entrySet()) {
            long bytes = got.getOrDefault(e.getKey(), 0L);
            if (bytes != e.getValue()) {
                throw new RiverJob.JobFailedException("node " + e.getKey() + " staged " + bytes + " bytes of output, but the key ranges it wrote hold "
                                + e.getValue() + ": a part is missing or short (did the node restart, or were its files touched?)");
            }
        }
    }

    /** Takes the ends of attempts not seen yet into account: the ranges each finished, the nodes each lost. */
    private void catchUp(List<RiverJob.Ended> ends) {
        for (; seen < ends.size(); seen++) {
            RiverJob.Ended e = ends.get(seen);
            lastReport = e.report();
            SortAttempt a = made.get(e.attempt().epoch());
            if (a == null) {
                continue;   // the one attempt of a sort without mirrors
            }
            if (e.report().completed()) {
                finished(a, e.report());
            } else {
                lost(a, e.report(), e.lost(), t0);
            }
        }
    }

    /**
     * How the runtime fenced the lost nodes (those that answered again before the job ended), and
     * the lease the others hold, for the report ({@link #losses()}).
     *
     * @param losses the job's losses, each saying whether the node was fenced
     * @param leaseMillis the lease the agent gives nodes, in milliseconds
     */
    public void fencing(List<RiverJob.Loss> losses, long leaseMillis) {
        this.leaseMillis = leaseMillis;
        losses.stream().filter(RiverJob.Loss::fenced).forEach(l -> fenced.add(l.node()));
    }

    /**
     * The attempt under way.
     *
     * @return its number, from 1 (1 also before the first starts)
     */
    public int number() {
        return Math.max(1, number);
    }

    /**
     * Whether a node was lost (then earlier attempts may have written output).
     *
     * @return whether any node was lost so far
     */
    public boolean lostAny() {
        return !lost.isEmpty();
    }

    /**
     * The nodes lost so far.
     *
     * @return their names, in the order they were lost
     */
    public List<String> lostNames() {
        return lost.stream().map(Node::name).toList();
    }

    /**
     * Keeps the ranges attempt {@code a} finished on nodes still up (a sorter that is done has
     * written its whole range).
     *
     * @param a the attempt, whose share says which ranges its sorters took
     * @param report how its river ended: each sorter's state and report
     */
    public void finished(SortAttempt a, RunReport report) {
        for (RunReport.Entry e : report.entries()) {
            if (!e.unreachable() && e.state() == ModuleThread.State.ENDED && e.report() instanceof SorterReport r && r.phase() == SortModule.Phase.DONE
                            && a.share().ranges().contains(r.range())) {
                finished.put(r.range(), new Written(a.sorterNodes().get(a.share().ranges().indexOf(r.range())), r.startRecord(), r.received(), r.runs(),
                                r.direct()));
            }
        }
    }

    /**
     * Attempt {@code a} ended, failing with {@code report}, without the nodes {@code now}: the next
     * attempt goes on without them. Ranges it finished on nodes still up are kept; ranges kept on
     * the nodes lost now, by any attempt, are sorted again.
     *
     * @param a the attempt that failed
     * @param report how its river ended
     * @param now the nodes it lost, with what the agent saw of each
     * @param t0 the sort's start, a {@link System#nanoTime()}
     */
    public void lost(SortAttempt a, RunReport report, Map<Node, ControlAgent.Silence> now, long t0) {
        finished(a, report);
        lost.addAll(now.keySet());
        finished.values().removeIf(w -> lost.contains(w.on()));
        now.forEach((n, silence) -> losses.put(n, new Loss(silence.cause(), a.number(), silence.atNanos() - t0, report.failure())));
    }

    /**
     * Checks that the ranges kept from all attempts tile every output file: each file's ranges
     * start at 0 and each where the one below it ends, and they hold {@code total} records in all.
     * Attempts that read different copies of a stripe (a copy that differs from its original)
     * would count ranges differently, and their regions would overlap or leave holes.
     *
     * @param total the records of all inputs
     * @throws SortFailedException if a range is missing or does not start where the one below it
     *         ends, or the ranges hold other than {@code total} records
     */
    public void checkWhole(long total) throws SortFailedException {
        int perFile = plan.sortersPerNode();
        long all = 0;
        for (int file = 0; file < plan.nodes().size(); file++) {
            long next = 0;
            for (int r = file * perFile; r < (file + 1) * perFile; r++) {
                Written w = finished.get(r);
                if (w == null || w.startRecord() != next) {
                    throw new SortFailedException("its attempts disagree on node " + plan.nodes().get(file).name()
                                    + "'s part: key range " + r + (w == null ? " was not written" : " starts at record " + w.startRecord() + ", not " + next)
                                    + " (are the copies of the inputs the same as the originals?)", null);
                }
                next += w.records();
            }
            all += next;
        }
        if (all != total) {
            throw new SortFailedException("its parts hold " + all + " records, but the inputs hold " + total, null);
        }
    }

    /**
     * The lost nodes, each with where its ranges were rebuilt (once the sort is done).
     *
     * @return a new list, in the order the nodes were lost
     */
    public List<LostNode> losses() {
        List<LostNode> out = new ArrayList<>();
        int perNode = plan.sortersPerNode();
        losses.forEach((n, l) -> {
            int first = plan.nodes().indexOf(n) * perNode;
            List<Integer> ranges = new ArrayList<>();
            for (int r = first; r < first + perNode; r++) {
                ranges.add(r);
            }
            Written w = finished.get(first);
            out.add(new LostNode(n.name(), l.cause(), l.attempt(), l.declaredNanos(), l.attemptFailure(), w == null ? null : w.on().name(),
                            plan.rebuiltOutput(n), ranges, fenced.contains(n), leaseMillis));
        });
        return out;
    }


    /**
     * Partitioners of the latest attempt: one reader a node up.
     *
     * @return the nodes listed less those lost
     */
    public int readers() {
        return plan.nodes().size() - lost.size();
    }

    /**
     * Runs spilled and merged by the sorters of the ranges kept, whichever attempt sorted them.
     *
     * @return the sum of their runs; 0 when every range sorted in one pass
     */
    public int runs() {
        return finished.values().stream().mapToInt(Written::runs).sum();
    }

    /**
     * How the ranges kept were written ({@link SortReport#writes}).
     *
     * @return {@link SortReport#DIRECT}, {@link SortReport#PAGE_CACHE} or {@link SortReport#MIXED}
     */
    public String writes() {
        return SortReport.writes((int) finished.values().stream().filter(Written::direct).count(), finished.size());
    }

    /**
     * Records of the ranges finished in earlier attempts: those kept from attempts that have ended,
     * on nodes still up.
     *
     * @return their sum
     */
    public long finishedRecords() {
        return finished.values().stream().mapToLong(Written::records).sum();
    }
}
