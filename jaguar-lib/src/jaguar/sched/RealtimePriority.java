/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.sched;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The calling thread's Linux scheduling class: {@code SCHED_FIFO} at a real-time priority (1-99),
 * which preempts every time-sharing thread of the machine (the JVM's collector threads included)
 * the moment it is runnable, or back to the normal class. Through FFM's
 * {@code sched_setscheduler} on the thread itself; Java's thread priorities do not reach it.
 *
 * <p>It needs {@code CAP_SYS_NICE} or an {@code RLIMIT_RTPRIO} at least the priority asked for;
 * a container's runtime may deny it even to root. The kernel's real-time throttling
 * ({@code kernel.sched_rt_runtime_us}, 950,000 of every 1,000,000 µs by default) is left as it is:
 * a real-time thread that never sleeps cannot take the whole machine.
 */
public final class RealtimePriority {
    /** Linux's real-time priorities: 1 (the lowest) to 99. */
    public static final int LOWEST = 1, HIGHEST = 99;

    private RealtimePriority() {
    }

    /**
     * Puts the calling thread under {@code SCHED_FIFO} at {@code priority}.
     *
     * @param priority the real-time priority, {@link #LOWEST} (1) to {@link #HIGHEST} (99); higher
     *        preempts lower
     * @throws IllegalArgumentException if {@code priority} is outside 1..99
     * @throws SecurityException if this process may not; the message says what it lacks
     * @throws IllegalStateException if {@code sched_setscheduler} fails for another reason
     */
    public static void setFifo(int priority) {
        if (priority < LOWEST || priority > HIGHEST) {
            throw new IllegalArgumentException("a real-time priority is " + LOWEST + " to " + HIGHEST + ", not " + priority);
        }
        int errno = setScheduler(SchedCalls.SCHED_FIFO, priority);
        if (errno == SchedCalls.EPERM) {
            throw new SecurityException("thread " + SchedCalls.tid() + " may not run SCHED_FIFO at priority " + priority + ": " + whyNot(priority));
        }
        if (errno != 0) {
            throw new IllegalStateException("sched_setscheduler(thread " + SchedCalls.tid() + ", SCHED_FIFO, " + priority + ") failed: errno " + errno);
        }
    }

    /**
     * Puts the calling thread back in the normal, time-sharing class (its nice value unchanged).
     *
     * @throws IllegalStateException if {@code sched_setscheduler} fails
     */
    public static void setNormal() {
        int errno = setScheduler(SchedCalls.SCHED_OTHER, 0);
        if (errno != 0) {
            throw new IllegalStateException("sched_setscheduler(thread " + SchedCalls.tid() + ", SCHED_OTHER) failed: errno " + errno);
        }
    }

    /**
     * Whether the calling thread runs in the normal, time-sharing class ({@code SCHED_OTHER}).
     *
     * @return {@code true} for {@code SCHED_OTHER}; {@code false} for any other class
     *         ({@code SCHED_FIFO}, {@code SCHED_RR}, {@code SCHED_BATCH}, {@code SCHED_IDLE}, ...)
     * @throws IllegalStateException if {@code sched_getscheduler} fails
     */
    public static boolean isNormal() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = SchedCalls.callState(arena);
            int policy = (int) SchedCalls.GetScheduler.H.invokeExact(state, 0);
            if (policy < 0) {
                throw new IllegalStateException("sched_getscheduler of thread " + SchedCalls.tid() + " failed: errno " + SchedCalls.errno(state));
            }
            return policy == SchedCalls.SCHED_OTHER;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /**
     * The calling thread's real-time priority under {@code SCHED_FIFO}, or 0 if it runs in another class.
     *
     * @return 1 to 99 under {@code SCHED_FIFO}, else 0
     * @throws IllegalStateException if {@code sched_getscheduler} or {@code sched_getparam} fails
     */
    public static int fifoPriority() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = SchedCalls.callState(arena);
            int policy = (int) SchedCalls.GetScheduler.H.invokeExact(state, 0);
            if (policy < 0) {
                throw new IllegalStateException("sched_getscheduler of thread " + SchedCalls.tid() + " failed: errno " + SchedCalls.errno(state));
            }
            if (policy != SchedCalls.SCHED_FIFO) {
                return 0;
            }
            MemorySegment param = arena.allocate(ValueLayout.JAVA_INT);
            if ((int) SchedCalls.GetParam.H.invokeExact(state, 0, param) != 0) {
                throw new IllegalStateException("sched_getparam of thread " + SchedCalls.tid() + " failed: errno " + SchedCalls.errno(state));
            }
            return param.get(ValueLayout.JAVA_INT, 0);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /**
     * Why this process may not put a thread under {@code SCHED_FIFO} at {@code priority}, as far as
     * its limits tell: its {@code RLIMIT_RTPRIO}, the capability it needs otherwise, the kernel's
     * throttling.
     *
     * @param priority the priority that was refused, named in the text
     * @return a sentence fragment for an exception's message, starting {@code it needs ...}
     * @throws IllegalStateException if {@code getrlimit} fails
     */
    public static String whyNot(int priority) {
        long limit = rtprioLimit();
        String throttle;
        try {
            throttle = Files.readString(Path.of("/proc/sys/kernel/sched_rt_runtime_us")).strip();
        } catch (java.io.IOException e) {
            throttle = "unreadable";
        }
        return "it needs CAP_SYS_NICE or an RLIMIT_RTPRIO of at least " + priority + " (this process's is " + (limit < 0 ? "unlimited" : limit)
                        + "; `ulimit -r` raises it, or limits.conf's rtprio); a container's runtime may deny real-time scheduling even to root"
                        + " (kernel.sched_rt_runtime_us is " + throttle + ")";
    }

    /** The soft RLIMIT_RTPRIO, or -1 if unlimited. */
    private static long rtprioLimit() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = SchedCalls.callState(arena);
            MemorySegment limits = arena.allocate(ValueLayout.JAVA_LONG, 2);
            if ((int) SchedCalls.GetRlimit.H.invokeExact(state, SchedCalls.RLIMIT_RTPRIO, limits) != 0) {
                throw new IllegalStateException("getrlimit(RLIMIT_RTPRIO) failed: errno " + SchedCalls.errno(state));
            }
            return limits.get(ValueLayout.JAVA_LONG, 0);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** sched_setscheduler on the calling thread; its errno, 0 on success. */
    private static int setScheduler(int policy, int priority) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = SchedCalls.callState(arena);
            MemorySegment param = arena.allocate(ValueLayout.JAVA_INT);
            param.set(ValueLayout.JAVA_INT, 0, priority);
            return (int) SchedCalls.SetScheduler.H.invokeExact(state, 0, policy, param) == 0 ? 0 : SchedCalls.errno(state);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
