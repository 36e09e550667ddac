/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.reflex;

/**
 * What a periodic task saw of each invocation: its release, when it started and when its work
 * ended (System.nanoTime()), and the CPU time its thread got meanwhile (less than the wall time
 * when the kernel or the hypervisor ran something else). Arrays made before the run: recording
 * allocates nothing.
 */
final class PeriodLog {
    final long[] release;
    final long[] start;
    final long[] end;
    final long[] cpu;
    int count;

    PeriodLog(int capacity) {
        release = new long[capacity];
        start = new long[capacity];
        end = new long[capacity];
        cpu = new long[capacity];
    }

    boolean full() {
        return count == release.length;
    }

    void record(long r, long s, long e, long cpuNanos) {
        if (count < release.length) {
            cpu[count] = cpuNanos;
            release[count] = r;
            start[count] = s;
            end[count] = e;
            count++;
        }
    }
}
