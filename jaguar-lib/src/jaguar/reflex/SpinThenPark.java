/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import java.util.concurrent.locks.LockSupport;

/**
 * The wait for a holder that is expected to let go within microseconds (a commit's stores, the
 * event space's short lock): spin, and past {@link #SPIN_NANOS} park in steps as short, since the
 * holder may be a thread the kernel preempted, perhaps for the waiter itself on its CPU, which
 * can finish only if the waiter leaves the CPU.
 */
final class SpinThenPark {
    /** How long to spin, and then each park's length. */
    static final long SPIN_NANOS = 20_000;

    private SpinThenPark() {
    }

    /** One step of the wait that began at {@code sinceNanos} ({@link System#nanoTime()}). */
    static void step(long sinceNanos) {
        if (System.nanoTime() - sinceNanos < SPIN_NANOS) {
            Thread.onSpinWait();
        } else {
            LockSupport.parkNanos(SPIN_NANOS);
        }
    }
}
