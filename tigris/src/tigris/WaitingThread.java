/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

/**
 * The thread that waits on one side of an end, as an end keeps it: the Parker it attached, or, for
 * a thread that attached none (a test, a tool), one that only an interrupt stops.
 */
final class WaitingThread {
    private volatile Parker parker;

    void attach(Parker p) {
        parker = p;
    }

    /** The calling thread's Parker: the attached one if it is this thread's. */
    Parker current() {
        Parker p = parker;
        if (p == null || p.owner() != Thread.currentThread()) {
            parker = p = Parker.forCurrentThread();
        }
        return p;
    }

    /** Wakes the waiting thread, if any has attached or waited. */
    void signal() {
        Parker p = parker;
        if (p != null) {
            p.unpark();
        }
    }
}
