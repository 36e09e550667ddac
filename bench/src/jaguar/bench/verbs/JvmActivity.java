/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.verbs;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * The JVM's own work that stalls a benchmark thread: JIT compilation (jargraal compiles itself on
 * the same two vCPUs, and under -Xbatch a caller waits for its compile) and garbage collection
 * (a young collection stops every thread). Under emulation both go on long after the benchmark's
 * loop is compiled: probe 3 (bench/results/raw/verbs-stalls-probe.txt) saw 187 compilations and
 * young collections of 31-52 ms inside a 1.7-s measured part. Each read is a call into the VM;
 * callers on a message path sample it, not read it per message. An instance tells whether a span
 * of time was quiet: the warm-up's check periods, the server's windows.
 */
final class JvmActivity {
    private static final CompilationMXBean COMPILER = ManagementFactory.getCompilationMXBean();
    private static final List<GarbageCollectorMXBean> COLLECTORS = ManagementFactory.getGarbageCollectorMXBeans();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** An instance is a span of time: where it started, and the counters then. */
    private long start;
    private long compileAtStart;
    private long collectionsAtStart;
    private long otherCpuAtStart;

    /**
     * A span starting at {@code now}, when the counters read {@code compileMillis}, {@code collections}
     * and {@code otherCpuNanos} ({@link #otherThreadsCpuNanos}, read on the benchmark's thread).
     */
    JvmActivity(long now, long compileMillis, long collections, long otherCpuNanos) {
        restart(now, compileMillis, collections, otherCpuNanos);
    }

    /** The System.nanoTime at which this span started. */
    long start() {
        return start;
    }

    /** Whether the span that ends at {@code now}, counters as given, was {@link #quiet}; the next span starts there. */
    boolean quietUntil(long now, long compileMillis, long collections, long otherCpuNanos) {
        boolean quiet = quiet(compileMillis - compileAtStart, collections - collectionsAtStart,
                otherCpuNanos < 0 || otherCpuAtStart < 0 ? 0 : otherCpuNanos - otherCpuAtStart, now - start);
        restart(now, compileMillis, collections, otherCpuNanos);
        return quiet;
    }

    private void restart(long now, long compileMillis, long collections, long otherCpuNanos) {
        start = now;
        compileAtStart = compileMillis;
        collectionsAtStart = collections;
        otherCpuAtStart = otherCpuNanos;
    }

    /**
     * Whether a span of {@code elapsedNanos} in which the JVM compiled for {@code compileMillis},
     * collected {@code collections} times and its threads other than the benchmark's used
     * {@code otherCpuNanos} counts as quiet: no collection, compiler threads busy for less than a
     * twentieth of it, and the other threads using under a twentieth of a CPU over it (the
     * compilation counter moves only when a compilation ends: in the fifteenth session's run a
     * server compiled on for 1.4 s of a first measured part that the counters had let start). Not
     * no compilation at all: once Graal starts compiling
     * the benchmark, jargraal compiles itself (C1 its classes, Graal the JDK methods they use) for
     * minutes under emulation: 1,650-3,370 methods a minute at first, 310-840 a minute three
     * minutes later (raw/verbs-gate-probe.txt, probe 5), a trickle long after.
     */
    static boolean quiet(long compileMillis, long collections, long otherCpuNanos, long elapsedNanos) {
        return collections == 0 && compileMillis * 1_000_000L * 20 < elapsedNanos && otherCpuNanos * 20 < elapsedNanos;
    }

    /**
     * Sleeps until this process has used under a fiftieth of a CPU over a whole {@code periodNanos}
     * (its caller sleeping, so: compiler, collector and VM threads), or until {@code limitNanos}
     * have passed; returns the nanoseconds it waited. Between a pair's measured parts the C run
     * must have the vCPUs to itself: in probe 11 the JVMs compiled for seconds in such pauses, and
     * the compilation counters alone did not tell (they move when a compilation ends, and one
     * compilation can take seconds under emulation).
     */
    static long awaitIdle(long periodNanos, long limitNanos) {
        long begin = System.nanoTime();
        long t = begin;
        long cpu = processCpuNanos();
        try {
            while (true) {
                Thread.sleep(periodNanos / 1_000_000);
                long now = System.nanoTime();
                long c = processCpuNanos();
                if ((c - cpu) * 50 < now - t || now - begin >= limitNanos) {
                    return now - begin;
                }
                t = now;
                cpu = c;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return System.nanoTime() - begin;
        }
    }

    /** CPU time this process has used so far, all threads, or -1 where the VM does not say. */
    static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    /**
     * CPU time the process has used so far in all threads but the caller's (the JIT's, the
     * collector's, the VM's own), or -1 where the VM does not say. Its growth over a measured part
     * is what the JVM took from the vCPUs beside the benchmark thread; a C program has no such
     * threads. Two system calls: read it outside the measured loop, or sampled.
     */
    static long otherThreadsCpuNanos() {
        long process = processCpuNanos();
        long mine = THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
        return process < 0 || mine < 0 ? -1 : process - mine;
    }

    /** Milliseconds the JIT compilers have spent so far, or -1 where the VM does not say. */
    static long compileMillis() {
        return COMPILER != null && COMPILER.isCompilationTimeMonitoringSupported() ? COMPILER.getTotalCompilationTime() : -1;
    }

    /** Collections so far, all collectors. */
    static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean gc : COLLECTORS) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    /** Milliseconds spent in collections so far, all collectors. */
    static long collectionMillis() {
        long ms = 0;
        for (GarbageCollectorMXBean gc : COLLECTORS) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms;
    }
}
