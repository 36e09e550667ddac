/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import tigris.AttemptKey;
import tigris.ModuleThread;
import tigris.RiverAttempt;
import tigris.ThreadStatus;
import tigris.reservoir.TcpDataPlane;
import tigris.river.LocalSite;
import tigris.river.ConsumerEndPlan;
import tigris.river.ModulePlan;
import tigris.river.ProducerEndPlan;
import tigris.transport.Endpoint;
import tigris.transport.TransportContext;
import tigris.transport.Transports;

/** The {@link RiverManager} of one host. */
public final class NodeServer implements RiverManager {
    /** Largest pushed jar. */
    static final int MAX_JAR = 64 << 20;
    /** How long a reservoir's end waits on a silent peer before the reservoir fails. */
    private static final Duration DEAD_PEER = Duration.ofSeconds(5);
    /**
     * How long a verbs reservoir's ends wait for each other (connection request, hello, welcome).
     * The agent makes the producer's end right after the consumer's, so this is a bound for a
     * slow host (Soft-RoCE under emulation takes seconds), not a wait anyone normally sees.
     */
    private static final Duration VERBS_CONNECT = Duration.ofSeconds(60);

    /**
     * What RMI may deserialize from a caller: the argument types of {@link RiverManager} and
     * nothing else, with bounds on size and depth. Anything else is rejected before it is built.
     * Arrays are checked by their element class (so "java.lang.Object" admits the Object[] inside
     * an immutable map's serial form, not arbitrary objects); primitive arrays pass.
     */
    static final ObjectInputFilter FILTER = ObjectInputFilter.Config.createFilter(
                    "maxdepth=8;maxrefs=10000;maxarray=" + MAX_JAR + ";maxbytes=" + (MAX_JAR + (1 << 20))
                                    + ";java.lang.String;java.lang.Number;java.lang.Integer;java.util.Map;java.util.HashMap;java.util.LinkedHashMap;"
                                    + "java.util.ImmutableCollections$MapN;java.util.ImmutableCollections$Map1;java.util.CollSer;"
                                    + "java.util.ImmutableCollections$ListN;java.util.ImmutableCollections$List12;java.util.ArrayList;"
                                    + "java.rmi.server.UID;java.rmi.server.ObjID;java.rmi.dgc.Lease;java.rmi.dgc.VMID;java.lang.Object;"
                                    + "tigris.transport.ReservoirPlan;tigris.river.ModulePlan;tigris.river.ConsumerEndPlan;tigris.river.ProducerEndPlan;tigris.graph.ThreadPolicy;tigris.Scheduling;tigris.graph.TimeCritical;tigris.graph.OverflowPolicy;java.lang.Enum;tigris.RiverAttempt;tigris.AttemptKey;tigris.node.CommittedPart;"
                                    + Transports.endpointFilter() + "tigris.node.ActionPlan;!*");

    /** Longest {@link #awaitAction} waits before it answers RUNNING: well inside any agent's answer timeout. */
    private static final long LONGEST_ACTION_WAIT = 1000;
    /** How long an ended action's outcome waits to be collected before it is forgotten. */
    private static final long UNCOLLECTED_MILLIS = 10 * 60 * 1000L;

    /** How often the node looks at its leases: a paused node fences itself within this of waking. */
    private static final long LEASE_CHECK_MILLIS = 100;
    /** How long a fenced attempt's reason is kept for its agent's next call. */
    private static final long FENCED_KEPT_MILLIS = 10 * 60 * 1000L;
    /** How long an attempt destroyed here is remembered for a commit whose job never ended (its agent died): a record of a few bytes. */
    private static final long BEGAN_KEPT_MILLIS = 24 * 60 * 60 * 1000L;

