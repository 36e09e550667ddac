/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reflex;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import jaguar.reflex.ReflexCounters;
import jaguar.reflex.ReflexRuntime;
import jaguar.reflex.Release;
import tigris.ConsumerEnd;
import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ModuleThread;
import tigris.Parker;
import tigris.ProducerEnd;
import tigris.Report;
import tigris.TextReport;
import tigris.Water;
import tigris.graph.TimeCritical;

/**
 * A time-critical module's stage (StreamFlex's priority filter, seed 000): the module runs as a
 * Reflex task ({@link ReflexStageTask}) on a {@link ReflexRuntime}'s scheduler, never on a thread
 * that waits. Each run takes the Waters that have arrived, at most {@link TimeCritical#maxPerRun()},
 * by polling its upstream ends round-robin, and calls the module's doOperation for each with an
 * {@link OverflowEnd}: a downstream end whose put never waits (an overrun is counted and the
 * overflow policy applies). The task is released every period, or, on arrival, by its ends'
 * signals: its scheduler thread attaches a {@link Parker#signalling signalling Parker} to them,
 * which releases the task where a ModuleThread's would unpark it, and makes any wait inside an end
 * throw rather than block the scheduler.
 *
 * <p>It is a {@link ModuleThread}: its own thread initializes the module, adds the task, waits
 * for the task to say the stage is over (End of River reached and every held Water gone out, a
 * stop, or a failure), removes it, then ends the downstream reservoir and destroys the module as
 * every ModuleThread does. So End of River, an upstream failure and a stop reach the modules
 * downstream as they would from a ModuleThread, and the river's report and status carry the
 * stage's counters ({@link ReflexStageReport}).
 */
public final class ReflexStage extends ModuleThread {
    /** Longest the stage's own thread sleeps before it looks at its task and its stop again (the task wakes it sooner). */
    private static final long KEEPER_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final ModuleIF module;
    private final TimeCritical spec;
    private final ReflexRuntime runtime;
    private final ReflexStageTask task;
    private final StageCounters counters = new StageCounters();
    /** What an end's signal runs: a release of the task (made once: a signal allocates nothing). */
    private final Runnable release = this::releaseTask;

    // Set by the stage's own thread before the task is added; the task's (scheduler thread's) from then on.
    private ConsumerEnd[] inputs;
    /** The end a put goes to; null for a sink. */
    private OverflowEnd out;
    private volatile Thread keeper;

    // The task's own: read and written on its scheduler's thread only.
    /** Attached to the upstream ends: announced when a run has looked at every one and found nothing. */
    private Parker arrivals;
    /** Attached to the downstream end: announced only while Waters are held for want of its credit. */
    private Parker credit;
    private int nextInput;
    /** The upstream end the last Water polled came from. */
    private int lastFrom;
    /** The module has had its last call (End of River from upstream, or it ended the river itself). */
    private boolean ending;

    /** How the stage ended (ENDED, STOPPED, FAILED), set once by the task; null while it runs. */
    private volatile State outcome;
    /** What failed it (FAILED), written before {@link #outcome}. */
    private Throwable failedWith;

    /**
     * A stage that runs {@code module} as a task of {@code runtime} as {@code spec} says; it
     * starts as a ModuleThread does ({@link #start()}), once its reservoirs are added (at most one
     * downstream: its start fails the stage with more).
     *
     * @param module the time-critical module; the stage owns it, as a ModuleThread does
     * @param config the module instance's configuration (name, parameters, node); its name names
     *        the task ("tigris-NAME")
     * @param spec how it runs: its period or on arrival, its overflow policy, Waters per run
     * @param runtime the node's Reflex runtime, whose scheduler runs the task; shared with the
     *        node's other time-critical stages
     * @throws NullPointerException if any argument is null
     */
    public ReflexStage(ModuleIF module, ModuleConfig config, TimeCritical spec, ReflexRuntime runtime) {
        super(module, config);
        this.module = module;
        this.spec = Objects.requireNonNull(spec, "time-critical spec");
        this.runtime = Objects.requireNonNull(runtime, "Reflex runtime");
        this.task = new ReflexStageTask(this, "tigris-" + config.name());
    }

    /**
     * How it runs.
     *
     * @return the spec it was made with: its period or on arrival, its overflow policy, Waters per run
     */
    public TimeCritical spec() {
        return spec;
    }

    /**
     * What the stage counted: Waters in and out, overruns, dropped, held.
     *
     * @return the stage's live counters, written by its scheduler thread and readable from any
     */
    public StageCounters counters() {
        return counters;
    }

