/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.IOException;
import java.io.Serializable;
import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tigris.Failure;
import tigris.ModuleThread;
import tigris.Report;
import tigris.RiverAttempt;
import tigris.Role;
import tigris.ThreadStatus;
import tigris.UpstreamFailedException;
import tigris.graph.ModuleSpec;
import tigris.graph.RiverGraph;
import tigris.river.RiverAssembler;
import tigris.transport.Transport;
import tigris.transport.Transports;
import tigris.view.RiverSnapshot;
import tigris.view.SnapshotSource;

/**
 * The control agent (the thesis's external agent): grows a validated {@link RiverGraph} on the
 * nodes over RMI (pushes the jar of module classes, creates module threads, connects them: memory
 * reservoirs within a node; across nodes TCP, shared-memory, verbs or file reservoirs, or another
 * transport's, as each connection asks), starts it, and follows it to End of River with
 * {@link RiverRun#await}, which fails the run and names the node as soon as a node stops answering
 * or a module fails.
 */
public final class ControlAgent {
    /**
     * A node as the agent reaches it: the host is also where its TCP and verbs reservoirs listen.
     *
     * @param name the node's name, its certificate's: {@link #connect} refuses a node that answers
     *        under another
     * @param host the address the node is listed at (its {@code --host}): its RMI registry and its
     *        reservoirs' consumer's ends listen there
     * @param port the port of its RMI registry (its {@code --port})
     */
    public record Node(String name, String host, int port) {
        @Override
        public String toString() {
            return name + " (" + host + ":" + port + ")";
        }
    }

    /** How long the agent waits for a node's answer by default. */
    public static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(5);
    /** The shortest lease an agent grants by default; never less than twice its answer timeout ({@link #defaultLease}). */
    public static final Duration LEASE = Duration.ofSeconds(10);

    private final long answerMillis;
    private final long leaseMillis;

    /**
     * An agent that waits {@link #ANSWER_TIMEOUT} for each answer of a node, with its
     * {@link #defaultLease}.
     *
     * @param key the agent's identity
     * @throws IllegalArgumentException if {@code key} is not an agent's
     * @throws IllegalStateException if the process has another JVM-wide deserialization filter
     */
    public ControlAgent(ClusterIdentity key) {
        this(key, ANSWER_TIMEOUT);
    }

    /**
     * The lease an agent with {@code answerTimeout} grants unless told otherwise: {@link #LEASE}, or twice the answer timeout if that is longer.
     *
     * @param answerTimeout how long the agent waits for a node's answer
     * @return the longer of {@link #LEASE} and twice {@code answerTimeout}
     */
    public static Duration defaultLease(Duration answerTimeout) {
        return LEASE.compareTo(answerTimeout.multipliedBy(2)) >= 0 ? LEASE : answerTimeout.multipliedBy(2);
    }

    /**
     * An agent with {@code answerTimeout} and its {@link #defaultLease}.
     *
     * @param key the agent's identity
     * @param answerTimeout how long the agent waits for a node's answer before it calls the node
     *        lost; at least 1 ms
     * @throws IllegalArgumentException if {@code key} is not an agent's, or {@code answerTimeout}
     *         is less than 1 ms or so long that its default lease would be over an hour
     * @throws IllegalStateException if the process has another JVM-wide deserialization filter
     */
    public ControlAgent(ClusterIdentity key, Duration answerTimeout) {
        this(key, answerTimeout, defaultLease(answerTimeout));
    }

    /**
     * An agent that calls a node lost when one of its answers (a status, a step growing a river)
     * takes longer than {@code answerTimeout}: a few seconds on a real cluster, more where nodes
     * are slow to answer (an emulated machine). The first agent of a JVM also bounds RMI's own
     * connect, handshake and reply waits by it, unless the application set them.
     *
     * <p>Each node holds a lease of {@code lease} on every river attempt the agent begins there,
     * renewed by the agent's heartbeats (several per lease) and calls: a node that hears nothing
     * for a lease (the agent died, or the node was cut off or paused) stops the attempt and
     * commits nothing of it. It must be longer than the answer timeout, or nodes would fence
     * attempts the agent still follows.
     *
     * <p>{@code key} must be an agent's identity (a node's certificate cannot command nodes); the
     * first agent of a JVM also makes its filter of what nodes answer the JVM-wide deserialization
     * filter, deciding only inside the agent's calls.
     *
     * @param key the agent's identity, {@link ClusterIdentity#install installed} by this constructor
     * @param answerTimeout how long the agent waits for a node's answer; at least 1 ms
     * @param lease the lease nodes hold on the agent's river attempts: longer than
     *        {@code answerTimeout}, at most an hour
     * @throws IllegalArgumentException if {@code key} is not an agent's, {@code answerTimeout} is
     *         less than 1 ms, or {@code lease} is not longer than it or is over an hour
     * @throws IllegalStateException if the process has another JVM-wide deserialization filter
     */
    public ControlAgent(ClusterIdentity key, Duration answerTimeout, Duration lease) {
        if (answerTimeout.toMillis() < 1) {
            throw new IllegalArgumentException("answer timeout " + answerTimeout + " is not positive");
        }
        if (lease.compareTo(answerTimeout) <= 0 || lease.toMillis() > RiverLease.MAX_MILLIS) {
            throw new IllegalArgumentException("a lease of " + lease.toMillis() + " ms must be longer than the answer timeout (" + answerTimeout.toMillis()
                            + " ms; nodes would fence rivers the agent still follows) and at most an hour");
        }
        if (key.role() != Role.AGENT) {
            throw new IllegalArgumentException(key.store() + " holds a node's certificate (" + key.name()
                            + "): only an agent's commands nodes (tigris cert NAME --role agent makes one)");
        }
        this.answerMillis = answerTimeout.toMillis();
        this.leaseMillis = lease.toMillis();
        // A node whose host died or whose link was cut never answers: bound every RMI connect and
        // every reply (RMI waits forever by default), unless the application chose otherwise.
        String millis = Long.toString(answerMillis);
        setIfAbsent("sun.rmi.transport.connectionTimeout", millis);
        setIfAbsent("sun.rmi.transport.tcp.responseTimeout", millis);
        setIfAbsent("sun.rmi.transport.tcp.handshakeTimeout", millis);
        AgentSerialFilter.install();
        key.install();
    }

