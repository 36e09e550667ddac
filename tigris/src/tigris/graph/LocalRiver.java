/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jaguar.reflex.ReflexRuntime;
import tigris.ModuleThread;
import tigris.river.LocalSite;
import tigris.river.RiverAssembler;
import tigris.transport.TransportContext;

/**
 * Runs a validated {@link RiverGraph} in this JVM: the {@link RiverAssembler} with every module
 * instance on one {@link LocalSite}, so one thread per instance and one memory reservoir per
 * (producer instance, consumer instance) pair of every connection. A time-critical module
 * ({@link ModuleSpec#timeCritical}) runs as a Reflex task on a {@link ReflexRuntime} instead
 * ({@link tigris.reflex.ReflexStage}).
 */
public final class LocalRiver implements AutoCloseable {
    private final RiverGraph graph;
    private final LocalSite site;
    private List<ModuleThread> threads = List.of();
    private RiverAssembler.Assembled assembled;

    /** The Reflex runtime its time-critical modules run on, if it started one itself (it closes it); else null. */
    private final ReflexRuntime ownRuntime;

    private LocalRiver(RiverGraph graph, LocalSite site, ReflexRuntime ownRuntime) {
        this.graph = graph;
        this.site = site;
        this.ownRuntime = ownRuntime;
    }

    /**
     * Builds the river's threads and reservoirs (validating the graph first) without starting
     * them. A graph with time-critical modules ({@link ModuleSpec#timeCritical}) gets a Reflex
     * runtime of its own ({@link ReflexRuntime#start(String)}: one scheduler, on the highest-numbered
     * CPU this process may use), closed with the river.
     *
     * @param graph the river; validated here if it was not
     * @return the river, built and not started; the caller closes it
     * @throws GraphException if the graph is not valid
     * @throws IllegalStateException saying what could not be built (a module whose constructor
     *         threw, no Reflex runtime for its time-critical modules, ...); what was built is freed
     */
    public static LocalRiver build(RiverGraph graph) {
        graph.validate();
        if (graph.moduleList().stream().noneMatch(m -> m.timeCritical() != null)) {
            return build(graph, null, null);
        }
        ReflexRuntime runtime;
        try {
            runtime = ReflexRuntime.start("tigris-" + graph.name());
        } catch (RuntimeException e) {
            throw new IllegalStateException("river " + graph.name() + ": its time-critical modules run as Reflex tasks, and no Reflex runtime could start: "
                            + e.getMessage(), e);
        }
        try {
            return build(graph, runtime, runtime);
        } catch (RuntimeException | Error e) {
            runtime.close();
            throw e;
        }
    }

    /**
     * As {@link #build(RiverGraph)}, its time-critical modules run as tasks of {@code reflexes},
     * which the caller closes after the river.
     *
     * @param graph the river; validated here if it was not
     * @param reflexes the runtime its time-critical modules run on; not null
     * @return the river, built and not started; the caller closes it
     * @throws GraphException if the graph is not valid
     * @throws IllegalStateException saying what could not be built; what was built is freed
     * @throws NullPointerException if {@code reflexes} is null
     */
    public static LocalRiver build(RiverGraph graph, ReflexRuntime reflexes) {
        return build(graph, java.util.Objects.requireNonNull(reflexes, "Reflex runtime"), null);
    }

    private static LocalRiver build(RiverGraph graph, ReflexRuntime reflexes, ReflexRuntime own) {
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
        LocalSite site = new LocalSite(context, jar -> loader, tigris.OutputStage.DIRECT, reflexes == null ? null : () -> reflexes);
        LocalRiver river = new LocalRiver(graph, site, own);
        Map<String, List<LocalSite>> placement = new HashMap<>();
        graph.moduleList().forEach(m -> placement.put(m.name(), java.util.Collections.nCopies(m.instances(), site)));
        try {
            river.assembled = RiverAssembler.assemble(graph, placement, null);
        } catch (RiverAssembler.AssemblyException e) {
            river.site.destroy();   // not close(): a runtime of its own is closed by build(RiverGraph), which made it
            throw new IllegalStateException(e.getMessage(), e.getCause());
        } catch (RuntimeException e) {
            river.site.destroy();
            throw e;
        }
        river.threads = site.threads();
        return river;
    }

    /** {@return the graph this river was built from, validated} */
    public RiverGraph graph() {
        return graph;
    }

    /**
     * {@return every module instance's thread, in the order the graph's modules were added and by
     * instance within each; a copy}
     */
    public List<ModuleThread> threads() {
        return List.copyOf(threads);
    }

    /**
     * Starts every thread; once only.
     *
     * @return this river, to {@link #await} it
     * @throws IllegalStateException saying what could not be started
     */
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
     * stopped (the river cannot complete) and the report names the failed ones. When the time
     * runs out, every thread is stopped likewise and the report says it timed out. Either way,
     * each stopped thread is given up to 10 s to end.
     *
     * @param timeout the longest wait for the river to end by itself, in {@code unit}s
     * @param unit the unit of {@code timeout}
     * @return the report, {@link RiverReport#completed()} true only if every thread reached End of River
     * @throws InterruptedException if the waiting thread is interrupted (the river goes on)
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
                } else if (s == ModuleThread.State.RUNNING || s == ModuleThread.State.NEW || s == ModuleThread.State.STOPPING) {
                    allDone = false;   // a stopping thread is still in its module or a reservoir
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

    /**
     * Stops every thread ({@link ModuleThread#stop()}): their reservoirs end with End of River, and
     * the river drains. Does not wait.
     */
    public void stop() {
        site.stop();
    }

    /** Stops what still runs and frees the reservoirs; closes the Reflex runtime if it started it. */
    @Override
    public void close() {
        try {
            site.destroy();
        } finally {
            if (ownRuntime != null) {
                ownRuntime.close();
            }
        }
    }
}