    /**
     * What its Reflex scheduler counted of its task: releases, runs, missed periods, the longest run.
     *
     * @return the task's live counters, readable from any thread
     */
    public ReflexCounters taskCounters() {
        return task.counters();
    }

    @Override
    protected Report report() {
        Report own = module.report();
        ReflexCounters t = task.counters();
        return new ReflexStageReport(spec, counters.watersIn(), counters.watersOut(), counters.overruns(), counters.dropped(), counters.held(), t.runs(),
                        t.misses(), t.worstRunNanos(), own == null ? TextReport.EMPTY : own);
    }

    // ---- the stage's own thread -----------------------------------------------------------------

    /**
     * Adds the task, waits until it says the stage is over (or a stop asks it to end), removes it,
     * and ends as it did; the module was initialized here and is destroyed here after.
     */
    @Override
    protected State operate() throws Exception {
        keeper = Thread.currentThread();
        List<ProducerEnd> down = downstream();
        if (down.size() > 1) {
            throw new IllegalStateException("module " + name() + " is time-critical and has " + down.size()
                            + " downstream reservoirs: its stage puts into one, and never waits to choose among several");
        }
        inputs = upstream().toArray(new ConsumerEnd[0]);
        out = down.isEmpty() ? null : new OverflowEnd(down.getFirst(), spec.overflow(), spec.keep(), counters);
        if (stopRequested()) {
            return State.STOPPED;
        }
        runtime.add(task, spec.isOnArrival() ? Release.onEvent() : Release.periodicMicros(spec.periodMicros()));
        try {
            if (spec.isOnArrival()) {
                releaseTask();   // a first look at what arrived before the task was there to be released
            }
            boolean stopPassedOn = false;
            // A closed runtime's schedulers run the task no more: nothing else would end the wait.
            while (outcome == null && !runtime.isClosed()) {
                if (stopRequested() && !stopPassedOn) {
                    stopPassedOn = true;
                    if (spec.isOnArrival()) {
                        releaseTask();   // the task sees the stop at its next run; a periodic one runs within a period
                    }
                }
                LockSupport.parkNanos(this, KEEPER_PARK_NANOS);
                // A stop's late interrupt is for a thread stuck in a wait; this one waits only for its
                // task, which ends the stage itself at its next run.
                Thread.interrupted();
            }
        } finally {
            removeTask();
        }
        State end = outcome;
        if (end == null) {
            return endWithoutTask();
        }
        if (end == State.FAILED) {
            Throwable t = failedWith;
            if (t instanceof Exception e) {
                throw e;
            }
            throw (Error) t;
        }
        return end;
    }

    /** The end of a stage whose runtime closed under it: stopped if a stop was asked for, else failed saying why. */
    private State endWithoutTask() {
        if (stopRequested()) {
            return State.STOPPED;
        }
        throw new IllegalStateException("module " + name() + " is time-critical, and the Reflex runtime that ran its task closed before the task ended the stage");
    }

    /** Removes the task (after its current run); a stop's late interrupt must not cut the removal short. A closed runtime holds no task. */
    private void removeTask() {
        for (int attempt = 0;; attempt++) {
            Thread.interrupted();
            try {
                runtime.remove(task);
                return;
            } catch (IllegalStateException e) {
                if (runtime.isClosed()) {
                    return;   // closed before or during the removal: it holds the task no more
                }
                if (attempt > 0 || !Thread.currentThread().isInterrupted()) {
                    throw e;
                }
            }
        }
    }

    /** Releases the task to run soon (an end's signal, a stop, more Waters than one run takes); ignored while the task is not on its scheduler. */
    private void releaseTask() {
        try {
            task.release();
        } catch (IllegalStateException notRunning) {
            // Before the task was added (its first release looks at what came) or after it was
            // removed (the stage is over): a signal then has nothing to release.
        }
    }

    // ---- the task: on its Reflex scheduler's thread ---------------------------------------------

    /**
     * From the task's initialize: the ends' signals release the task, and their waits throw. Two
     * Parkers, so that a credit coming back releases the task only while Waters wait for it, not
     * after every Water the sink takes.
     */
    void attachScheduler() {
        arrivals = Parker.signalling(Thread.currentThread(), release);
        credit = Parker.signalling(Thread.currentThread(), release);
        for (ConsumerEnd in : inputs) {
            in.attachConsumer(arrivals);
        }
        for (ProducerEnd d : downstream()) {
            d.attachProducer(credit);
        }
    }

