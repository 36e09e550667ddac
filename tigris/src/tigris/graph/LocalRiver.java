package tigris.graph;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import tigris.ModuleConfig;
import tigris.ModuleLifecycle;
import tigris.ModuleThread;
import tigris.reservoir.MemoryReservoir;
import tigris.transport.ReservoirPlan;

/**
 * Runs a validated {@link RiverGraph} in this JVM: one ModuleThread per module instance, one
 * reservoir per (producer instance, consumer instance) pair of every connection.
 */
public final class LocalRiver implements AutoCloseable {
    private final RiverGraph graph;
    private final List<ModuleThread> threads = new ArrayList<>();
    private final List<MemoryReservoir> reservoirs = new ArrayList<>();

    private LocalRiver(RiverGraph graph) {
        this.graph = graph;
    }

    /** Builds the river's threads and reservoirs (validating the graph first) without starting them. */
    public static LocalRiver build(RiverGraph graph) {
        graph.validate();
        LocalRiver river = new LocalRiver(graph);
        try {
            river.wire();
        } catch (RuntimeException e) {
            river.close();
            throw e;
        }
        return river;
    }

    private void wire() {
        Map<String, List<ModuleThread>> byModule = new HashMap<>();
        for (ModuleSpec m : graph.moduleList()) {
            List<ModuleThread> instances = new ArrayList<>();
            for (int i = 0; i < m.instances(); i++) {
                ModuleLifecycle module = instantiate(m);
                String name = m.instances() == 1 ? m.name() : m.name() + "#" + i;
                ModuleThread t = m.policy().newThread(module, new ModuleConfig(name, i, m.instances(), m.parameters()));
                instances.add(t);
                threads.add(t);
            }
            byModule.put(m.name(), instances);
        }
        for (Connection c : graph.connections()) {
            List<ModuleThread> producers = byModule.get(Connection.module(c.from()));
            List<ModuleThread> consumers = byModule.get(Connection.module(c.to()));
            for (ModuleThread p : producers) {
                for (ModuleThread q : consumers) {
                    MemoryReservoir r = new MemoryReservoir(ReservoirPlan.nameOf(p.name(), q.name()), c.reservoir().window(), c.reservoir().waterSize());
                    reservoirs.add(r);
                    p.addDownstream(r.producer());
                    q.addUpstream(r.consumer());
                }
            }
        }
    }

    private static ModuleLifecycle instantiate(ModuleSpec m) {
        try {
            return m.moduleClass().getConstructor().newInstance();
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("module " + m.name() + ": the constructor of " + m.moduleClass().getName() + " threw "
                            + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("module " + m.name() + ": cannot instantiate " + m.moduleClass().getName() + ": " + e, e);
        }
    }

    public List<ModuleThread> threads() {
        return List.copyOf(threads);
    }

    /** Starts every thread. */
    public LocalRiver start() {
        threads.forEach(ModuleThread::start);
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
                stop();
                for (ModuleThread t : threads) {
                    t.await(10, TimeUnit.SECONDS);
                }
                break;
            }
            Thread.sleep(2);
        }
        return RiverReport.of(graph.name(), threads, timedOut);
    }

    /** Stops every thread. */
    public void stop() {
        threads.forEach(ModuleThread::stop);
    }

    /** Stops what still runs and frees the reservoirs. */
    @Override
    public void close() {
        stop();
        for (ModuleThread t : threads) {
            try {
                t.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        reservoirs.forEach(MemoryReservoir::close);
    }
}
