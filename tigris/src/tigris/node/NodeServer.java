package tigris.node;

import java.io.IOException;
import java.io.ObjectInputFilter;
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

import tigris.ModuleThread;
import tigris.ThreadStatus;
import tigris.river.LocalSite;
import tigris.river.ModulePlan;
import tigris.transport.Endpoint;
import tigris.transport.ReservoirPlan;
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
                                    + "tigris.transport.ReservoirPlan;tigris.river.ModulePlan;tigris.graph.ThreadPolicy;java.lang.Enum;"
                                    + Transports.endpointFilter() + actionClasses() + "!*");

    /** The filter's names of the node actions: exactly the permitted subclasses of {@link NodeAction}. */
    private static String actionClasses() {
        StringBuilder sb = new StringBuilder();
        for (Class<?> c : NodeAction.class.getPermittedSubclasses()) {
            sb.append(c.getName()).append(';');
        }
        return sb.toString();
    }

    /** Longest {@link #awaitAction} waits before it answers RUNNING: well inside any agent's answer timeout. */
    private static final long LONGEST_ACTION_WAIT = 1000;
    /** How long an ended action's outcome waits to be collected before it is forgotten. */
    private static final long UNCOLLECTED_MILLIS = 10 * 60 * 1000L;

    private final String name;
    private final Path work;
    private final InetAddress bind;
    private final Map<String, NodeRiver> rivers = new ConcurrentHashMap<>();
    private final Map<Long, RunningAction> actions = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicLong actionIds = new java.util.concurrent.atomic.AtomicLong();

    /** An action started by {@link #perform}: its outcome to come, and when it ended (0 while it runs). */
    private static final class RunningAction {
        final NodeAction<?> action;
        final CompletableFuture<ActionOutcome> outcome = new CompletableFuture<>();
        volatile long endedAt;

        RunningAction(NodeAction<?> action) {
            this.action = action;
        }

        void end(ActionOutcome o) {
            endedAt = System.currentTimeMillis();
            outcome.complete(o);
        }
    }

    /** One river's pieces on this node: its pushed jars' loaders and its share of the river. */
    private final class NodeRiver {
        final Map<String, URLClassLoader> loaders = new HashMap<>();
        final LocalSite site;

        NodeRiver(String river) throws RemoteException {
            TransportContext context = new TransportContext(name, bind, work.resolve(safe(river)), DEAD_PEER, VERBS_CONNECT);
            this.site = new LocalSite(context, jar -> jar == null ? NodeServer.class.getClassLoader() : loaders.get(jar));
        }
    }

    /**
     * @param bind the address this node is listed at: its reservoirs' consumer's ends listen there
     * @param work the node's directory: each river gets one of its own in it
     */
    public NodeServer(String name, Path work, InetAddress bind) {
        this.name = name;
        this.work = work;
        this.bind = bind;
    }



    /** Exports this server with TLS socket factories and the filter; the caller binds the stub. */
    public RiverManager export(int port) throws RemoteException {
        java.rmi.Remote stub = UnicastRemoteObject.exportObject(this, port, new TlsSocketFactories.Client(), new TlsSocketFactories.Server(bind), FILTER);
        return (RiverManager) stub;
    }

    private NodeException error(String river, String what, Throwable cause) {
        return new NodeException("node " + name + ", river " + river + ": " + what + (cause == null ? "" : ": " + cause), cause);
    }

    private synchronized NodeRiver river(String river) throws RemoteException {
        NodeRiver r = rivers.get(river);
        if (r == null) {
            r = new NodeRiver(river);
            rivers.put(river, r);
            NodeLog.river(name, river, "created " + NodeLog.byAgent());
        }
        return r;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public synchronized void pushJar(String river, String jarName, byte[] jar) throws RemoteException {
        if (jarName == null || !jarName.matches("[A-Za-z0-9._-]{1,100}\\.jar")) {
            throw error(river, "jar name '" + jarName + "' must be a plain file name ending in .jar", null);
        }
        try {
            Path dir = Files.createDirectories(work.resolve(safe(river)));
            Path file = dir.resolve(jarName);
            Files.write(file, jar);
            NodeRiver r = river(river);
            URLClassLoader old = r.loaders.put(jarName, new URLClassLoader("tigris-" + river + "-" + jarName, new java.net.URL[] {file.toUri().toURL()},
                            NodeServer.class.getClassLoader()));
            if (old != null) {
                old.close();
            }
        } catch (IOException e) {
            throw error(river, "cannot store jar " + jarName, e);
        }
    }

    private String safe(String river) throws RemoteException {
        if (river == null || !river.matches("[A-Za-z0-9._-]{1,100}") || river.startsWith(".")) {
            throw new RemoteException("node " + name + ": river name '" + river + "' must be letters, digits, '.', '_' or '-'");
        }
        return river;
    }

    @Override
    public synchronized void createModule(String river, ModulePlan plan) throws RemoteException {
        NodeRiver r = river(river);
        if (plan.jar() != null && !r.loaders.containsKey(plan.jar())) {
            throw error(river, "module " + plan.instance() + ": no jar " + plan.jar() + " was pushed (pushed: " + r.loaders.keySet() + ")", null);
        }
        try {
            r.site.createModule(plan);
        } catch (IllegalArgumentException e) {
            throw error(river, e.getMessage(), null);
        }
    }

    @Override
    public synchronized Endpoint openConsumer(String river, ReservoirPlan plan, String module) throws RemoteException {
        try {
            return river(river).site.openConsumer(plan, module);
        } catch (IOException | RuntimeException e) {
            throw error(river, "module " + module + ", consumer's end: " + e.getMessage(), null);
        }
    }

    @Override
    public synchronized void openProducer(String river, ReservoirPlan plan, String module, Endpoint at) throws RemoteException {
        try {
            river(river).site.openProducer(plan, module, at);
        } catch (IOException | RuntimeException e) {
            throw error(river, "module " + module + ", producer's end: " + e.getMessage(), null);
        }
    }

    @Override
    public void start(String river) throws RemoteException {
        LocalSite site;
        synchronized (this) {
            site = river(river).site;
        }
        try {
            site.start();
        } catch (IOException e) {
            NodeLog.river(name, river, "failed to start: " + e.getMessage());
            throw error(river, "an upstream reservoir was never joined: " + e.getMessage(), null);
        }
        NodeLog.river(name, river, "started " + NodeLog.byAgent());
        List<ModuleThread> threads = site.threads();
        Thread.ofPlatform().daemon().name("tigris-watch-" + river).start(() -> {
            try {
                for (ModuleThread t : threads) {
                    t.await(Long.MAX_VALUE, TimeUnit.DAYS);
                }
            } catch (InterruptedException e) {
                return;
            }
            NodeLog.river(name, river, outcome(threads));
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
    public synchronized void stop(String river, String cause) {
        NodeRiver r = rivers.get(river);
        if (r != null) {
            r.site.stop(cause);
        }
    }

    @Override
    public synchronized List<ThreadStatus> status(String river) throws RemoteException {
        NodeRiver r = rivers.get(river);
        if (r == null) {
            throw error(river, "no such river on this node", null);
        }
        return r.site.status();
    }

    @Override
    public long perform(NodeAction<?> action) throws RemoteException {
        if (action == null) {
            throw new NodeException("node " + name + ": no action to perform", null);
        }
        forgetUncollectedActions();
        long id = actionIds.incrementAndGet();
        NodeContext context = new NodeContext(name);
        RunningAction a = new RunningAction(action);
        actions.put(id, a);
        Thread.ofPlatform().daemon().name("tigris-action-" + id).start(() -> {
            try {
                a.end(new ActionOutcome(ActionOutcome.State.DONE, action.perform(context), null));
            } catch (IOException | IllegalArgumentException | java.io.UncheckedIOException e) {
                a.end(new ActionOutcome(ActionOutcome.State.FAILED, null, action.describe() + ": " + e.getMessage()));
            } catch (Throwable e) {
                a.end(new ActionOutcome(ActionOutcome.State.FAILED, null, action.describe() + ": " + e));
            }
        });
        return id;
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
    public void destroy(String river) {
        NodeRiver r;
        synchronized (this) {
            r = rivers.remove(river);
            if (r == null) {
                return;
            }
        }
        String by = NodeLog.byAgent();
        r.site.destroy();
        for (URLClassLoader l : r.loaders.values()) {
            try {
                l.close();
            } catch (IOException ignored) {
                // closing
            }
        }
        // The river's own directory: pushed jars and file reservoirs.
        try (var files = Files.walk(work.resolve(river))) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException | RuntimeException ignored) {
            // nothing there, or already gone
        }
        NodeLog.river(name, river, "destroyed " + by);
    }
}