    /**
     * One run: held Waters out first as credit allows, then the Waters that arrived (or one call of
     * a source), never waiting; the stage is over once End of River came and nothing is held.
     * Never throws: what fails the module ends the stage.
     */
    void runOnce() {
        if (outcome != null) {
            return;   // over: its own thread removes the task
        }
        // Signals from now on release nothing until this run announces it has looked.
        arrivals.cancel();
        credit.cancel();
        try {
            if (stopRequested()) {
                finish(State.STOPPED, null);
                return;
            }
            if (out != null) {
                out.drainHeld();
            }
            if (!ending) {
                if (inputs.length == 0) {
                    callSource();
                } else {
                    takeArrived();
                }
            }
            if (ending && (out == null || out.heldCount() == 0)) {
                finish(State.ENDED, null);
                return;
            }
            if (out != null) {
                out.flush();
                if (spec.isOnArrival() && out.heldCount() > 0) {
                    // Held Waters wait for credit: announce, then look once more, so a credit that
                    // came back before the announcement is not missed.
                    credit.prepare();
                    if (out.realCredits() > 0) {
                        releaseTask();
                    }
                }
            }
        } catch (Throwable t) {
            finish(State.FAILED, t);
        }
    }

    /** A source's run: one call. */
    private void callSource() throws InterruptedException {
        countOperation();
        try {
            doOperation(null);
        } catch (EndOfRiverException e) {
            ending = true;
        }
    }

    /** Takes what arrived, at most maxPerRun Waters; on arrival, announces before its last look. */
    private void takeArrived() throws InterruptedException {
        boolean announced = false;
        for (int budget = spec.maxPerRun(); budget > 0;) {
            Water w = poll();
            if (w == null) {
                if (allEnded()) {
                    lastCall();
                    return;
                }
                if (spec.isOnArrival() && !announced) {
                    arrivals.prepare();   // then one more look: an arrival from now on releases the task
                    announced = true;
                    continue;
                }
                return;
            }
            if (announced) {
                arrivals.cancel();
                announced = false;
            }
            budget--;
            operateOn(w);
            if (ending) {
                return;   // the module ended the river itself
            }
        }
        if (spec.isOnArrival()) {
            releaseTask();   // more may be waiting: run again, after the scheduler's other released tasks
        }
    }

    /** The next Water round-robin among the upstream ends ({@link #lastFrom} says which), or null if none has one now. */
    private Water poll() {
        int n = inputs.length;
        for (int k = 0; k < n; k++) {
            int i = nextInput;
            nextInput = i + 1 == n ? 0 : i + 1;
            Water w = inputs[i].poll();   // an upstream failure is thrown here, after the Waters before it
            if (w != null) {
                lastFrom = i;
                return w;
            }
        }
        return null;
    }

    private boolean allEnded() {
        for (ConsumerEnd in : inputs) {
            if (!in.isEnded()) {
                return false;
            }
        }
        return true;
    }

    /** One doOperation on {@code w}; then, as a ModuleThread does, its buffers go back unless it was passed on (or is held to be), and its credit goes back. */
    private void operateOn(Water w) throws InterruptedException {
        ConsumerEnd from = inputs[lastFrom];
        tookWater(w, lastFrom);
        counters.tookIn();
        countOperation();
        try {
            doOperation(w);
        } catch (EndOfRiverException e) {
            ending = true;
        } finally {
            if (w.isOwned() && (out == null || !out.holds(w))) {
                w.release();   // not passed on (a held one was: it goes out later)
            }
            from.creditBack();
        }
    }

    /** Every upstream ended: the module's last call, with no Water. */
    private void lastCall() throws InterruptedException {
        ending = true;
        countOperation();
        try {
            doOperation(null);
        } catch (EndOfRiverException e) {
            // it ends here anyway
        }
    }

    @Override
    protected void doOperation(Water in) throws EndOfRiverException, InterruptedException {
        module.doOperation(in, out);
    }

    /** The stage is over: what it holds is released, its ends' signals release nothing more, and its own thread is told. */
    private void finish(State end, Throwable t) {
        arrivals.cancel();
        credit.cancel();
        if (out != null) {
            try {
                out.releaseHeld();
            } catch (RuntimeException e) {
                if (t == null) {
                    end = State.FAILED;
                    t = e;
                }
            }
        }
        failedWith = t;
        outcome = end;
        LockSupport.unpark(keeper);
    }
}
