/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import jaguar.sched.CpuAffinity;
import jaguar.sched.DeadlineTimer;
import jaguar.sched.RealtimePriority;
import jaguar.sched.TimerSlack;

/**
 * One CPU's scheduler: a platform thread pinned to the CPU, under {@code SCHED_FIFO} where the
 * process may, that runs its tasks one at a time, the highest priority first among those
 * released: a periodic task at absolute release times (never a relative sleep, which would
 * drift), an event task when {@link ReflexTask#release()} was called. Between runs it sleeps until
 * the next release, or until woken (a release, a task added or removed, a stop). Changes to its
 * tasks arrive as commands it runs between invocations, so only its thread touches them.
 */
final class ReflexScheduler implements Runnable {
    /** How long an idle scheduler with no periodic task sleeps before it looks again (a wake ends it sooner). */
    private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private static final jdk.jfr.EventType MISS_EVENT = jdk.jfr.EventType.getEventType(ReflexMissEvent.class);

    private final String name;
    private final int cpu;
    private final int fifoPriority;
    /** Its thread runs under SCHED_FIFO at fifoPriority. */
    private volatile boolean fifo;
    private final DeadlineTimer timer = new DeadlineTimer();
    private final ConcurrentLinkedQueue<Runnable> commands = new ConcurrentLinkedQueue<>();
    private final CompletableFuture<String> started = new CompletableFuture<>();
    private final Thread thread;
    private volatile boolean stopping;
    /** The tasks, highest priority first: this thread's only. */
    private ReflexTask[] tasks = new ReflexTask[0];
    /** The periodic ones among them, highest priority first. */
    private ReflexTask[] periodic = new ReflexTask[0];
    private long added;
    /**
     * Event tasks released since the loop last looked, from any thread: a lock-free stack through
     * {@link ReflexTask#nextReady}, each task in it at most once (pushed when its pending releases
     * go from none to one, and they go back to none only when it runs). So a release costs a push
     * and, from another thread, a wake, and the loop never scans tasks that were not released.
     */
    private final AtomicReference<ReflexTask> released = new AtomicReference<>();
    /** Event tasks released and not yet run: this thread's. */
    private ReflexTask[] ready = new ReflexTask[8];
    private int readyCount;

    private final EventSpace space;

    ReflexScheduler(String runtime, int cpu, int fifoPriority, EventSpace space) {
        this.space = space;
        this.name = runtime + "-cpu" + cpu;
        this.cpu = cpu;
        this.fifoPriority = fifoPriority;
        this.thread = Thread.ofPlatform().name(name).daemon().unstarted(this);
    }

