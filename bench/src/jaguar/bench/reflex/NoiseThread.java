/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.reflex;

import java.util.concurrent.locks.LockSupport;

/**
 * An ordinary Java thread that makes the collector work: it allocates 1 KiB arrays and keeps the
 * last {@code live} of them reachable (so collections copy or mark a live set), either as fast as it
 * can or at a given rate. Normal priority, not pinned: the kernel puts it where it likes.
 */
final class NoiseThread extends Thread {
    private final long bytesPerSecond;
    private final Object[] live;
    private volatile boolean stop;
    volatile long allocated;

    /** @param bytesPerSecond 0: as fast as it can */
    NoiseThread(long bytesPerSecond, int live) {
        super("noise");
        setDaemon(true);
        this.bytesPerSecond = bytesPerSecond;
        this.live = new Object[live];
    }

    @Override
    public void run() {
        long t0 = System.nanoTime();
        long n = 0;
        while (!stop) {
            live[(int) (n % live.length)] = new byte[1024];
            n++;
            if (bytesPerSecond > 0 && (n & 63) == 0) {
                long due = t0 + n * 1024 * 1_000_000_000L / bytesPerSecond;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
            }
            if ((n & 1023) == 0) {
                allocated = n * 1024;
            }
        }
        allocated = n * 1024;
    }

    void finish() throws InterruptedException {
        stop = true;
        join();
    }

    /** The noise alone, in a process of its own (beside cyclictest). Usage: NoiseThread SECONDS [BYTES_PER_SECOND] */
    public static void main(String[] args) throws Exception {
        NoiseThread t = new NoiseThread(args.length > 1 ? Long.parseLong(args[1]) : 0, 100_000);
        t.start();
        Thread.sleep(Long.parseLong(args[0]) * 1000);
        t.finish();
        System.err.printf("noise: %d MB allocated%n", t.allocated >> 20);
    }
}
