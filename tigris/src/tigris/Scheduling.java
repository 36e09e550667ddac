/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import jaguar.sched.ThreadNice;

/**
 * How a module's threads are scheduled: the pipeline hints {@code @realtime} and
 * {@code @background} (the thesis's Table 3.3), as Linux nice values of the threads themselves.
 * Soft real time here is the highest time-sharing priority a process may give without a
 * real-time policy: a {@code SCHED_FIFO} thread that spins (a Tigris reader does, briefly) can take
 * a CPU from the kernel's own threads, which time-critical tasks of their own (Reflexes) are for.
 */
public enum Scheduling {
    /** The process's own priority. */
    NORMAL(0),
    /** Runs when nothing else wants the CPU, nearly: nice 10. */
    BACKGROUND(10),
    /** Ahead of every ordinary thread: nice -10; needs CAP_SYS_NICE (root has it). */
    REALTIME(-10);

    private final int nice;

    Scheduling(int nice) {
        this.nice = nice;
    }

    /** {@return the nice value a thread of this class runs at, from -10 to 10 (0 for {@link #NORMAL})} */
    public int nice() {
        return nice;
    }

    /**
     * Gives the calling thread this class's priority; null if it has it, else why not (the
     * process may not raise a thread's priority), and the thread keeps the one it had.
     *
     * @return null if the thread has this class's priority now, else why not
     */
    public String applyToCurrentThread() {
        if (this == NORMAL) {
            return null;
        }
        try {
            ThreadNice.set(nice);
            return null;
        } catch (SecurityException e) {
            return e.getMessage();
        }
    }
}