    /**
     * Starts the thread and waits until it is pinned and has its priority.
     *
     * @return why it does not run real-time (null if it does)
     */
    String start() {
        thread.start();
        try {
            return started.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (java.util.concurrent.TimeoutException | InterruptedException e) {
            throw new IllegalStateException("scheduler " + name + " did not start: " + e);
        }
    }

    /** The SCHED_FIFO priority its thread runs at; 0 if it runs at normal priority. */
    int realtimePriority() {
        return fifo ? fifoPriority : 0;
    }

    int cpu() {
        return cpu;
    }

    /** Runs {@code command} on this scheduler's thread between invocations and waits for it. */
    void call(Runnable command) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        commands.add(() -> {
            try {
                command.run();
                done.complete(null);
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        wake();
        try {
            done.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("scheduler " + name + " did not take a command within 30 s (a task that never returns?)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for scheduler " + name);
        }
    }

    /** Adds {@code task}: its memory and initialize run on this thread; its first periodic release is a period from now. */
    void add(ReflexTask task, Release release) {
        call(() -> {
            task.addedOrder = added++;
            task.attach(this, release, System.nanoTime(), space);
            ReflexTask[] more = java.util.Arrays.copyOf(tasks, tasks.length + 1);
            more[tasks.length] = task;
            // Stable: of equal priorities, the one added first runs first.
            java.util.Arrays.sort(more, (a, b) -> Integer.compare(b.priority(), a.priority()));
            setTasks(more);
        });
    }

    /** Removes {@code task} and frees its memory; false if it was not this scheduler's. */
    boolean remove(ReflexTask task) {
        boolean[] found = new boolean[1];
        call(() -> {
            ReflexTask[] fewer = java.util.Arrays.stream(tasks).filter(t -> t != task).toArray(ReflexTask[]::new);
            found[0] = fewer.length != tasks.length;
            if (found[0]) {
                setTasks(fewer);
                for (int i = 0; i < readyCount; i++) {
                    if (ready[i] == task) {
                        ready[i] = ready[--readyCount];
                        ready[readyCount] = null;
                        break;
                    }
                }
                task.detach();
            }
        });
        return found[0];
    }

    private void setTasks(ReflexTask[] sorted) {
        tasks = sorted;
        periodic = java.util.Arrays.stream(sorted).filter(t -> t.periodNanos != 0).toArray(ReflexTask[]::new);
        if (ready.length < sorted.length) {
            ready = java.util.Arrays.copyOf(ready, sorted.length * 2);   // a task is ready at most once: no growth on the release path
        }
    }

    /**
     * An event task was released ({@code first}: it had no release pending): from any thread. The
     * scheduler's own thread (a task's commit releasing a subscriber) needs no wake: its loop looks
     * at the released tasks before it sleeps.
     */
    void released(ReflexTask task, boolean first) {
        if (!first) {
            return;   // pending already: it is on the stack or ready, and its scheduler was woken for it
        }
        ReflexTask top;
        do {
            top = released.get();
            task.nextReady = top;
        } while (!released.compareAndSet(top, task));
        if (Thread.currentThread() != thread) {
            timer.wake();
        }
    }

    /** Moves the released tasks into {@link #ready}; this thread's. */
    private void takeReleased() {
        ReflexTask t = released.getAndSet(null);
        while (t != null) {
            ReflexTask below = t.nextReady;
            t.nextReady = null;
            if (t.runsOn(this)) {   // a task removed since its release is not run
                if (readyCount == ready.length) {
                    ready = java.util.Arrays.copyOf(ready, ready.length * 2);
                }
                ready[readyCount++] = t;
            }
            t = below;
        }
    }

    /** Whether {@code a} runs before {@code b} when both are released: the higher priority, then the one added first. */
    private static boolean before(ReflexTask a, ReflexTask b) {
        return a.priority() > b.priority() || a.priority() == b.priority() && a.addedOrder < b.addedOrder;
    }

    java.util.List<ReflexTask> tasks() {
        java.util.List<ReflexTask> list = new java.util.ArrayList<>();
        call(() -> list.addAll(java.util.List.of(tasks)));
        return list;
    }

    /** Ends the scheduler's sleep now (from any thread). */
    void wake() {
        timer.wake();
    }

    /** Stops the thread after the invocation it is in, frees every task's memory, and waits for it. */
    void stop() throws InterruptedException {
        stopping = true;
        wake();
        thread.join(TimeUnit.SECONDS.toMillis(30));
    }

    @Override
    public void run() {
        String notRealtime;
        try {
            CpuAffinity.pin(cpu);
            notRealtime = realtime();
        } catch (RuntimeException | Error e) {
            started.completeExceptionally(e);
            return;
        }
        started.complete(notRealtime);
        try {
            loop();
        } finally {
            for (ReflexTask t : tasks) {
                t.detach();
            }
            tasks = new ReflexTask[0];
        }
    }

    /** Puts this thread under SCHED_FIFO; returns why not if the process may not (the thread then runs with no timer slack). */
    private String realtime() {
        try {
            RealtimePriority.setFifo(fifoPriority);
            fifo = true;
            return null;
        } catch (SecurityException e) {
            TimerSlack.set(1);
            return "scheduler " + name + " runs at normal priority, not SCHED_FIFO " + fifoPriority + ": " + e.getMessage();
        }
    }

    private void loop() {
        while (true) {
            // Read before looking at commands and releases: a wake after this read ends the sleep below.
            int wakes = timer.wakes();
            for (Runnable c; (c = commands.poll()) != null;) {
                c.run();
            }
            if (stopping) {
                return;
            }
            long now = System.nanoTime();
            ReflexTask next = null;
            long nextDue = now + IDLE_NANOS;
            for (ReflexTask t : periodic) {
                if (t.nextRelease - now <= 0) {
                    next = t;
                    break;
                }
                nextDue = Math.min(nextDue, t.nextRelease);
            }
            takeReleased();
            int best = -1;
            for (int i = 0; i < readyCount; i++) {
                if (best < 0 || before(ready[i], ready[best])) {
                    best = i;
                }
            }
            if (best >= 0 && (next == null || before(ready[best], next))) {
                next = ready[best];
                ready[best] = ready[--readyCount];
                ready[readyCount] = null;
            }
            if (next != null) {
                invoke(next, now);
                continue;
            }
            try {
                timer.awaitUntil(wakes, nextDue);
            } catch (InterruptedException e) {
                return;   // nobody interrupts this thread but a JVM going down
            }
        }
    }

    private void invoke(ReflexTask t, long now) {
        long period = t.periodNanos;
        long release;
        long deadline;
        if (period != 0) {
            release = t.nextRelease;
            deadline = release + period;
            t.counters().released(1, now - release);
            if (t.late) {
                t.counters().ranLate();
                t.late = false;
            }
        } else {
            release = now;
            deadline = Long.MAX_VALUE;
            t.counters().released(t.takePending(), 0);
        }
        t.currentRelease = release;
        long start = System.nanoTime();
        t.invoke();
        long end = System.nanoTime();
        boolean missed = end - deadline > 0;
        t.counters().ran(end - start, missed);
        if (missed) {
            missed(t, start - release, end - start, end - deadline);
        }
        if (period != 0) {
            long next = deadline;
            if (end - next >= 0) {
                if (t.overrun() == OverrunPolicy.SKIP) {
                    long passed = (end - next) / period + 1;   // releases at next, next + period, ... up to end
                    t.counters().skipped(passed);
                    next += passed * period;
                } else {
                    t.late = true;   // next is due already: it runs at once
                }
            }
            t.nextRelease = next;
        }
    }

    /** Misses may come every period on a loaded machine: the event object is made only while a recording wants it. */
    private static void missed(ReflexTask t, long lateness, long run, long overrun) {
        if (!MISS_EVENT.isEnabled()) {
            return;
        }
        ReflexMissEvent e = new ReflexMissEvent();
        if (e.shouldCommit()) {
            e.task = t.name();
            e.lateness = lateness;
            e.run = run;
            e.overrun = overrun;
            e.commit();
        }
    }

    @Override
    public String toString() {
        return "scheduler " + name;
    }
}
