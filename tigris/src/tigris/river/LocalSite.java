/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.river;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

import tigris.ConsumerEnd;
import tigris.ModuleThread;
import tigris.ProducerEnd;
import tigris.ThreadStatus;
import tigris.transport.Endpoint;
import tigris.transport.PendingConsumer;
import tigris.transport.ReservoirPlan;
import tigris.transport.Site;
import tigris.transport.Transport;
import tigris.transport.TransportContext;
import tigris.transport.Transports;

/**
 * A river's share of this JVM: its module threads, the ends of its reservoirs and the consumer's
 * ends still waiting for their producers. A node holds one per river ({@code NodeServer}); a
 * river run in one JVM ({@code LocalRiver}) is one.
 */
public final class LocalSite implements RiverSite {
    /** How long a started river's consumer's ends wait for their producers to join them. */
    private static final Duration PRODUCER_JOINS = Duration.ofSeconds(30);

    private final TransportContext context;
    /** The class loader of a pushed jar by name (null: Tigris's own modules), or null if there is none. */
    private final Function<String, ClassLoader> loaders;
    private final Map<String, ModuleThread> modules = new LinkedHashMap<>();
    /** Consumer's ends opened and not yet joined by their producers, with the thread each goes to. */
    private final List<Waiting> pending = new ArrayList<>();

    /** A consumer's end waiting for its producer: the module thread and input port it leads into. */
    private record Waiting(PendingConsumer consumer, ModuleThread thread, String port) {
    }
    /** Every end made here, closed when the site is destroyed. */
    private final List<AutoCloseable> ends = new ArrayList<>();
    private boolean destroyed;

    /** Where its modules write their output files until the river commits. */
    private final tigris.OutputStage outputs;
    /** Where its time-critical modules run, asked for when the first is made; null: it runs none. */
    private final Supplier<jaguar.reflex.ReflexRuntime> reflexes;

    /**
     * A site whose modules write their outputs in place (a river in one JVM), and which runs no
     * time-critical module.
     *
     * @param context this JVM's node for the transports: its name, address, directory, time limits,
     *        the river attempt and its key
     * @param loaders the class loader of a pushed jar by the jar's name (null: Tigris's own
     *        modules); a null loader refuses the module
     */
    public LocalSite(TransportContext context, Function<String, ClassLoader> loaders) {
        this(context, loaders, tigris.OutputStage.DIRECT);
    }

    /**
     * A site that runs no time-critical module.
     *
     * @param context this JVM's node for the transports: its name, address, directory, time limits,
     *        the river attempt and its key
     * @param loaders the class loader of a pushed jar by the jar's name (null: Tigris's own
     *        modules); a null loader refuses the module
     * @param outputs where its modules write their output files until the river commits (a node's
     *        staging; {@link tigris.OutputStage#DIRECT}: in place)
     */
    public LocalSite(TransportContext context, Function<String, ClassLoader> loaders, tigris.OutputStage outputs) {
        this(context, loaders, outputs, null);
    }

    /**
     * A site whose time-critical modules run as tasks of the runtime {@code reflexes} gives when
     * the first is made (null: it runs none, and refuses them); the runtime is its giver's, who
     * closes it after {@link #destroy()}.
     *
     * @param context this JVM's node for the transports: its name, address, directory, time limits,
     *        the river attempt and its key
     * @param loaders the class loader of a pushed jar by the jar's name (null: Tigris's own
     *        modules); a null loader refuses the module
     * @param outputs where its modules write their output files until the river commits (a node's
     *        staging; {@link tigris.OutputStage#DIRECT}: in place)
     * @param reflexes gives the Reflex runtime its time-critical modules run on, called when the
     *        first is made (so a node starts one only for a river that has such modules); null: none
     */
    public LocalSite(TransportContext context, Function<String, ClassLoader> loaders, tigris.OutputStage outputs, Supplier<jaguar.reflex.ReflexRuntime> reflexes) {
        this.context = context;
        this.loaders = loaders;
        this.outputs = outputs;
        this.reflexes = reflexes;
    }

    /** {@return true if it was given a Reflex runtime's supplier to run time-critical modules on} */
    @Override
    public boolean runsTimeCritical() {
        return reflexes != null;
    }

    @Override
    public Site site() {
        return new Site(context.node(), context.host());
    }

    @Override
    public synchronized Map<String, Endpoint> grow(List<ModulePlan> plans, List<ConsumerEndPlan> consumers) throws IOException {
        for (ModulePlan plan : plans) {
            createModule(plan);
        }
        Map<String, Endpoint> at = new LinkedHashMap<>();
        for (ConsumerEndPlan c : consumers) {
            try {
                at.put(c.reservoir().name(), openConsumer(c.reservoir(), c.module(), c.port()));
            } catch (IOException | RuntimeException e) {
                throw new IOException("module " + c.module() + ", consumer's end of " + c.reservoir().name() + ": " + e.getMessage(), e);
            }
        }
        return at;
    }