    private final String name;
    private final Path work;
    private final InetAddress bind;
    /** The one TCP data plane of this node: every TCP reservoir of every river, one connection per peer node. */
    private final TcpDataPlane dataPlane;
    private final Map<RiverAttempt, NodeRiver> rivers = new ConcurrentHashMap<>();
    /** The latest epoch begun here of each river: an earlier one is stale. */
    private final Map<String, Integer> epochs = new ConcurrentHashMap<>();
    /**
     * The attempts begun here since this node started, each with when it was destroyed (0 while it
     * runs), until their job ends: a node that restarted has forgotten what its attempts staged,
     * and must not commit a job as if it had staged nothing.
     */
    private final Map<RiverAttempt, Long> began = new ConcurrentHashMap<>();
    /** Attempts this node fenced, with why, until their agent has had time to ask. */
    private final Map<RiverAttempt, Fenced> fenced = new ConcurrentHashMap<>();
    /** Output files the rivers' attempts write, until the agent commits them. */
    private final StagedOutputs outputs = new StagedOutputs();
    private final Map<Long, RunningAction> actions = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicLong actionIds = new java.util.concurrent.atomic.AtomicLong();
    /** The Reflex runtime every river's time-critical modules share here; started with the first of them, kept while the node runs. */
    private jaguar.reflex.ReflexRuntime reflexes;

    /** Why and when this node fenced an attempt. */
    private record Fenced(String why, long atMillis) {
    }

    /** An action started by {@link #perform}: its outcome to come, and when it ended (0 while it runs). */
    private static final class RunningAction {
        final CompletableFuture<ActionOutcome> outcome = new CompletableFuture<>();
        volatile long endedAt;

        void end(ActionOutcome o) {
            endedAt = System.currentTimeMillis();
            outcome.complete(o);
        }
    }

    /** One river attempt's pieces on this node: its pushed jars' loaders, its share of the river, its lease. */
    private final class NodeRiver {
        final RiverAttempt attempt;
        final Map<String, URLClassLoader> loaders = new HashMap<>();
        final LocalSite site;
        final RiverLease lease;
        /** Set when this node fences the attempt itself: why. */
        volatile String fencedBecause;

        NodeRiver(RiverAttempt attempt, RiverLease lease, AttemptKey key) {
            this.attempt = attempt;
            this.lease = lease;
            TransportContext context = new TransportContext(name, bind, work.resolve(attempt.fileName()), DEAD_PEER, VERBS_CONNECT, attempt, key, dataPlane);
            this.site = new LocalSite(context, jar -> jar == null ? NodeServer.class.getClassLoader() : loaders.get(jar), (output, keep) -> {
                String why = fencedBecause;
                if (why != null) {
                    throw new IOException("node " + name + " fenced river " + attempt + " (" + why + "): it writes no output " + output);
                }
                return outputs.stage(attempt, output, keep);
            }, () -> reflexes(attempt));
        }
    }

    /**
     * The manager of node {@code name}, with its TCP data plane listening and its lease keeper
     * running; not yet reachable: {@link #export} makes it so.
     *
     * @param name the node's name, its certificate's
     * @param bind the address this node is listed at: its reservoirs' consumer's ends listen there
     * @param work the node's directory: each river gets one of its own in it
     * @param network its TCP data plane's memory budget and I/O threads
     * @throws IOException if its data plane cannot listen on {@code bind}
     */
    public NodeServer(String name, Path work, InetAddress bind, TcpDataPlane.Settings network) throws IOException {
        this.name = name;
        this.work = work;
        this.bind = bind;
        this.dataPlane = new TcpDataPlane(name, bind, 0, network.withDeadPeer(DEAD_PEER));
        Thread.ofPlatform().daemon().name("tigris-lease-keeper-" + name).start(this::keepLeases);
    }

    /**
     * The node's Reflex runtime (one scheduler thread, pinned to the highest CPU the node may use,
     * at real-time priority where the process may have it), started for the first time-critical
     * module of any river; why it runs without real-time priority, if so, goes to the node's log.
     */
    private synchronized jaguar.reflex.ReflexRuntime reflexes(RiverAttempt first) {
        if (reflexes == null) {
            try {
                reflexes = jaguar.reflex.ReflexRuntime.start("tigris-node-" + name);
            } catch (RuntimeException e) {
                throw new IllegalStateException("node " + name + " cannot run time-critical modules: its Reflex runtime did not start: " + e.getMessage(), e);
            }
            NodeLog.river(name, first.toString(), "started this node's Reflex runtime for its time-critical modules (CPU " + reflexes.cpus() + ")");
            for (String w : reflexes.warnings()) {
                NodeLog.river(name, first.toString(), "Reflex runtime: " + w);
            }
        }
        return reflexes;
    }

