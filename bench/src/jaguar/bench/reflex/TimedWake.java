/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.reflex;

import org.HdrHistogram.Histogram;

import jaguar.sched.CpuAffinity;
import jaguar.sched.DeadlineTimer;
import jaguar.sched.RealtimePriority;

/**
 * How late a pinned {@code SCHED_FIFO} thread wakes from an absolute-deadline sleep every period,
 * with nothing else to do: the floor a Reflex's release stands on, measured under whatever idle
 * setting the caller left (reflex-figures.sh runs it with a VM's halt polling as found and as set).
 * Prints one row: label, wakes, lateness min / p50 / avg / p99 / max in µs.
 * Usage: TimedWake LABEL CPU PERIOD_US WAKES
 */
public final class TimedWake {
    private TimedWake() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: TimedWake LABEL CPU PERIOD_US WAKES");
            System.exit(2);
        }
        String label = args[0];
        int cpu = Integer.parseInt(args[1]);
        long period = Long.parseLong(args[2]) * 1000;
        int wakes = Integer.parseInt(args[3]);
        Histogram late = new Histogram(3);
        Thread t = Thread.ofPlatform().name("timed-wake").start(() -> {
            try {
                CpuAffinity.pin(cpu);
                RealtimePriority.setFifo(80);
                DeadlineTimer timer = new DeadlineTimer();
                long next = System.nanoTime() + period;
                for (int i = 0; i < wakes; i++) {
                    timer.sleepUntil(next);
                    late.recordValue(Math.max(0, System.nanoTime() - next));
                    next += period;
                }
                RealtimePriority.setNormal();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        t.join();
        System.out.printf("%s\t%d\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f%n", label, late.getTotalCount(), late.getMinValue() / 1e3, late.getValueAtPercentile(50) / 1e3,
                        late.getMean() / 1e3, late.getValueAtPercentile(99) / 1e3, late.getMaxValue() / 1e3);
    }
}