    @Override
    public synchronized void join(List<ProducerEndPlan> producers) throws IOException {
        for (ProducerEndPlan p : producers) {
            try {
                openProducer(p.reservoir(), p.module(), p.at());
            } catch (IOException | RuntimeException e) {
                throw new IOException("module " + p.module() + ", producer's end of " + p.reservoir().name() + ": " + e.getMessage(), e);
            }
        }
    }

    private void createModule(ModulePlan plan) {
        if (modules.containsKey(plan.instance())) {
            throw new IllegalArgumentException("module " + plan.instance() + " exists already");
        }
        ClassLoader loader = loaders.apply(plan.jar());
        if (loader == null) {
            throw new IllegalArgumentException("module " + plan.instance() + ": no jar " + plan.jar() + " was pushed");
        }
        jaguar.reflex.ReflexRuntime runtime = plan.timeCritical() != null && reflexes != null ? reflexes.get() : null;
        modules.put(plan.instance(), ModuleFactory.create(loader, plan, context.node(), outputs, runtime));
    }

    private ModuleThread module(String module) {
        ModuleThread t = modules.get(module);
        if (t == null) {
            throw new IllegalArgumentException("no module " + module + " on this node");
        }
        return t;
    }

    private Endpoint openConsumer(ReservoirPlan plan, String module, String port) throws IOException {
        ModuleThread t = module(module);
        PendingConsumer p = Transports.byId(plan.transport()).openConsumer(plan, context);
        pending.add(new Waiting(p, t, port));
        return p.endpoint();
    }

    private void openProducer(ReservoirPlan plan, String module, Endpoint at) throws IOException {
        ModuleThread t = module(module);
        Transport transport = Transports.byId(plan.transport());
        if (at == null || !transport.endpointType().isInstance(at)) {
            throw new IllegalArgumentException("reservoir " + plan.name() + ": a " + transport.id() + " reservoir needs a " + transport.id()
                            + " endpoint, not " + at);
        }
        ProducerEnd out = transport.openProducer(plan, at, context);
        ends.add(out);
        t.addDownstream(out);
    }

    /**
     * Takes every consumer's end as its producer joins it (waiting up to 30 s for each), then
     * starts every thread not yet started. Does nothing more once the site is destroyed.
     *
     * @throws IOException if a consumer's end's producer did not join in time or the transport
     *         failed, or the waiting thread was interrupted (its interrupt is kept)
     */
    @Override
    public void start() throws IOException {
        List<Waiting> waiting;
        synchronized (this) {
            waiting = List.copyOf(pending);
        }
        for (var p : waiting) {
            ConsumerEnd in;
            try {
                in = p.consumer().await(PRODUCER_JOINS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for upstream reservoirs", e);
            }
            synchronized (this) {
                pending.remove(p);
                ends.add(in);
                if (destroyed) {
                    in.close();
                    return;
                }
                p.thread().addUpstream(in, p.port());
            }
        }
        synchronized (this) {
            for (ModuleThread t : modules.values()) {
                if (t.state() == ModuleThread.State.NEW) {
                    t.start();
                }
            }
        }
    }

    /** {@return the node's name, as the assembler's messages name the site} */
    @Override
    public String toString() {
        return context.node();
    }

    /** Asks every thread to stop (their reservoirs end with End of River: {@link ModuleThread#stop()}). */
    public synchronized void stop() {
        modules.values().forEach(ModuleThread::stop);
    }

    /**
     * Asks every thread to stop because the river cannot complete, for {@code cause} ({@link ModuleThread#stop(String)}).
     *
     * @param cause why the river cannot complete, in words the downstream failures carry
     */
    public synchronized void stop(String cause) {
        modules.values().forEach(t -> t.stop(cause));
    }

    /** {@return every thread's status, in the order the threads were made} */
    public synchronized List<ThreadStatus> status() {
        return modules.values().stream().map(ModuleThread::status).toList();
    }

    /** {@return the threads, in the order they were made; a copy} */
    public synchronized List<ModuleThread> threads() {
        return List.copyOf(modules.values());
    }

    /**
     * Stops the threads (waiting up to 10 s for each that was started), gives up consumer's ends
     * still waiting, and closes every end. An interrupt stops the waiting, not the rest.
     */
    public void destroy() {
        List<ModuleThread> threads;
        synchronized (this) {
            destroyed = true;
            threads = List.copyOf(modules.values());
        }
        threads.forEach(ModuleThread::stop);
        for (ModuleThread t : threads) {
            if (t.state() == ModuleThread.State.NEW) {
                continue;   // never started: nothing to wait for
            }
            try {
                t.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        synchronized (this) {
            pending.forEach(p -> p.consumer().cancel());
            pending.clear();
            for (AutoCloseable c : ends) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // closing: the others still must be
                }
            }
            ends.clear();
        }
    }
}
