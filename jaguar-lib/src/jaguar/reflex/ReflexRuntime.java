/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import jaguar.sched.CpuAffinity;
import jaguar.sched.RealtimePriority;

/**
 * Reflex tasks' runtime: one {@link ReflexScheduler} per CPU it is given, each a platform thread
 * pinned to its CPU at a real-time priority ({@code SCHED_FIFO}) where the process may use it;
 * where it may not, the schedulers run at normal priority and {@link #warnings()} says why (so
 * does a warning on {@code System.Logger} "jaguar.reflex"). Tasks are added to a CPU's scheduler
 * and run there until removed or the runtime closes.
 */
public final class ReflexRuntime implements AutoCloseable {
    /** The real-time priority schedulers ask for unless told: above every interrupt thread a PREEMPT_RT kernel runs at 50. */
    public static final int DEFAULT_PRIORITY = 80;

    private final String name;
    private final List<ReflexScheduler> schedulers = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final Runnable countersHook;
    private boolean closed;

    private final EventSpace space;

    private ReflexRuntime(String name, List<Integer> cpus, int priority, EventSpace space) {
        this.space = space;
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("a Reflex runtime needs at least one CPU");
        }
        if (priority < RealtimePriority.LOWEST || priority > RealtimePriority.HIGHEST) {
            throw new IllegalArgumentException("a real-time priority is " + RealtimePriority.LOWEST + " to " + RealtimePriority.HIGHEST + ", not " + priority);
        }
        BitSet allowed = CpuAffinity.current();
        for (int cpu : cpus) {
            if (!allowed.get(cpu)) {
                throw new IllegalArgumentException("CPU " + cpu + " is not one this process may run on (" + allowed + ")");
            }
        }
        this.name = name;
        try {
            for (int cpu : cpus) {
                ReflexScheduler s = new ReflexScheduler(name, cpu, priority, space);
                schedulers.add(s);
                String why = s.start();
                if (why != null) {
                    warnings.add(why);
                    System.getLogger("jaguar.reflex").log(System.Logger.Level.WARNING, why);
                }
            }
        } catch (RuntimeException | Error e) {
            stopAll();
            throw e;
        }
        countersHook = () -> {
            for (ReflexScheduler s : schedulers) {
                for (ReflexTask t : s.tasks()) {
                    ReflexCountersEvent.emit(t);
                }
            }
        };
        jdk.jfr.FlightRecorder.addPeriodicEvent(ReflexCountersEvent.class, countersHook);
    }

    /**
     * Starts schedulers on {@code cpus} at real-time priority {@code priority}. Returns once every
     * scheduler's thread runs; where one could not get {@code SCHED_FIFO}, {@link #warnings()}
     * says why.
     *
     * @param name what the schedulers' threads, warnings and errors call the runtime
     * @param cpus one scheduler per CPU number listed, in this order; the first is the default of
     *        {@link #add(ReflexTask, Release)}
     * @param priority the schedulers' {@code SCHED_FIFO} priority, 1 to 99
     * @return the running runtime; close it to stop the schedulers
     * @throws IllegalArgumentException if a CPU is not one this process may run on, the list is
     *         empty, or the priority is not 1-99
     */
    public static ReflexRuntime start(String name, List<Integer> cpus, int priority) {
        return new ReflexRuntime(name, List.copyOf(cpus), priority, null);
    }

    /**
     * As {@link #start(String, List, int)}, with {@code space} the event space its tasks share (the caller closes it after the runtime).
     *
     * @param name what the schedulers' threads, warnings and errors call the runtime
     * @param cpus one scheduler per CPU number listed, in this order
     * @param priority the schedulers' {@code SCHED_FIFO} priority, 1 to 99
     * @param space the event space of {@link ReflexTask#space()}; not null
     * @return the running runtime
     * @throws IllegalArgumentException if a CPU is not one this process may run on, the list is
     *         empty, or the priority is not 1-99
     * @throws NullPointerException if {@code space} is null
     */
    public static ReflexRuntime start(String name, List<Integer> cpus, int priority, EventSpace space) {
        return new ReflexRuntime(name, List.copyOf(cpus), priority, java.util.Objects.requireNonNull(space, "space"));
    }

    /**
     * The event space its tasks share.
     *
     * @return the space the runtime was started with
     * @throws IllegalStateException if it was started without one
     */
    public EventSpace space() {
        if (space == null) {
            throw new IllegalStateException("runtime " + name + " was started without an event space");
        }
        return space;
    }

    /**
     * One scheduler, on the highest-numbered CPU this process may use (CPU 0 takes most interrupts), at {@link #DEFAULT_PRIORITY}.
     *
     * @param name what the scheduler's thread, warnings and errors call the runtime
     * @return the running runtime, without an event space
     */
    public static ReflexRuntime start(String name) {
        return start(name, List.of(CpuAffinity.current().length() - 1), DEFAULT_PRIORITY);
    }

    /**
     * The CPUs its schedulers run on.
     *
     * @return the CPU numbers, in the order given to {@code start}; unmodifiable
     */
    public List<Integer> cpus() {
        return schedulers.stream().map(ReflexScheduler::cpu).toList();
    }

    /**
     * Why schedulers do not run real-time, one line each; empty if they all do.
     *
     * @return a copy of the warnings made at start
     */
    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    /**
     * Adds {@code task} to the first CPU's scheduler, as {@link #add(ReflexTask, Release, int)} does.
     *
     * @param <T> the task's class
     * @param task a task never added before
     * @param release when its scheduler runs it
     * @return {@code task}
     * @throws ReflexCheckException if the task's code may keep a heap reference past an invocation or take a lock
     * @throws IllegalStateException if the task was added before, or this runtime is closed
     */
    public <T extends ReflexTask> T add(T task, Release release) {
        return add(task, release, schedulers.get(0).cpu());
    }

    /**
     * Adds {@code task} to the scheduler of {@code cpu}: its memory is made and its initialize
     * runs there, before this returns.
     *
     * @param <T> the task's class
     * @param task a task never added before (a removed task cannot be added again: add a new
     *        instance)
     * @param release when its scheduler runs it: periodically, the first time a period from now,
     *        or on {@link ReflexTask#release()}
     * @param cpu a CPU this runtime has a scheduler on
     * @return {@code task}, for chaining
     * @throws ReflexCheckException if the task's code may keep a heap reference past an invocation or take a lock
     * @throws IllegalArgumentException if this runtime has no scheduler on {@code cpu}
     * @throws IllegalStateException if the task runs already or was removed, or this runtime is closed
     * @throws RuntimeException what the task's initialize threw
     */
    public synchronized <T extends ReflexTask> T add(T task, Release release, int cpu) {
        checkOpen();
        java.util.Objects.requireNonNull(release, "release");
        ReflexChecker.check(task.getClass());
        scheduler(cpu).add(task, release);
        return task;
    }

    /**
     * Stops running {@code task} and frees its memory; false if this runtime did not run it. The
     * task's current invocation, if any, ends first. The task cannot be added again.
     *
     * @param task the task to remove
     * @return {@code true} if one of this runtime's schedulers ran it
     * @throws IllegalStateException if this runtime is closed
     */
    public synchronized boolean remove(ReflexTask task) {
        checkOpen();
        for (ReflexScheduler s : schedulers) {
            if (s.remove(task)) {
                return true;
            }
        }
        return false;
    }

    private ReflexScheduler scheduler(int cpu) {
        for (ReflexScheduler s : schedulers) {
            if (s.cpu() == cpu) {
                return s;
            }
        }
        throw new IllegalArgumentException("runtime " + name + " has no scheduler on CPU " + cpu + " (it has " + cpus() + ")");
    }

    /**
     * Whether {@link #close} was called: its schedulers run no task any more.
     *
     * @return true once closed
     */
    public synchronized boolean isClosed() {
        return closed;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("runtime " + name + " is closed");
        }
    }

    /** Stops every scheduler after its current invocation and frees every task's memory. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        jdk.jfr.FlightRecorder.removePeriodicEvent(countersHook);
        stopAll();
    }

    private void stopAll() {
        for (ReflexScheduler s : schedulers) {
            try {
                s.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
