package tigris.graph;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import tigris.ModuleThread;
import tigris.river.LocalSite;
import tigris.river.RiverAssembler;
import tigris.transport.TransportContext;

/**
 * Runs a validated {@link RiverGraph} in this JVM: the {@link RiverAssembler} with every module
 * instance on one {@link LocalSite}, so one thread per instance and one memory reservoir per
 * (producer instance, consumer instance) pair of every connection.
 */
public final class LocalRiver implements AutoCloseable {
    private final RiverGraph graph;
    private final LocalSite site;
    private List<ModuleThread> threads = List.of();
    private RiverAssembler.Assembled assembled;

    private LocalRiver(RiverGraph graph, LocalSite site) {
        this.graph = graph;
        this.site = site;
    }

    /**
     * Builds the river's threads and reservoirs (validating the graph first) without starting them.
     *
     * @throws IllegalStateException saying what could not be built (a module whose constructor threw, ...)
     */
    public static LocalRiver build(RiverGraph graph) {
        graph.validate();
        Map<String, Class<?>> classes = new HashMap<>();
        graph.moduleList().forEach(m -> classes.put(m.moduleClass().getName(), m.moduleClass()));
        // The graph's own module classes, whatever loaded them.
        ClassLoader loader = new ClassLoader(LocalRiver.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                Class<?> c = classes.get(name);
                return c != null ? c : super.loadClass(name, resolve);
            }
        };
        // One JVM, one attempt: its reservoirs are memory ones, so the attempt's name need only be well formed.
        TransportContext context = new TransportContext("local", InetAddress.getLoopbackAddress(), Path.of(System.getProperty("java.io.tmpdir")),
                        Duration.ofSeconds(5), Duration.ofSeconds(60), tigris.RiverAttempt.first(graph.name().replaceAll("[^A-Za-z0-9_-]", "_")), tigris.AttemptKey.random(), null);
        LocalSite site = new LocalSite(context, jar -> loader);
        LocalRiver river = new LocalRiver(graph, site);
        Map<String, List<LocalSite>> placement = new HashMap<>();
        graph.moduleList().forEach(m -> placement.put(m.name(), java.util.Collections.nCopies(m.instances(), site)));
        try {
            river.assembled = RiverAssembler.assemble(graph, placement, null);
        } catch (RiverAssembler.AssemblyException e) {
            river.close();
            throw new IllegalStateException(e.getMessage(), e.getCause());
        } catch (RuntimeException e) {
            river.close();
            throw e;
        }
        river.threads = site.threads();
        return river;
    }

    /** The graph this river was built from. */
    public RiverGraph graph() {
        return graph;
    }

    public List<ModuleThread> threads() {
        return List.copyOf(threads);
    }

    /** Starts every thread. */
    public LocalRiver start() {
        try {
            assembled.start();
        } catch (RiverAssembler.AssemblyException e) {
            throw new IllegalStateException(e.getMessage(), e.getCause());
        }
        return this;
    }

    /**
     * Waits until every thread has ended or one has failed. On a failure the other threads are
     * stopped (the river cannot complete) and the report names the failed ones.
     *
     * @return the report, {@link RiverReport#completed()} true only if every thread reached End of River
     */
    public RiverReport await(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        boolean timedOut = false;
        while (true) {
            boolean allDone = true;
            boolean failed = false;
            for (ModuleThread t : threads) {
                ModuleThread.State s = t.state();
                if (s == ModuleThread.State.FAILED) {
                    failed = true;
                } else if (s == ModuleThread.State.RUNNING || s == ModuleThread.State.NEW) {
                    allDone = false;
                }
            }
            if (allDone) {
                break;
            }
            if (failed || System.nanoTime() >= deadline) {
                timedOut = !failed;
                site.stop("river " + graph.name() + (timedOut ? " timed out after " + unit.toMillis(timeout) + " ms" : " failed: " + firstFailure()));
                for (ModuleThread t : threads) {
                    t.await(10, TimeUnit.SECONDS);
                }
                break;
            }
            Thread.sleep(2);
        }
        return RiverReport.of(graph.name(), threads, timedOut);
    }

    /** The failure a failed run began with, as one line. */
    private String firstFailure() {
        RiverReport.Entry f = RiverReport.of(graph.name(), threads, false).failures().getFirst();
        return "module " + f.name() + " failed: " + tigris.Failure.of(f.failure());
    }

    /** Stops every thread. */
    public void stop() {
        site.stop();
    }

    /** Stops what still runs and frees the reservoirs. */
    @Override
    public void close() {
        site.destroy();
    }
}
