/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.sched;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The calling thread's timer slack ({@code prctl(PR_SET_TIMERSLACK)}): how much later than asked
 * the kernel may end its timed sleeps, to batch wake-ups. A time-sharing thread has 50 µs by
 * default, as much as a Reflex's whole period; a {@code SCHED_FIFO} thread has none whatever this
 * says.
 */
public final class TimerSlack {
    private TimerSlack() {
    }

    /**
     * Sets the calling thread's timer slack to {@code nanos} (at least 1: 0 would mean the process's default).
     *
     * @param nanos the slack in ns, 1 or more
     * @throws IllegalArgumentException if {@code nanos} is less than 1
     * @throws IllegalStateException if {@code prctl} fails
     */
    public static void set(long nanos) {
        if (nanos < 1) {
            throw new IllegalArgumentException("a timer slack of at least 1 ns, not " + nanos);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = SchedCalls.callState(arena);
            if ((int) SchedCalls.Prctl.H.invokeExact(state, SchedCalls.PR_SET_TIMERSLACK, nanos) != 0) {
                throw new IllegalStateException("prctl(PR_SET_TIMERSLACK, " + nanos + ") failed: errno " + SchedCalls.errno(state));
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /**
     * The calling thread's timer slack in ns.
     *
     * @return the slack the kernel applies to this thread's timed sleeps, in ns (50,000 by
     *         default for a time-sharing thread)
     * @throws IllegalStateException if {@code prctl} fails
     */
    public static long current() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = SchedCalls.callState(arena);
            int r = (int) SchedCalls.Prctl.H.invokeExact(state, SchedCalls.PR_GET_TIMERSLACK, 0L);
            if (r < 0) {
                throw new IllegalStateException("prctl(PR_GET_TIMERSLACK) failed: errno " + SchedCalls.errno(state));
            }
            return r;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
