/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.sched;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The calling thread's nice value, the Linux time-sharing priority of that one thread (Linux keeps
 * it per thread: {@code setpriority(PRIO_PROCESS, gettid(), n)}), through FFM. Java's own
 * {@code Thread.setPriority} does not reach it: HotSpot leaves every thread at the process's
 * priority on Linux unless started with {@code -XX:ThreadPriorityPolicy=1} as root.
 *
 * <p>Raising a thread's nice (lower priority) is always allowed; lowering it below its current value
 * needs {@code CAP_SYS_NICE} or a {@code RLIMIT_NICE} that allows it, and fails otherwise with the
 * reason. A process the thread starts inherits its nice.
 */
public final class ThreadNice {
    /** The nice values Linux has: -20 (the highest priority) to 19 (the lowest). */
    public static final int HIGHEST = -20, LOWEST = 19;
    private static final int PRIO_PROCESS = 0;

    private ThreadNice() {
    }

    /**
     * The kernel's id of the calling thread ({@code gettid}).
     *
     * @return the thread's id, as {@code /proc/self/task/} lists it; not {@link Thread#threadId()}
     */
    public static int tid() {
        return SchedCalls.tid();
    }

    /**
     * The calling thread's nice value.
     *
     * @return -20 (the highest priority) to 19 (the lowest)
     * @throws IllegalStateException if {@code getpriority} fails
     */
    public static int current() {
        try (Arena arena = Arena.ofConfined()) {
            // -1 is a valid nice value: only errno tells a failure from it.
            MemorySegment state = SchedCalls.callState(arena);
            int n = (int) SchedCalls.GetPriority.H.invokeExact(state, PRIO_PROCESS, tid());
            int errno = SchedCalls.errno(state);
            if (n == -1 && errno != 0) {
                throw new IllegalStateException("getpriority of thread " + tid() + " failed: errno " + errno);
            }
            return n;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /**
     * Sets the calling thread's nice value to {@code nice}.
     *
     * @param nice the nice value, {@link #HIGHEST} (-20) to {@link #LOWEST} (19)
     * @throws IllegalArgumentException if {@code nice} is outside -20..19
     * @throws SecurityException if this process may not raise the thread's priority that far
     *         (no {@code CAP_SYS_NICE}, and {@code RLIMIT_NICE} does not allow it); the message says so
     * @throws IllegalStateException if {@code setpriority} fails for another reason
     */
    public static void set(int nice) {
        if (nice < HIGHEST || nice > LOWEST) {
            throw new IllegalArgumentException("a nice value is " + HIGHEST + " to " + LOWEST + ", not " + nice);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = SchedCalls.callState(arena);
            int tid = tid();
            if ((int) SchedCalls.SetPriority.H.invokeExact(state, PRIO_PROCESS, tid, nice) != 0) {
                int errno = SchedCalls.errno(state);
                if (errno == SchedCalls.EACCES || errno == SchedCalls.EPERM) {
                    throw new SecurityException("cannot set thread " + tid + "'s nice value to " + nice + " (now " + current()
                                    + "): raising a thread's priority needs CAP_SYS_NICE or a RLIMIT_NICE that allows it");
                }
                throw new IllegalStateException("setpriority(thread " + tid + ", " + nice + ") failed: errno " + errno);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
