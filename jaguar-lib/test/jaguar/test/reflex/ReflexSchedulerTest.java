/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.reflex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import jaguar.reflex.OverrunPolicy;
import jaguar.reflex.ReflexRuntime;
import jaguar.reflex.ReflexTask;
import jaguar.reflex.Release;
import jaguar.sched.CpuAffinity;
import jaguar.sched.RealtimePriority;

/**
 * Reflex schedulers: periodic releases at absolute times on a pinned real-time thread, the
 * overrun policies, event releases, aborts, confinement of a task's memory and an invocation path
 * that allocates nothing. Periods are a millisecond or more (10 µs for the allocation count), so
 * the tests leave a two-core machine usable and take a few seconds.
 */
class ReflexSchedulerTest {
    private static boolean root() throws Exception {
        return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("Uid:")).findFirst().orElseThrow().split("\\s+")[2]
                        .equals("0");
    }

    /** Records when each run began, and where it ran from initialize. */
    static final class Recorder extends ReflexTask {
        final long[] starts;
        volatile int count;
        volatile BitSet cpus;
        volatile int fifo = -1;
        volatile long threadId;
        /** Runs with these numbers (from 0) busy-wait this long. */
        final int longEvery;
        final long longNanos;

        Recorder(String name, OverrunPolicy overrun, int capacity, int longEvery, long longNanos) {
            super(name, 1, overrun, 4096, 4096);
            this.starts = new long[capacity];
            this.longEvery = longEvery;
            this.longNanos = longNanos;
        }

        @Override
        protected void initialize() {
            cpus = CpuAffinity.current();
            fifo = RealtimePriority.fifoPriority();
            threadId = Thread.currentThread().threadId();
        }

        @Override
        protected void execute() {
            long now = System.nanoTime();
            int n = count;
            if (n < starts.length) {
                starts[n] = now;
            }
            count = n + 1;
            if (longEvery > 0 && n % longEvery == longEvery - 1) {
                while (System.nanoTime() - now < longNanos) {
                    Thread.onSpinWait();
                }
            }
        }
    }

    private static void awaitRuns(Recorder r, int runs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (r.count < runs && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(r.count >= runs, r.name() + " ran " + r.count + " times in 30 s, not " + runs);
    }

    @Test
    void aPeriodicTaskRunsAtItsReleaseTimesOnItsCpuAtRealtimePriority() throws Exception {
        long period = TimeUnit.MILLISECONDS.toNanos(1);
        try (ReflexRuntime rt = ReflexRuntime.start("test")) {
            int cpu = rt.cpus().get(0);
            if (root()) {
                assertEquals(List.of(), rt.warnings(), "as root the scheduler runs SCHED_FIFO");
            } else {
                assertTrue(rt.warnings().get(0).contains("not SCHED_FIFO"), rt.warnings().toString());
            }
            long added = System.nanoTime();
            // RUN_LATE: no release is dropped, so run k is release k, whose time is k + 1 periods after the task was attached.
            Recorder r = rt.add(new Recorder("periodic", OverrunPolicy.RUN_LATE, 300, 0, 0), Release.periodicMicros(1000));
            long attachedBy = System.nanoTime();
            awaitRuns(r, 300);
            BitSet one = new BitSet();
            one.set(cpu);
            assertEquals(one, r.cpus, "the task's thread is pinned to its CPU");
            assertEquals(root() ? ReflexRuntime.DEFAULT_PRIORITY : 0, r.fifo);
            long worstLate = r.counters().worstLatenessNanos();
            for (int k = 0; k < 300; k++) {
                long release = (k + 1) * period;
                assertTrue(r.starts[k] - added >= release, "run " + k + " began " + (r.starts[k] - added) + " ns after the task was added, before its release");
                // Absolute release times do not drift: each run begins within the worst lateness counted of its own
                // time (and a period for the steps between the count and execute); relative sleeps would drift by
                // tens of µs a period, milliseconds over 300.
                assertTrue(r.starts[k] - attachedBy <= release + worstLate + period,
                                "run " + k + " began " + (r.starts[k] - attachedBy - release) + " ns after its release, worse than the worst lateness counted, "
                                                + worstLate);
            }
            assertEquals(0, r.counters().aborts());
        }
    }

    @Test
    void skipDropsTheReleasesAnOverrunPassedAndRunLateRunsThem() throws Exception {
        long period = TimeUnit.MILLISECONDS.toNanos(1);
        try (ReflexRuntime rt = ReflexRuntime.start("test")) {
            // Every 10th run takes 2.5 periods: the next two release times pass during it.
            Recorder skip = rt.add(new Recorder("skip", OverrunPolicy.SKIP, 0, 10, period * 5 / 2), Release.periodicMicros(1000));
            awaitRuns(skip, 100);
            rt.remove(skip);
            long longRuns = skip.count / 10;
            assertTrue(skip.counters().skipped() >= 2 * longRuns, skip.counters().toString());
            assertTrue(skip.counters().misses() >= longRuns, skip.counters().toString());
            assertEquals(0, skip.counters().late(), skip.counters().toString());

            Recorder late = rt.add(new Recorder("late", OverrunPolicy.RUN_LATE, 0, 10, period * 5 / 2), Release.periodicMicros(1000));
            awaitRuns(late, 100);
            rt.remove(late);
            // A long run's two late followers come after it: the last long run's may not before the removal.
            longRuns = (late.count - 2) / 10;
            assertEquals(0, late.counters().skipped(), late.counters().toString());
            assertTrue(late.counters().late() >= 2 * longRuns, late.counters().toString());
            assertEquals(late.counters().runs(), late.counters().releases(), "every release ran");
        }
    }

    /** Counts its runs; aborts every second run, throws on every fifth. */
    static final class EventTask extends ReflexTask {
        volatile long runs;

        EventTask() {
            super("events", 5, OverrunPolicy.SKIP, 4096, 0);
        }

        @Override
        protected void execute() {
            long n = ++runs;
            if (n % 5 == 0) {
                throw new IllegalStateException("run " + n + " fails");
            }
            if (n % 2 == 0) {
                abort();
            }
        }
    }

    @Test
    void eventReleasesFromOtherThreadsAreEachTakenOnceAndAbortsAreCounted() throws Exception {
        try (ReflexRuntime rt = ReflexRuntime.start("test")) {
            EventTask t = rt.add(new EventTask(), Release.onEvent());
            Thread[] releasers = new Thread[2];
            for (int i = 0; i < releasers.length; i++) {
                releasers[i] = Thread.ofPlatform().start(() -> {
                    for (int k = 0; k < 500; k++) {
                        t.release();
                        if (k % 50 == 0) {
                            Thread.onSpinWait();
                        }
                    }
                });
            }
            for (Thread r : releasers) {
                r.join();
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (t.counters().releases() < 1000 && System.nanoTime() < deadline) {
                Thread.sleep(2);
            }
            assertEquals(1000, t.counters().releases(), "every release taken, once: " + t.counters());
            long runs = t.counters().runs();
            assertTrue(runs >= 1 && runs <= 1000, t.counters().toString());
            assertEquals(runs / 5, t.counters().failures(), t.counters().toString());
            assertEquals(runs / 2 + runs / 5 - runs / 10, t.counters().aborts(), t.counters().toString());
            if (runs >= 5) {
                assertTrue(t.lastFailure().getMessage().endsWith("fails"), String.valueOf(t.lastFailure()));
            }
            var periodic = assertThrows(IllegalStateException.class, () -> rt.add(new Recorder("p", OverrunPolicy.SKIP, 0, 0, 0), Release.periodicMicros(1000))
                            .release());
            assertTrue(periodic.getMessage().contains("is periodic"), periodic.getMessage());
        }
    }

    /** Keeps a pointer to its stable container for the test to try from another thread. */
    static final class Holder extends ReflexTask {
        volatile jaguar.pso.PSOContainer container;

        Holder() {
            super("holder", 1, OverrunPolicy.SKIP, 4096, 0);
        }

        @Override
        protected void initialize() {
            container = stable();
            stable().buffer().putLong(64, 42);
        }

        @Override
        protected void execute() {
        }
    }

    @Test
    void aTasksMemoryIsItsSchedulersAloneAndFreedWhenRemoved() throws Exception {
        try (ReflexRuntime rt = ReflexRuntime.start("test")) {
            Holder h = rt.add(new Holder(), Release.onEvent());
            var denied = assertThrows(RuntimeException.class, () -> h.container.buffer().getLong(64));
            assertTrue(denied.getMessage().contains("thread"), denied.getMessage());
            assertTrue(rt.remove(h));
            assertTrue(!h.container.buffer().isAlive(), "freed with the task");
            assertTrue(!rt.remove(h), "removed once");
            var twice = rt.add(new Holder(), Release.onEvent());
            var again = assertThrows(IllegalStateException.class, () -> rt.add(twice, Release.onEvent()));
            assertTrue(again.getMessage().contains("runs already"), again.getMessage());
        }
        var bad = assertThrows(IllegalArgumentException.class, () -> ReflexRuntime.start("test", List.of(4000), 80));
        assertTrue(bad.getMessage().contains("CPU 4000 is not one this process may run on"), bad.getMessage());
    }

    /** Writes its stable state and transient arena every run, and allocates nothing on the heap. */
    static final class Quiet extends ReflexTask {
        volatile long runs;
        volatile long threadId;

        Quiet() {
            super("quiet", 1, OverrunPolicy.SKIP, 4096, 4096);
        }

        @Override
        protected void initialize() {
            threadId = Thread.currentThread().threadId();
        }

        @Override
        protected void execute() {
            long at = arena().allocate(64);
            arena().buffer().putLong(at, runs);
            stable().buffer().putLong(64, stable().buffer().getLong(64) + arena().buffer().getLong(at));
            runs = runs + 1;
        }
    }

    @Test
    void aWarmInvocationAllocatesNothingOnTheHeap() throws Exception {
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        try (ReflexRuntime rt = ReflexRuntime.start("test")) {
            Quiet q = rt.add(new Quiet(), Release.periodicMicros(10));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
            while (q.runs < 20_000 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            long runs0 = q.runs;
            long before = threads.getThreadAllocatedBytes(q.threadId);
            while (q.runs < runs0 + 100_000 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            long allocated = threads.getThreadAllocatedBytes(q.threadId) - before;
            long runs = q.runs - runs0;
            assertTrue(runs >= 100_000, "only " + runs + " runs in 40 s");
            // The smallest object is 16 bytes: fewer than one per hundred runs is none per run.
            assertTrue(allocated < runs / 100 * 16, runs + " runs (with their releases and sleeps) allocated " + allocated + " bytes; " + q.counters());
            assertNull(q.lastFailure());
        }
    }

    /** Records when it ran among others; the blocker holds its scheduler until the test lets it go. */
    static final class Ordered extends ReflexTask {
        static final java.util.concurrent.atomic.AtomicInteger SEQUENCE = new java.util.concurrent.atomic.AtomicInteger();
        volatile int ranAt = -1;
        volatile boolean hold;
        volatile boolean holding;

        Ordered(String name, int priority) {
            super(name, priority, OverrunPolicy.SKIP, 256, 0);
        }

        @Override
        protected void execute() {
            ranAt = SEQUENCE.getAndIncrement();
            holding = true;
            while (hold) {
                Thread.onSpinWait();
            }
        }
    }

    /** Tasks released together run by priority, and of equal priorities the one added first; a release while pending is taken by the same run. */
    @Test
    void releasedTasksRunByPriorityThenInTheOrderAdded() throws Exception {
        try (ReflexRuntime rt = ReflexRuntime.start("test", List.of(CpuAffinity.current().length() - 1), ReflexRuntime.DEFAULT_PRIORITY)) {
            Ordered blocker = rt.add(new Ordered("blocker", 99), Release.onEvent());
            Ordered low = rt.add(new Ordered("low", 1), Release.onEvent());
            Ordered firstOf3 = rt.add(new Ordered("first-of-3", 3), Release.onEvent());
            Ordered high = rt.add(new Ordered("high", 5), Release.onEvent());
            Ordered secondOf3 = rt.add(new Ordered("second-of-3", 3), Release.onEvent());
            blocker.hold = true;
            blocker.release();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!blocker.holding && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            // Released in an order that is none of the expected ones, twice for one of them.
            secondOf3.release();
            low.release();
            high.release();
            firstOf3.release();
            secondOf3.release();
            blocker.hold = false;
            while (low.ranAt < 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            int base = blocker.ranAt;
            assertEquals(List.of(1, 2, 3, 4), List.of(high.ranAt - base, firstOf3.ranAt - base, secondOf3.ranAt - base, low.ranAt - base),
                            "high, first-of-3, second-of-3, low");
            assertEquals(1, secondOf3.counters().runs(), "two releases while pending, one run");
            assertEquals(2, secondOf3.counters().releases());
            var again = assertThrows(IllegalStateException.class, () -> {
                rt.remove(low);
                rt.add(low, Release.onEvent());
            });
            assertTrue(again.getMessage().contains("a task is added once"), again.getMessage());
        }
    }
}