    /**
     * The lease this agent gives nodes on the rivers it begins.
     *
     * @return the lease, to the millisecond
     */
    public Duration lease() {
        return Duration.ofMillis(leaseMillis);
    }

    private static void setIfAbsent(String property, String value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, value);
        }
    }

    /**
     * The manager of {@code node}, over mutual TLS: the node must hold a node's certificate of
     * this cluster named {@code node.name()}.
     *
     * @param node the node
     * @return its manager's stub, whose calls go to the node over TLS
     * @throws IOException naming the node if it cannot be reached, refuses our key, runs no manager,
     *         or has another name
     */
    public RiverManager connect(Node node) throws IOException {
        try {
            RiverManager m = AgentSerialFilter.guard(AgentSerialFilter.during(node.name(), java.util.Set.of(),
                            () -> (RiverManager) LocateRegistry.getRegistry(node.host(), node.port(), new TlsSocketFactories.Client(node.name())).lookup(NodeMain.BINDING)),
                            node.name());
            // Modules see their node's own name (file names with {node}, reports): a node listed
            // under another name is a wrong address or a mix-up, not an alias.
            String name = m.name();
            if (!name.equals(node.name())) {
                throw new IOException("the node at " + node.host() + ":" + node.port() + " is named " + name + ", not " + node.name());
            }
            return m;
        } catch (RemoteException e) {
            throw new IOException("cannot reach node " + node + ": " + rootCause(e), e);
        } catch (NotBoundException e) {
            throw new IOException("node " + node + " runs an RMI registry but no Tigris manager", e);
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("cannot reach node " + node + ": " + rootCause(e), e);
        }
    }

    static String rootCause(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c == t ? String.valueOf(t.getMessage()) : c.toString();
    }

    /** What a node said went wrong (its {@link NodeException}), or else the root cause. */
    static String nodeError(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof NodeException) {
                return c.getMessage();
            }
        }
        return rootCause(t);
    }

    /**
     * Performs an action on each of {@code nodes} at once (the action for a node made by {@code action})
     * and waits for them all.
     *
     * @param <R> what the action hands back
     * @param nodes the nodes, in order; one listed twice performs its action twice
     * @param action the plan of the action for each node, asked once per node to start it and
     *        once more for its result type
     * @param timeoutMillis how long the actions may take in all, ms, counted from when the last was
     *        started
     * @return each node's result, in the order of {@code nodes}
     * @throws NodeActionException naming the first node, in that order, whose action failed or
     *         which stopped answering (within the answer timeout) or did not finish within
     *         {@code timeoutMillis}
     * @throws IOException if a node cannot be reached at all
     * @throws InterruptedException if the thread is interrupted while it waits; the actions run on
     */
    public <R extends Serializable> List<R> performEverywhere(List<Node> nodes, java.util.function.Function<Node, ActionPlan<R>> action,
                    long timeoutMillis) throws IOException, InterruptedException {
        Map<Node, RiverManager> managers = new LinkedHashMap<>();
        for (Node n : nodes) {
            if (!managers.containsKey(n)) {
                managers.put(n, connect(n));
            }
        }
        List<Long> ids = new ArrayList<>();
        for (Node n : nodes) {
            try {
                ids.add(managers.get(n).perform(action.apply(n)));
            } catch (RemoteException e) {
                throw new NodeActionException(n, nodeError(e), e);
            }
        }
        long deadline = System.currentTimeMillis() + timeoutMillis;
        List<R> results = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            results.add(awaitAction(nodes.get(i), managers.get(nodes.get(i)), ids.get(i), action.apply(nodes.get(i)).resultType(), deadline));
        }
        return results;
    }

    /** Asks {@code node} for its action's outcome until it ends, each answer within the answer timeout. */
    @SuppressWarnings("unchecked")
    private <R extends Serializable> R awaitAction(Node node, RiverManager m, long id, String resultType, long deadline) throws NodeActionException,
                    InterruptedException {
        java.util.Set<String> result = AgentSerialFilter.shapeOf(resultType);
        // The node waits for the action half our answer timeout (at most a second) before it says RUNNING.
        long wait = Math.max(1, answerMillis / 2);
        while (true) {
            java.util.concurrent.Future<ActionOutcome> asked = CALLS.submit(() -> AgentSerialFilter.during(node.name(), result, () -> m.awaitAction(id, wait)));
            ActionOutcome o;
            try {
                o = asked.get(answerMillis + wait, java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new NodeActionException(node, "stopped answering: " + nodeError(e.getCause()), e.getCause());
            } catch (java.util.concurrent.TimeoutException e) {
                asked.cancel(true);
                throw new NodeActionException(node, "did not answer within " + answerMillis + " ms", null);
            }
            switch (o.state()) {
                case DONE -> {
                    return (R) o.result();
                }
                case FAILED -> throw new NodeActionException(node, o.failure(), null);
                case RUNNING -> {
                    if (System.currentTimeMillis() > deadline) {
                        throw new NodeActionException(node, "still running when the time was up", null);
                    }
                }
            }
        }
    }

    /** How long a call to a node may take before the node is taken for lost. */
    long answerTimeoutMillis() {
        return answerMillis;
    }

    /**
     * Destroys {@code rivers} on each of {@code nodes} that answers, and deletes the output files
     * they staged there (all at once, within twice the answer timeout in all): how a job fences
     * nodes it lost, should they answer again, so nothing of theirs goes on running or is left to
     * commit. A node that does not answer is passed over (its lease runs out and it fences the
     * rivers itself); one without such a river is fenced already.
     *
     * @param nodes the nodes; one listed twice is called once
     * @param rivers the attempts to destroy and whose staged outputs to delete on each node
     * @return the nodes that answered, in the order given
     * @throws InterruptedException if the thread is interrupted while it waits for the nodes
     */
    public List<Node> destroyWhereReachable(List<Node> nodes, List<RiverAttempt> rivers) throws InterruptedException {
        return answering(nodes, m -> {
            for (RiverAttempt r : rivers) {
                m.destroy(r);
                m.discard(r);
            }
        });
    }

    /**
     * Makes {@code call} on each of {@code nodes} at once and waits twice the answer timeout in
     * all: the nodes that answered, in the order given (one listed twice is called once).
     */
    private List<Node> answering(List<Node> nodes, RemoteCall call) throws InterruptedException {
        Map<Node, java.util.concurrent.Future<?>> calls = new LinkedHashMap<>();
        for (Node n : nodes.stream().distinct().toList()) {
            calls.put(n, CALLS.submit(() -> {
                call.on(connect(n));
                return null;
            }));
        }
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(2 * answerMillis);
        List<Node> answered = new ArrayList<>();
        for (var c : calls.entrySet()) {
            try {
                c.getValue().get(Math.max(0, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
                answered.add(c.getKey());
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                c.getValue().cancel(true);
            } catch (InterruptedException e) {
                calls.values().forEach(f -> f.cancel(true));
                throw e;
            }
        }
        return answered;
    }

    /** A call to a node's manager. */
    private interface RemoteCall {
        void on(RiverManager m) throws RemoteException;
    }

    /** Longest a node may take to sync a job's outputs before their commit (gigabytes written without sync). */
    private static final long PREPARE_MILLIS = java.util.concurrent.TimeUnit.MINUTES.toMillis(30);

    /**
     * Commits a job whose last attempt was {@code attempt}, on {@code nodes} (each once): every node
     * syncs the output files the river's attempts staged there and lists them (the slow step, up
     * to half an hour), then, once all have, puts them in place (a rename each), then writes the
     * job's marker beside each part (once every part is in place), so a reader that finds a part's
     * marker finds the whole job's parts in place. A node that refuses (it fenced the attempt, or
     * knows a later one) or does not answer fails the commit, naming it.
     *
     * @param attempt the job's last attempt, which completed
     * @param nodes the nodes that staged the job's output; one listed twice is asked once
     * @return every part committed, in the order of {@code nodes}
     * @throws PartialCommitException if some parts were put in place before a node failed: they have
     *         no marker, and their old outputs are gone
     * @throws IOException naming the node and what it said, if one refused or did not answer before
     *         any part was put in place: nothing was
     * @throws InterruptedException if the thread is interrupted while it waits for the nodes
     */
    public List<CommittedPart> commit(RiverAttempt attempt, List<Node> nodes) throws IOException, InterruptedException {
        return commit(attempt, nodes, staged -> {
        });
    }

    /** What a job checks of the parts its nodes staged, before any is put in place. */
    public interface StagedCheck {
        /**
         * Checks the parts the nodes synced, before any is put in place.
         *
         * @param staged every part, node by node: its node, final path and synced size; unmodifiable
         * @throws IOException saying why the parts are not the job's whole output: nothing is put in place
         */
        void check(List<CommittedPart> staged) throws IOException;
    }

    /**
     * As {@link #commit(RiverAttempt, List)}, {@code check} given every part the nodes synced (node, final path, size) before any is renamed.
     *
     * @param attempt the job's last attempt, which completed
     * @param nodes the nodes that staged the job's output; one listed twice is asked once
     * @param check the job's check of the staged parts
     * @return every part committed, in the order of {@code nodes}
     * @throws PartialCommitException if some parts were put in place before a node failed: they have
     *         no marker, and their old outputs are gone
     * @throws IOException naming the node and what it said, if one refused or did not answer before
     *         any part was put in place, or what {@code check} threw: nothing was put in place
     * @throws InterruptedException if the thread is interrupted while it waits for the nodes
     */
    public List<CommittedPart> commit(RiverAttempt attempt, List<Node> nodes, StagedCheck check) throws IOException, InterruptedException {
        List<Node> each = nodes.stream().distinct().toList();
        Map<Node, java.util.concurrent.Future<List<CommittedPart>>> prepared = new LinkedHashMap<>();
        for (Node n : each) {
            prepared.put(n, CALLS.submit(() -> connect(n).prepare(attempt)));
        }
        List<CommittedPart> staged = new ArrayList<>();
        for (var p : prepared.entrySet()) {
            staged.addAll(answer(p.getKey(), p.getValue(), "prepare the commit of river " + attempt, PREPARE_MILLIS));
        }
        check.check(List.copyOf(staged));
        Map<Node, java.util.concurrent.Future<List<CommittedPart>>> calls = new LinkedHashMap<>();
        for (Node n : each) {
            calls.put(n, CALLS.submit(() -> connect(n).commit(attempt)));
        }
        List<CommittedPart> parts = new ArrayList<>();
        IOException failed = null;
        for (var c : calls.entrySet()) {
            try {
                parts.addAll(answer(c.getKey(), c.getValue(), "commit river " + attempt, answerMillis));
            } catch (IOException e) {
                failed = failed == null ? e : failed;
            }
        }
        if (failed != null) {
            throw parts.isEmpty() ? failed : new PartialCommitException(failed.getMessage(), parts);
        }
        Map<Node, java.util.concurrent.Future<Void>> marks = new LinkedHashMap<>();
        for (Node n : each) {
            marks.put(n, CALLS.submit(() -> {
                connect(n).markCommitted(attempt, parts);
                return null;
            }));
        }
        for (var m : marks.entrySet()) {
            try {
                answer(m.getKey(), m.getValue(), "mark river " + attempt + " committed", answerMillis);
            } catch (IOException e) {
                throw new PartialCommitException(e.getMessage(), parts);
            }
        }
        return parts;
    }

    /** A commit that put some parts in place, without their markers, before a node failed it. */
    public static final class PartialCommitException extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient List<CommittedPart> inPlace;

        PartialCommitException(String message, List<CommittedPart> inPlace) {
            super(message);
            this.inPlace = List.copyOf(inPlace);
        }

        /**
         * The parts put in place (with no marker beside them).
         *
         * @return the parts, unmodifiable; empty in a deserialized copy (they are not serialized)
         */
        public List<CommittedPart> inPlace() {
            return inPlace == null ? List.of() : inPlace;
        }
    }

    /**
     * Gives up a job whose last attempt was {@code attempt}: each of {@code nodes} that answers
     * (within twice the answer timeout in all) deletes the output files the river's attempts
     * staged there. Nothing was put in place, so no output of an earlier job is touched.
     *
     * @param attempt the job's last attempt
     * @param nodes the job's nodes; one listed twice is asked once
     * @return the nodes that did not answer (their staged files stay, hidden, until they are run again)
     * @throws InterruptedException if the thread is interrupted while it waits for the nodes
     */
    public List<Node> discard(RiverAttempt attempt, List<Node> nodes) throws InterruptedException {
        List<Node> answered = answering(nodes, m -> m.discard(attempt));
        return nodes.stream().distinct().filter(n -> !answered.contains(n)).toList();
    }

    /** A node's answer to {@code what} within {@code millis}, or an IOException naming the node and what it said. */
    private <T> T answer(Node n, java.util.concurrent.Future<T> call, String what, long millis) throws IOException, InterruptedException {
        try {
            return call.get(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IOException("node " + n + " could not " + what + ": " + nodeError(e.getCause()), e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            call.cancel(true);
            throw new IOException("node " + n + " did not answer within " + millis + " ms when asked to " + what, e);
        }
    }

    /** The instance names of a module: "m" alone, "m#0".. with several instances. */
    static String instanceName(ModuleSpec m, int i) {
        return m.instances() == 1 ? m.name() : m.name() + "#" + i;
    }

    /**
     * Grows {@code graph} as the first attempt of river {@code river} ({@link #start(RiverAttempt, RiverGraph, Map, String, byte[])}).
     *
     * @param river the river's name, as {@link RiverAttempt#river()} allows
     * @param graph the river; validated here if it was not
     * @param placement for each module, the node of each instance (a list as long as its instances)
     * @param jarName the name under which {@code jar} (the module classes) is pushed; null, with
     *        {@code jar} null, for a river of Tigris's own modules only
     * @param jar the jar of module classes, or null
     * @return the started river, its heartbeats running
     * @throws IOException naming the node and step that failed; what was grown is destroyed
     * @throws IllegalArgumentException if {@code river} is not a river's name, or only one of
     *         {@code jarName} and {@code jar} is null
     * @throws tigris.graph.GraphException if {@code graph} is not valid, listing every problem
     */
    public RiverRun start(String river, RiverGraph graph, Map<String, List<Node>> placement, String jarName, byte[] jar) throws IOException {
        return start(RiverAttempt.first(river), graph, placement, jarName, jar);
    }

    /**
     * Grows {@code graph} as attempt {@code attempt} of its river on the nodes and starts it: each
     * node is first asked to begin the attempt under this agent's lease, which the run's
     * heartbeats renew until it is destroyed.
     *
     * @param attempt the attempt; no node may have begun a later one of its river
     * @param graph the river; validated here if it was not
     * @param placement for each module, the node of each instance (a list as long as its instances)
     * @param jarName the name under which {@code jar} (the module classes) is pushed; null, with
     *        {@code jar} null, for a river of Tigris's own modules only
     * @param jar the jar of module classes, or null
     * @return the started river, its heartbeats running: {@link RiverRun#await} it, which
     *         destroys it at the end
     * @throws IOException naming the node and step that failed; what was grown is destroyed
     * @throws IllegalArgumentException if only one of {@code jarName} and {@code jar} is null
     * @throws tigris.graph.GraphException if {@code graph} is not valid, listing every problem
     */
    public RiverRun start(RiverAttempt attempt, RiverGraph graph, Map<String, List<Node>> placement, String jarName, byte[] jar) throws IOException {
        return start(attempt, graph, placement, Map.of(), jarName, jar);
    }

    /**
     * As {@link #start(RiverAttempt, RiverGraph, Map, String, byte[])}, each instance in {@code homes}
     * told the node it was first placed on: a river job moved it there after that node was lost.
     *
     * @param attempt the attempt; no node may have begun a later one of its river
     * @param graph the river; validated here if it was not
     * @param placement for each module, the node of each instance (a list as long as its instances)
     * @param homes for each instance moved off the node it was first placed on, by instance name,
     *        that node's name ({@link tigris.ModuleConfig#home}); empty if none was moved
     * @param jarName the name under which {@code jar} (the module classes) is pushed; null, with
     *        {@code jar} null, for a river of Tigris's own modules only
     * @param jar the jar of module classes, or null
     * @return the started river, its heartbeats running
     * @throws IOException naming the node and step that failed; what was grown is destroyed
     * @throws IllegalArgumentException if only one of {@code jarName} and {@code jar} is null
     * @throws tigris.graph.GraphException if {@code graph} is not valid, listing every problem
     */
    public RiverRun start(RiverAttempt attempt, RiverGraph graph, Map<String, List<Node>> placement, Map<String, String> homes, String jarName, byte[] jar)
                    throws IOException {
        String river = attempt.toString();
        if ((jarName == null) != (jar == null)) {
            throw new IllegalArgumentException("river " + river + ": a jar needs its name and a name its jar (jar name " + jarName + ")");
        }
        graph.validate();
        Map<Node, RiverManager> managers = new LinkedHashMap<>();
        Map<Node, RemoteSite> sites = new LinkedHashMap<>();
        Map<String, List<RemoteSite>> placed = new LinkedHashMap<>();
        for (var e : placement.entrySet()) {
            List<RemoteSite> s = new ArrayList<>();
            for (Node n : e.getValue()) {
                if (!managers.containsKey(n)) {
                    managers.put(n, connect(n));
                    sites.put(n, new RemoteSite(n, managers.get(n), attempt));
                }
                s.add(sites.get(n));
            }
            placed.put(e.getKey(), s);
        }
        Map<String, Node> where = new LinkedHashMap<>();
        List<RiverSnapshot.Link> links = new ArrayList<>();
        for (var c : graph.connections()) {
            links.add(new RiverSnapshot.Link(tigris.graph.Connection.module(c.from()), tigris.graph.Connection.module(c.to()),
                            Transports.byId(c.reservoir().across()).id()));
        }
        RiverRun run = new RiverRun(this, attempt, managers, where, answerMillis, links);
        // The attempt's own secret, for its nodes only (over the control plane's TLS): its reservoirs' handshakes prove it.
        tigris.AttemptKey key = tigris.AttemptKey.random();
        Node step = null;
        try {
            for (var e : managers.entrySet()) {
                step = e.getKey();
                e.getValue().begin(attempt, leaseMillis, key);
                run.begun.add(e.getKey());
            }
            run.heartbeats(leaseMillis);
            for (var e : managers.entrySet()) {
                step = e.getKey();
                if (jar != null) {
                    e.getValue().pushJar(attempt, jarName, jar);
                }
            }
            RiverAssembler.Assembled a = RiverAssembler.assemble(graph, placed, homes, jarName);
            a.where().forEach((instance, site) -> where.put(instance, ((RemoteSite) site).node()));
            run.made.putAll(a.made());
            a.start();
            return run;
        } catch (RemoteException e) {
            run.destroy();
            throw new IOException("growing river " + river + " failed at node " + step + ": " + nodeError(e), e);
        } catch (RiverAssembler.AssemblyException e) {
            run.destroy();
            throw new IOException("growing river " + river + " failed at node " + e.site() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Where the agent's calls to nodes wait: platform threads, not virtual ones, so that a node is
     * called lost only when it does not answer, never because the application's other virtual
     * threads pin every carrier (a thread reading a child process's pipe does).
     */
    private static final java.util.concurrent.ExecutorService CALLS = java.util.concurrent.Executors.newCachedThreadPool(
                    Thread.ofPlatform().daemon().name("tigris-agent-call-", 0).factory());

    /** Where the agents' heartbeats are timed. */
    private static final java.util.concurrent.ScheduledExecutorService HEARTBEATS = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
                    Thread.ofPlatform().daemon().name("tigris-agent-heartbeats").factory());

    /** A started river: its nodes, and how to follow, stop and clean it up. */
    public static final class RiverRun implements SnapshotSource {
        /** The attempt as logs and reports name it. */
        private final String river;
        private final RiverAttempt attempt;
        private final ControlAgent agent;
        /** Nodes that began the attempt: the ones to destroy it on. */
        private final java.util.Set<Node> begun = java.util.concurrent.ConcurrentHashMap.newKeySet();
        /** Each node's heartbeat still on its way, so a silent node never has more than one. */
        private final Map<Node, java.util.concurrent.Future<?>> beating = new java.util.concurrent.ConcurrentHashMap<>();
        private volatile java.util.concurrent.ScheduledFuture<?> heartbeat;
        /** The graph's connections, for the live view. */
        private final List<RiverSnapshot.Link> links;
        /** What the last round of status calls found, for the live view. */
        private volatile RiverSnapshot latest;
        private final Map<Node, RiverManager> managers;
        /** Nodes that stopped answering, with what the agent saw: stop and destroy do not wait for them, and they are never asked again. */
        private final Map<Node, Silence> lost = new java.util.concurrent.ConcurrentHashMap<>();
        /** Reservoirs made, by transport id. */
        private final Map<String, Integer> made = new java.util.concurrent.ConcurrentHashMap<>();
        /** The node of each module instance. */
        private final Map<String, Node> where;
        /** Each node's rows from the last status it gave, for the report of a node that stopped answering. */
        private final Map<String, List<RunReport.Entry>> lastKnown = new java.util.concurrent.ConcurrentHashMap<>();
        /** Longest the agent waits for a node's status before it calls the node lost. */
        private final long answerMillis;

        /**
         * What the river was grown from, for the agent's first line: nodes, and reservoirs by kind.
         *
         * @return "river R grown on K node(s): " and {@link #reservoirs}, R the attempt as logs
         *         name it
         */
        public String grown() {
            return "river " + river + " grown on " + managers.size() + " node(s): " + reservoirs();
        }

        /**
         * The reservoirs the river was grown with, by transport: memory within nodes, then each transport between them.
         *
         * @return a count per transport, every known transport listed, by its {@link Transport#label}:
         *         "3 memory reservoir(s) within nodes, 4 TCP, 0 shared-memory, ... between nodes"
         */
        public String reservoirs() {
            StringBuilder sb = new StringBuilder(made.getOrDefault("memory", 0) + " memory reservoir(s) within nodes");
            for (Transport t : Transports.all()) {
                if (!t.id().equals("memory")) {
                    sb.append(", ").append(made.getOrDefault(t.id(), 0)).append(' ').append(t.label());
                }
            }
            return sb.append(" between nodes").toString();
        }

        RiverRun(ControlAgent agent, RiverAttempt attempt, Map<Node, RiverManager> managers, Map<String, Node> where, long answerMillis,
                        List<RiverSnapshot.Link> links) {
            this.agent = agent;
            this.links = List.copyOf(links);
            this.attempt = attempt;
            this.river = attempt.toString();
            this.latest = new RiverSnapshot(attempt.river(), System.currentTimeMillis(), links, List.of(), null, false);
            this.where = where;
            this.managers = managers;
            this.answerMillis = answerMillis;
        }

        /**
         * Follows the river until every module thread on every node has ended, one has failed, a
         * node stops answering, or the time is up; in the last three cases it stops the river
         * everywhere it still can. Then it destroys the river on the nodes.
         *
         * @param timeoutMillis how long the river may run, ms, from this call
         * @param progress told, after each round of status calls that finds the river still
         *        running (every 200 ms or so), how many Waters its modules have taken; null for none
         * @return how the river ended: every module thread's last status, and the failure that
         *         ended it (a module's, a lost node, the timeout), null if it completed
         * @throws InterruptedException if the thread is interrupted between rounds (one interrupted
         *         during a round ends the run as failed: "the agent was interrupted"); the river is
         *         destroyed either way
         */
        public RunReport await(long timeoutMillis, java.util.function.Consumer<String> progress) throws InterruptedException {
            return awaitEntries(timeoutMillis, progress == null ? null : entries -> {
                long in = entries.stream().mapToLong(RunReport.Entry::watersIn).sum();
                progress.accept("river " + river + ": " + in + " Waters taken so far");
            });
        }

        /**
         * As {@link #await(long, java.util.function.Consumer)}, handing {@code progress} every
         * module thread's status line (its module's report included) each time the nodes are asked.
         *
         * @param timeoutMillis how long the river may run, ms, from this call
         * @param progress handed every module thread's status after each round of status calls
         *        that finds the river still running; null for none
         * @return how the river ended, as {@link #await(long, java.util.function.Consumer)} says
         * @throws InterruptedException as {@link #await(long, java.util.function.Consumer)} says
         */
        public RunReport awaitEntries(long timeoutMillis, java.util.function.Consumer<List<RunReport.Entry>> progress) throws InterruptedException {
            long deadline = System.currentTimeMillis() + timeoutMillis;
            try {
                while (true) {
                    Asked now = askAll();
                    List<RunReport.Entry> entries = now.entries();
                    String failure = now.failure();
                    boolean allEnded = failure == null && entries.stream().allMatch(en -> en.state() == ModuleThread.State.ENDED);
                    boolean moduleFailed = false;
                    if (failure == null) {
                        failure = firstFailure(entries, null);
                        moduleFailed = failure != null;
                    }
                    if (allEnded) {
                        remember(entries, null, true);
                        return new RunReport(river, entries, null);
                    }
                    if (failure == null && System.currentTimeMillis() > deadline) {
                        failure = "timed out after " + timeoutMillis + " ms";
                    }
                    if (failure != null) {
                        remember(entries, failure, false);
                        stop("river " + river + " failed: " + failure);
                        List<RunReport.Entry> after = afterStop();
                        if (moduleFailed) {
                            failure = firstFailure(after, failure);   // the cause may have shown only now
                        }
                        failure = withOtherFailures(failure, after);
                        remember(after, failure, true);
                        return new RunReport(river, after, failure);
                    }
                    remember(entries, null, false);
                    if (progress != null) {
                        progress.accept(List.copyOf(entries));
                    }
                    Thread.sleep(200);
                }
            } finally {
                destroy();
            }
        }

        /**
         * The attempt this run is.
         *
         * @return the river's name and epoch
         */
        public RiverAttempt attempt() {
            return attempt;
        }

        /**
         * Commits the river once it completed: every node it ran on (none was lost) puts the
         * output files its sinks staged in place, then the job's marker beside each
         * ({@link ControlAgent#commit}).
         *
         * @return every part committed, node by node
         * @throws IOException if the run lost a node, or a node refused or did not answer
         *         ({@link ControlAgent.PartialCommitException} if some parts were put in place)
         * @throws InterruptedException if the thread is interrupted while it waits for the nodes
         */
        public List<CommittedPart> commit() throws IOException, InterruptedException {
            if (!lost.isEmpty()) {
                throw new IOException("river " + river + " lost node(s) " + lost.keySet() + ": a river that did not complete on every node is not committed");
            }
            return agent.commit(attempt, List.copyOf(managers.keySet()));
        }

        /**
         * Gives the river up: every node it ran on deletes what its sinks staged ({@link ControlAgent#discard}).
         *
         * @return the nodes that did not answer
         * @throws InterruptedException if the thread is interrupted while it waits for the nodes
         */
        public List<Node> discard() throws InterruptedException {
            return agent.discard(attempt, List.copyOf(managers.keySet()));
        }

        /**
         * Renews the lease of every node that began the attempt, several times a lease, until the
         * run is destroyed: a node's lease must not run out while its agent lives, whether or not
         * anyone awaits the run.
         */
        void heartbeats(long leaseMillis) {
            long period = Math.clamp(leaseMillis / 5, 20, 1000);
            heartbeat = HEARTBEATS.scheduleAtFixedRate(() -> {
                for (Node n : begun) {
                    java.util.concurrent.Future<?> pending = beating.get(n);
                    if (!lost.containsKey(n) && (pending == null || pending.isDone())) {
                        RiverManager m = managers.get(n);
                        beating.put(n, CALLS.submit(() -> {
                            m.renew(attempt);
                            return null;
                        }));
                    }
                }
            }, period, period, java.util.concurrent.TimeUnit.MILLISECONDS);
        }

        /**
         * The nodes that stopped answering during the run, each with what the agent saw and when.
         * A node that answered that it no longer has the attempt (it fenced it) counts as lost.
         *
         * @return a copy, unmodifiable; empty if none was lost
         */
        public Map<Node, Silence> lost() {
            return Map.copyOf(lost);
        }

        /** The failure line of the first failed module that is not a consequence of one upstream, else of the first failed one, else {@code otherwise}. */
        private static String firstFailure(List<RunReport.Entry> entries, String otherwise) {
            List<RunReport.Entry> failed = entries.stream().filter(en -> en.state() == ModuleThread.State.FAILED).toList();
            return failed.stream().filter(en -> !UpstreamFailedException.isConsequence(en.failure())).findFirst()
                            .or(() -> failed.stream().findFirst()).map(RiverRun::failureLine).orElse(otherwise);
        }

        /**
         * {@code failure} and every other module failure in {@code entries} (a few at most): the
         * one seen first may be a consequence (a sorter whose reader's node died), and the cause
         * must not be lost. Failures that only pass on one upstream (their reservoir ended with its
         * producer's failure) are left out: the failure they came from is listed.
         */
        private static String withOtherFailures(String failure, List<RunReport.Entry> entries) {
            StringBuilder sb = new StringBuilder(failure);
            int more = 0;
            for (RunReport.Entry e : entries) {
                if (e.state() != ModuleThread.State.FAILED || failure.equals(failureLine(e)) || UpstreamFailedException.isConsequence(e.failure())) {
                    continue;
                }
                if (++more > 4) {
                    sb.append("; and more");
                    break;
                }
                sb.append("; also ").append(failureLine(e));
            }
            return sb.toString();
        }

        private static String failureLine(RunReport.Entry e) {
            return "module " + e.module() + " on node " + e.node() + " failed: " + e.failure();
        }

        /** The river as the live view shows it: the latest round of statuses. */
        @Override
        public RiverSnapshot snapshot() {
            return latest;
        }

        /** Keeps {@code entries} for the view, with the last rows of nodes that stopped answering (marked unreachable). */
        private void remember(List<RunReport.Entry> entries, String failure, boolean ended) {
            List<RiverSnapshot.Instance> threads = new ArrayList<>();
            for (RunReport.Entry e : withLostRows(entries)) {
                threads.add(new RiverSnapshot.Instance(e.module(), e.node(), e.status(), e.unreachable()));
            }
            latest = new RiverSnapshot(attempt.river(), System.currentTimeMillis(), links, threads, failure, ended);
        }

        /**
         * {@code entries} and, for every thread of a node that stopped answering and is not among
         * them, the row that node last gave, marked unreachable.
         */
        private List<RunReport.Entry> withLostRows(List<RunReport.Entry> entries) {
            List<RunReport.Entry> all = new ArrayList<>(entries);
            java.util.Set<String> seen = new java.util.HashSet<>();
            entries.forEach(e -> seen.add(e.module()));
            for (var w : where.entrySet()) {
                Node n = w.getValue();
                if (lost.containsKey(n) && seen.add(w.getKey())) {
                    ThreadStatus last = lastKnown.getOrDefault(n.name(), List.of()).stream().filter(e -> e.module().equals(w.getKey())).findFirst()
                                    .map(RunReport.Entry::status).orElse(null);
                    all.add(new RunReport.Entry(n.name(), w.getKey(), last, true));
                }
            }
            return all;
        }

        /** The nodes' answers to one round of status calls, and the first failure to answer. */
        private record Asked(List<RunReport.Entry> entries, String failure) {
        }

        /**
         * Asks every node that has not been lost at once, each with its own deadline: a node behind
         * a cut link never answers, and must not hold up what the others report. A node that does
         * not answer is lost from then on.
         */
        private Asked askAll() {
            List<RunReport.Entry> entries = new ArrayList<>();
            Map<String, List<RunReport.Entry>> byNode = new LinkedHashMap<>();
            String failure = null;
            Map<Node, java.util.concurrent.Future<List<ThreadStatus>>> asked = new LinkedHashMap<>();
            for (var e : managers.entrySet()) {
                if (!lost.containsKey(e.getKey())) {
                    RiverManager m = e.getValue();
                    asked.put(e.getKey(), CALLS.submit(() -> m.status(attempt)));
                }
            }
            for (var e : asked.entrySet()) {
                try {
                    List<RunReport.Entry> rows = new ArrayList<>();
                    for (ThreadStatus t : e.getValue().get(answerMillis, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                        rows.add(new RunReport.Entry(e.getKey().name(), t.module(), t, false));
                    }
                    entries.addAll(rows);
                    lastKnown.put(e.getKey().name(), rows);
                } catch (java.util.concurrent.ExecutionException x) {
                    // A node that answers but no longer has the attempt (it fenced it itself) is as lost to it as a silent one.
                    String said = x.getCause() instanceof NodeException ? nodeError(x.getCause()) : "stopped answering: " + rootCause(x.getCause());
                    lost.put(e.getKey(), new Silence(said, System.nanoTime()));
                    failure = "node " + e.getKey() + " " + lost.get(e.getKey()).cause();
                } catch (InterruptedException x) {
                    // The agent is told to stop, not the node to be lost.
                    asked.values().forEach(f -> f.cancel(true));
                    Thread.currentThread().interrupt();
                    return new Asked(entries, "the agent was interrupted");
                } catch (java.util.concurrent.TimeoutException x) {
                    // Its answer, should it come late, is dropped with the call.
                    e.getValue().cancel(true);
                    lost.put(e.getKey(), new Silence("did not answer within " + answerMillis + " ms", System.nanoTime()));
                    failure = "node " + e.getKey() + " " + lost.get(e.getKey()).cause();
                }
            }
            return new Asked(entries, failure);
        }

        /**
         * The final report of a river that was stopped: the nodes that still answer are asked
         * until none of their threads runs (a thread told to stop ends within its grace time; a
         * sorter writing its range may finish it) or a little longer than that grace, so no thread
         * that was told to stop is reported RUNNING; a node that no longer answers is there with
         * the rows it last gave, marked unreachable.
         */
        private List<RunReport.Entry> afterStop() throws InterruptedException {
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(2 * ModuleThread.STOP_GRACE_MILLIS);
            while (true) {
                List<RunReport.Entry> entries = askAll().entries();
                boolean settled = entries.stream().noneMatch(e -> e.state() == ModuleThread.State.RUNNING || e.state() == ModuleThread.State.STOPPING);
                if (settled || System.nanoTime() > deadline) {
                    return withLostRows(entries);
                }
                Thread.sleep(100);
            }
        }

        /**
         * Stops the river on every node that still answers (in parallel, a few seconds at most),
         * because it cannot complete ({@code cause}): its reservoirs end with that failure.
         * Nodes that do not answer within the answer timeout are passed over.
         *
         * @param cause why the river cannot complete, for the modules' failures
         */
        public void stop(String cause) {
            everyNode(m -> m.stop(attempt, cause));
        }

        void destroy() {
            java.util.concurrent.ScheduledFuture<?> h = heartbeat;
            if (h != null) {
                h.cancel(false);
            }
            everyNode(m -> m.destroy(attempt));
        }

        private void everyNode(RemoteCall call) {
            List<java.util.concurrent.Future<?>> calls = new ArrayList<>();
            for (var e : managers.entrySet()) {
                if (lost.containsKey(e.getKey())) {
                    continue;
                }
                RiverManager m = e.getValue();
                calls.add(CALLS.submit(() -> {
                    call.on(m);
                    return null;
                }));
            }
            for (var f : calls) {
                try {
                    f.get(answerMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
                } catch (Exception ignored) {
                    // that node is gone or slow; the others were told
                    f.cancel(true);
                }
            }
        }
    }

    /**
     * How a node stopped answering a river's status calls.
     *
     * @param cause what the agent saw: a refused connection, no answer within the answer timeout
     * @param atNanos when the agent saw it ({@link System#nanoTime()})
     */
    public record Silence(String cause, long atNanos) {
    }

    /**
     * How a distributed run ended: module threads per node, and the failure that ended it, if any.
     *
     * @param river the attempt, as logs name it: "NAME", or "NAME (attempt N)" after the first
     * @param entries every module thread's last status, node by node
     * @param failure what ended the river if it did not complete (the first module failure that
     *        is not only a consequence of one upstream, with the others, or a lost node, or the
     *        timeout); null if it completed
     */
    public record RunReport(String river, List<Entry> entries, String failure) {
        /**
         * One module thread's status on a node.
         *
         * @param node the node's name
         * @param module the module instance's name
         * @param status what the node said of it, or null if it stopped answering before it said anything
         * @param unreachable the node stopped answering: {@code status} is the last it gave
         */
        public record Entry(String node, String module, ThreadStatus status, boolean unreachable) {
            /**
             * Checks that a node that answers gave a status.
             *
             * @throws IllegalArgumentException if {@code status} is null and {@code unreachable} is false
             */
            public Entry {
                if (status == null && !unreachable) {
                    throw new IllegalArgumentException("module " + module + " on node " + node + ": a status is needed from a node that answers");
                }
            }

            /**
             * The thread's state.
             *
             * @return its state, the last known for an unreachable node; null for a node that
             *         never answered
             */
            public ModuleThread.State state() {
                return status == null ? null : status.state();
            }

            /**
             * How many Waters the thread has taken from upstream.
             *
             * @return the count in its status; 0 for a node that never answered
             */
            public long watersIn() {
                return status == null ? 0 : status.watersIn();
            }

            /**
             * Why it failed.
             *
             * @return its failure; null if it did not fail or its node never answered
             */
            public Failure failure() {
                return status == null ? null : status.failure();
            }

            /**
             * The module's own report.
             *
             * @return its report, never null: {@code TextReport.EMPTY} for a node that never answered
             */
            public Report report() {
                return status == null ? tigris.TextReport.EMPTY : status.report();
            }
        }

        /**
         * Whether the river completed: every module thread on every node ended.
         *
         * @return true if there is no {@link #failure}
         */
        public boolean completed() {
            return failure == null;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("river " + river + (failure == null ? ": completed" : ": FAILED: " + failure));
            for (Entry e : entries) {
                sb.append("\n  ").append(e.node()).append('/').append(e.module()).append(": ")
                                .append(!e.unreachable() ? e.state() : e.state() == null ? "UNREACHABLE (no status received)" : "UNREACHABLE (last seen " + e.state() + ")").append(", ")
                                .append(e.watersIn()).append(" Waters in").append(e.failure() == null ? "" : ", " + e.failure());
                String said = e.report().toString();
                if (!said.isEmpty()) {
                    sb.append("; ").append(said);   // a module's own report, and a time-critical stage's counters
                }
            }
            return sb.toString();
        }
    }
}