    /** Fences every attempt whose lease ran out, for as long as the node runs. */
    private void keepLeases() {
        while (true) {
            try {
                Thread.sleep(LEASE_CHECK_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            try {
                long now = System.nanoTime();
                for (NodeRiver r : rivers.values()) {
                    long silent = r.lease.expiredNanos(now);
                    if (silent > 0) {
                        fence(r, expired(r, silent), true);
                    }
                }
                forgetEndedJobs();
            } catch (RuntimeException e) {
                // The keeper must outlive whatever one fencing met: a node that stops fencing is unsafe.
                System.err.println("node " + name + ": the lease keeper met " + e + "; it goes on");
            }
        }
    }

    private static String expired(NodeRiver r, long silentNanos) {
        return String.format("its lease ran out: no word from the agent for %.1f s (the lease is %.1f s)", silentNanos / 1e9, r.lease.millis() / 1e3);
    }

    /**
     * Forgets the epochs and fenced attempts of rivers that have no attempt here any more and whose
     * fencing is older than {@link #FENCED_KEPT_MILLIS} (their agent, had it lived, would have asked
     * by then), so that a later job may use the river's name again from epoch 1.
     */
    private synchronized void forgetEndedJobs() {
        long old = System.currentTimeMillis() - FENCED_KEPT_MILLIS;
        fenced.values().removeIf(f -> f.atMillis() < old);
        long longAgo = System.currentTimeMillis() - BEGAN_KEPT_MILLIS;
        began.values().removeIf(destroyedAt -> destroyedAt != 0 && destroyedAt < longAgo);
        epochs.keySet().removeIf(river -> rivers.keySet().stream().noneMatch(a -> a.river().equals(river))
                        && fenced.keySet().stream().noneMatch(a -> a.river().equals(river)) && !outputs.holds(river));
    }

    /**
     * Fences {@code r} on this node's own authority: its threads are stopped with {@code why} (their
     * reservoirs end with it as a failure), nothing of it is committed from now on, and once the
     * threads have had their grace it is destroyed. Its agent's next call is told why.
     *
     * @param discard whether what it staged goes too: when its lease ran out (its agent went on
     *        without this node, or died: no later attempt here will keep it); not when a later
     *        attempt of the river began here, which may keep it ({@link tigris.OutputStage#stageKeeping})
     */
    private void fence(NodeRiver r, String why, boolean discard) {
        synchronized (this) {
            if (r.fencedBecause != null) {
                return;
            }
            r.fencedBecause = why;
            fenced.put(r.attempt, new Fenced(why, System.currentTimeMillis()));
        }
        NodeLog.river(name, r.attempt.toString(), "fenced by this node: " + why + "; its threads are stopped and nothing of it is committed");
        r.site.stop("node " + name + " fenced river " + r.attempt + ": " + why);
        Thread.ofPlatform().daemon().name("tigris-fenced-" + r.attempt.fileName()).start(() -> {
            try {
                Thread.sleep(2 * ModuleThread.STOP_GRACE_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            destroyed(r, "by this node (fenced)");
            if (discard) {
                // After the threads' grace and the destroy: nothing of the attempt stages a file after this.
                outputs.discard(r.attempt, false);
            }
        });
    }

    @Override
    public void begin(RiverAttempt a, long leaseMillis, AttemptKey key) throws RemoteException {
        if (key == null) {
            throw error(a, "an attempt is begun with its key", null);
        }
        RiverLease lease;
        try {
            lease = new RiverLease(leaseMillis);
        } catch (IllegalArgumentException e) {
            throw error(a, e.getMessage(), null);
        }
        List<NodeRiver> superseded = new ArrayList<>();
        synchronized (this) {
            int latest = epochs.getOrDefault(a.river(), 0);
            if (latest > a.epoch()) {
                throw error(a, "attempt " + a.epoch() + " is stale: this node has begun attempt " + latest + " of the river", null);
            }
            if (rivers.containsKey(a) || fenced.containsKey(a)) {
                throw error(a, "this attempt was begun here already", null);
            }
            for (NodeRiver r : rivers.values()) {
                if (a.supersedes(r.attempt)) {
                    superseded.add(r);
                }
            }
            epochs.put(a.river(), a.epoch());
            rivers.put(a, new NodeRiver(a, lease, key));
            began.put(a, 0L);
        }
        for (NodeRiver r : superseded) {
            fence(r, "attempt " + a.epoch() + " of the river began here", false);
        }
        NodeLog.river(name, a.toString(), "created " + NodeLog.byAgent());
    }

    @Override
    public void renew(RiverAttempt a) throws RemoteException {
        river(a);
    }

    /** Refuses to prepare or commit attempt {@code a} if it is stale or fenced here; the caller holds this server's lock. */
    private void checkCommittable(RiverAttempt a, String what) throws NodeException {
        int latest = epochs.getOrDefault(a.river(), 0);
        if (latest > a.epoch()) {
            throw error(a, "refused to " + what + ": attempt " + a.epoch() + " is stale (this node has begun attempt " + latest + " of the river)", null);
        }
        Fenced f = fenced.get(a);
        NodeRiver r = rivers.get(a);
        if (f != null || r != null && r.fencedBecause != null) {
            throw error(a, "refused to " + what + ": this node fenced the attempt (" + (f != null ? f.why() : r.fencedBecause) + ")", null);
        }
        if (r != null) {
            throw error(a, "refused to " + what + ": the attempt still runs here (it is committed once it was destroyed)", null);
        }
        if (began.keySet().stream().noneMatch(b -> b.river().equals(a.river()) && b.epoch() <= a.epoch())) {
            // What this node staged is known only to the process that began the attempt: committing nothing here would lose the part silently.
            throw error(a, "refused to " + what + ": this node has begun no attempt of the river up to " + a.epoch()
                            + " since it started (it restarted after running its share, or never ran one): what it staged is not known here", null);
        }
    }

    @Override
    public List<CommittedPart> prepare(RiverAttempt a) throws RemoteException {
        synchronized (this) {
            checkCommittable(a, "prepare a commit");
        }
        try {
            List<CommittedPart> parts = new ArrayList<>();
            for (StagedOutputs.Prepared p : outputs.prepare(a)) {
                parts.add(new CommittedPart(name, p.output().toString(), p.bytes()));
            }
            return parts;
        } catch (IOException e) {
            throw error(a, "cannot prepare its output for the commit: " + e.getMessage(), null);
        }
    }

    @Override
    public synchronized List<CommittedPart> commit(RiverAttempt a) throws RemoteException {
        // Under the lock fencing takes: a node never commits an attempt it has fenced meanwhile.
        checkCommittable(a, "commit");
        try {
            List<CommittedPart> parts = new ArrayList<>();
            for (StagedOutputs.Prepared p : outputs.commit(a)) {
                parts.add(new CommittedPart(name, p.output().toString(), p.bytes()));
            }
            NodeLog.river(name, a.toString(), "committed " + parts.size() + " output file(s) " + NodeLog.byAgent());
            return parts;
        } catch (IOException e) {
            throw error(a, "cannot commit its output: " + e.getMessage(), null);
        }
    }

    @Override
    public void markCommitted(RiverAttempt a, List<CommittedPart> job) throws RemoteException {
        try {
            outputs.mark(a, List.copyOf(job));
        } catch (IOException e) {
            throw error(a, "cannot write the job's marker: " + e.getMessage(), null);
        }
        jobEnded(a);
    }

    @Override
    public void discard(RiverAttempt a) {
        outputs.discard(a, true);
        jobEnded(a);
        NodeLog.river(name, a.toString(), "staged outputs (and earlier attempts') discarded " + NodeLog.byAgent());
    }

    /** The job of {@code a}'s river ended (committed or given up): a later job may use the river's name again from epoch 1. */
    private synchronized void jobEnded(RiverAttempt a) {
        if (rivers.keySet().stream().noneMatch(x -> x.river().equals(a.river()))) {
            epochs.remove(a.river());
            fenced.keySet().removeIf(x -> x.river().equals(a.river()));
            began.keySet().removeIf(x -> x.river().equals(a.river()));
        }
    }

    /**
     * Exports this server with TLS socket factories and the filter; the caller binds the stub.
     *
     * @param port the port its calls are served on (the node's registry's, which may share it);
     *        0 for any free one
     * @return the stub to bind as {@link NodeMain#BINDING}
     * @throws RemoteException if it cannot be exported (the port is taken)
     */
    public RiverManager export(int port) throws RemoteException {
        java.rmi.Remote stub = UnicastRemoteObject.exportObject(this, port, new TlsSocketFactories.Client(name), new TlsSocketFactories.Server(bind), FILTER);
        return (RiverManager) stub;
    }

    private NodeException error(RiverAttempt river, String what, Throwable cause) {
        return new NodeException("node " + name + ", river " + river + ": " + what + (cause == null ? "" : ": " + cause), cause);
    }

    /**
     * The pieces of attempt {@code a}, its lease renewed by the call: refused if it was never begun
     * here, was destroyed, or was fenced (then saying why). A call that comes after the lease ran
     * out (queued while the node was paused) fences the attempt rather than revive it.
     */
    private NodeRiver river(RiverAttempt a) throws RemoteException {
        if (a == null) {
            throw new NodeException("node " + name + ": no river attempt named", null);
        }
        NodeRiver r = rivers.get(a);
        if (r != null) {
            long silent = r.lease.expiredNanos(System.nanoTime());
            if (silent > 0) {
                fence(r, expired(r, silent), true);
            }
        }
        Fenced f = fenced.get(a);
        if (f != null) {
            throw error(a, "fenced by this node: " + f.why(), null);
        }
        if (r == null) {
            int latest = epochs.getOrDefault(a.river(), 0);
            throw error(a, latest > a.epoch() ? "attempt " + a.epoch() + " is stale: this node has begun attempt " + latest + " of the river"
                            : "no such river on this node (never begun, or destroyed)", null);
        }
        r.lease.renew();
        return r;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public synchronized void pushJar(RiverAttempt river, String jarName, byte[] jar) throws RemoteException {
        NodeRiver r = river(river);
        if (jarName == null || !jarName.matches("[A-Za-z0-9._-]{1,100}\\.jar")) {
            throw error(river, "jar name '" + jarName + "' must be a plain file name ending in .jar", null);
        }
        try {
            Path dir = Files.createDirectories(work.resolve(river.fileName()));
            Path file = dir.resolve(jarName);
            Files.write(file, jar);
            URLClassLoader old = r.loaders.put(jarName, new URLClassLoader("tigris-" + river.fileName() + "-" + jarName, new java.net.URL[] {file.toUri().toURL()},
                            NodeServer.class.getClassLoader()));
            if (old != null) {
                old.close();
            }
        } catch (IOException e) {
            throw error(river, "cannot store jar " + jarName, e);
        }
    }

    @Override
    public synchronized Map<String, Endpoint> grow(RiverAttempt river, List<ModulePlan> modules, List<ConsumerEndPlan> consumers) throws RemoteException {
        NodeRiver r = river(river);
        for (ModulePlan plan : modules) {
            if (plan.jar() != null && !r.loaders.containsKey(plan.jar())) {
                throw error(river, "module " + plan.instance() + ": no jar " + plan.jar() + " was pushed (pushed: " + r.loaders.keySet() + ")", null);
            }
        }
        try {
            return r.site.grow(modules, consumers);
        } catch (IOException | RuntimeException e) {
            throw error(river, e.getMessage(), null);
        }
    }

    @Override
    public void join(RiverAttempt river, List<ProducerEndPlan> producers) throws RemoteException {
        LocalSite site;
        synchronized (this) {
            site = river(river).site;
        }
        // Not under this server's lock: opening a channel waits for the consumer's node to answer.
        try {
            site.join(producers);
        } catch (IOException | RuntimeException e) {
            throw error(river, e.getMessage(), null);
        }
    }

    @Override
    public void start(RiverAttempt river) throws RemoteException {
        LocalSite site;
        synchronized (this) {
            site = river(river).site;
        }
        try {
            site.start();
        } catch (IOException e) {
            NodeLog.river(name, river.toString(), "failed to start: " + e.getMessage());
            throw error(river, "an upstream reservoir was never joined: " + e.getMessage(), null);
        }
        NodeLog.river(name, river.toString(), "started " + NodeLog.byAgent());
        List<ModuleThread> threads = site.threads();
        Thread.ofPlatform().daemon().name("tigris-watch-" + river.fileName()).start(() -> {
            try {
                for (ModuleThread t : threads) {
                    t.await(Long.MAX_VALUE, TimeUnit.DAYS);
                }
            } catch (InterruptedException e) {
                return;
            }
            NodeLog.river(name, river.toString(), outcome(threads));
        });
    }

    /** How a river's threads on this node ended, in a few words (a failure where it began, if it began here). */
    private static String outcome(List<ModuleThread> threads) {
        java.util.Optional<ModuleThread> failed = threads.stream().filter(t -> t.state() == ModuleThread.State.FAILED)
                        .min(java.util.Comparator.comparing(t -> t.failure() instanceof tigris.UpstreamFailedException));
        if (failed.isPresent()) {
            return "failed: module " + failed.get().name() + ": " + failed.get().status().failure();
        }
        return threads.stream().allMatch(t -> t.state() == ModuleThread.State.ENDED) ? "finished" : "stopped";
    }

    @Override
    public synchronized void stop(RiverAttempt river, String cause) {
        NodeRiver r = rivers.get(river);
        if (r != null) {
            r.lease.renew();
            r.site.stop(cause);
        }
    }

    @Override
    public List<ThreadStatus> status(RiverAttempt river) throws RemoteException {
        NodeRiver r = river(river);
        synchronized (this) {
            return r.site.status();
        }
    }

    @Override
    public long perform(ActionPlan<?> plan) throws RemoteException {
        if (plan == null) {
            throw new NodeException("node " + name + ": no action to perform", null);
        }
        forgetUncollectedActions();
        long id = actionIds.incrementAndGet();
        Path jarDir = work.resolve("actions").resolve(Long.toString(id));
        URLClassLoader jarLoader = null;
        NodeAction<?> action;
        try {
            ClassLoader loader = NodeServer.class.getClassLoader();
            if (plan.jar() != null) {
                if (!plan.jarName().matches("[A-Za-z0-9._-]{1,100}\\.jar")) {
                    throw new IllegalArgumentException("jar name '" + plan.jarName() + "' must be a plain file name ending in .jar");
                }
                Path file = Files.createDirectories(jarDir).resolve(plan.jarName());
                Files.write(file, plan.jar());
                jarLoader = new URLClassLoader("tigris-action-" + id, new java.net.URL[] {file.toUri().toURL()}, loader);
                loader = jarLoader;
            }
            action = makeAction(plan, loader);
        } catch (IOException | IllegalArgumentException e) {
            closeQuietly(jarLoader, jarDir);
            throw new NodeException("node " + name + ": action " + plan.className() + ": " + e.getMessage(), null);
        }
        NodeContext context = new NodeContext(name);
        RunningAction a = new RunningAction();
        actions.put(id, a);
        URLClassLoader toClose = jarLoader;
        Thread.ofPlatform().daemon().name("tigris-action-" + id).start(() -> {
            @SuppressWarnings("unchecked")
            NodeAction<Serializable> typed = (NodeAction<Serializable>) action;
            try {
                a.end(new ActionOutcome(ActionOutcome.State.DONE, typed.perform(context, plan.parameters()), null));
            } catch (IOException | IllegalArgumentException | java.io.UncheckedIOException e) {
                a.end(new ActionOutcome(ActionOutcome.State.FAILED, null, describe(typed, plan) + ": " + e.getMessage()));
            } catch (Throwable e) {
                a.end(new ActionOutcome(ActionOutcome.State.FAILED, null, describe(typed, plan) + ": " + e));
            } finally {
                closeQuietly(toClose, jarDir);
            }
        });
        return id;
    }

    /** The action {@code plan} names, made from {@code loader}; IllegalArgumentException saying why it cannot be. */
    private static NodeAction<?> makeAction(ActionPlan<?> plan, ClassLoader loader) {
        Class<?> c;
        try {
            c = Class.forName(plan.className(), false, loader);   // not initialised unless it is an action
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("no such class" + (plan.jar() == null ? " in Tigris's module" : " in jar " + plan.jarName()));
        }
        if (!NodeAction.class.isAssignableFrom(c)) {
            throw new IllegalArgumentException("the class does not implement tigris.node.NodeAction");
        }
        try {
            return (NodeAction<?>) c.getConstructor().newInstance();
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new IllegalArgumentException("its constructor threw " + e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("it has no public no-argument constructor");
        }
    }

    private static String describe(NodeAction<?> action, ActionPlan<?> plan) {
        try {
            return action.describe(plan.parameters());
        } catch (RuntimeException e) {
            return plan.className();
        }
    }

    /** Closes an action's jar loader and deletes its jar, if it had one. */
    private static void closeQuietly(URLClassLoader loader, Path jarDir) {
        try {
            if (loader != null) {
                loader.close();
            }
            if (Files.isDirectory(jarDir)) {
                try (var files = Files.walk(jarDir)) {
                    for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(f);
                    }
                }
            }
        } catch (IOException e) {
            // an action's jar left behind in the node's work directory
        }
    }

    @Override
    public ActionOutcome awaitAction(long id, long waitMillis) throws RemoteException {
        RunningAction a = actions.get(id);
        if (a == null) {
            throw new NodeException("node " + name + ": no action " + id + " (never started, or its outcome was collected)", null);
        }
        try {
            ActionOutcome o = a.outcome.get(Math.clamp(waitMillis, 0, LONGEST_ACTION_WAIT), TimeUnit.MILLISECONDS);
            actions.remove(id);
            return o;
        } catch (java.util.concurrent.TimeoutException e) {
            return ActionOutcome.running();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ActionOutcome.running();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new AssertionError("an action's outcome is completed only with a value", e);
        }
    }

    /** Drops outcomes no agent came back for (its agent died), so they do not pile up in a long-lived node. */
    private void forgetUncollectedActions() {
        long now = System.currentTimeMillis();
        actions.values().removeIf(a -> a.outcome.isDone() && a.endedAt < now - UNCOLLECTED_MILLIS);
    }

    @Override
    public void destroy(RiverAttempt river) {
        NodeRiver r = rivers.get(river);
        if (r != null) {
            destroyed(r, NodeLog.byAgent());
        }
    }

    /** Frees everything attempt {@code r} holds here: threads stopped, ends closed, jars and its directory gone. */
    private void destroyed(NodeRiver r, String by) {
        // Removed under the lock every call that grows an attempt takes: none is half-way through it.
        synchronized (this) {
            if (!rivers.remove(r.attempt, r)) {
                return;
            }
            began.replace(r.attempt, 0L, System.currentTimeMillis());
        }
        r.site.destroy();
        for (URLClassLoader l : r.loaders.values()) {
            try {
                l.close();
            } catch (IOException ignored) {
                // closing
            }
        }
        // The attempt's own directory: pushed jars and file reservoirs.
        try (var files = Files.walk(work.resolve(r.attempt.fileName()))) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException | RuntimeException ignored) {
            // nothing there, or already gone
        }
        NodeLog.river(name, r.attempt.toString(), "destroyed " + by);
    }
}
