/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.sched;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * Sleeps its thread until an absolute time of the monotonic clock, the clock of
 * {@link System#nanoTime()} (HotSpot reads {@code CLOCK_MONOTONIC} for it on Linux), with
 * {@code clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)}: a period released this way does not
 * drift, as one released by relative sleeps does (each late wake-up would push every later one).
 * The thread sleeps in native code, where a safepoint does not wait for it; it stops only if it
 * wakes during one.
 *
 * <p>{@link #awaitUntil} is the same sleep, which another thread can end early with
 * {@link #wake()}: a futex wait ({@code FUTEX_WAIT_BITSET}, whose timeout is an absolute time of
 * the monotonic clock) on a word the timer holds.
 *
 * <p>A timer holds its own {@code timespec} and call state, so a sleep allocates nothing; it
 * sleeps one thread at a time (not thread-safe, but for {@link #wake()}).
 */
public final class DeadlineTimer {
    private static final StructLayout TIMESPEC = MemoryLayout.structLayout(ValueLayout.JAVA_LONG.withName("tv_sec"),
                    ValueLayout.JAVA_LONG.withName("tv_nsec"));
    private static final VarHandle SECONDS = TIMESPEC.varHandle(MemoryLayout.PathElement.groupElement("tv_sec"));
    private static final VarHandle NANOS = TIMESPEC.varHandle(MemoryLayout.PathElement.groupElement("tv_nsec"));
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final VarHandle WORD = ValueLayout.JAVA_INT.varHandle();

    private final MemorySegment request;
    private final MemorySegment callState;
    /** The futex word: bumped by every wake. */
    private final MemorySegment word;

    /**
     * Makes a timer, its memory in an automatic arena (freed when the timer is unreachable).
     *
     * @throws UnsupportedOperationException if the futex system call's number is not known for
     *         this machine's architecture (only x86-64 and AArch64 are)
     */
    public DeadlineTimer() {
        if (SchedCalls.SYS_FUTEX < 0) {
            throw new UnsupportedOperationException("no futex system call number known for " + System.getProperty("os.arch"));
        }
        Arena arena = Arena.ofAuto();
        request = arena.allocate(TIMESPEC);
        callState = arena.allocate(SchedCalls.CAPTURE);
        word = arena.allocate(ValueLayout.JAVA_INT);
    }

    /**
     * The wake count, to read before looking at what a wake would signal and pass to
     * {@link #awaitUntil}: no wake is then missed.
     *
     * @return the number of {@link #wake()} calls so far, wrapping at 2<sup>32</sup>; only
     *         equality with a later value means anything
     */
    public int wakes() {
        return (int) WORD.getVolatile(word, 0L);
    }

    /**
     * Sleeps until {@link System#nanoTime()} reaches {@code deadline}, or until a {@link #wake()}
     * after {@link #wakes()} returned {@code wakesSeen}.
     *
     * @param wakesSeen what {@link #wakes()} returned before the caller looked for work: a wake
     *         since then ends the sleep at once
     * @param deadline the {@link System#nanoTime()} value to sleep until, in ns; a deadline that
     *        has passed returns at once
     * @return true if woken (or a wake came before the sleep), false at the deadline
     * @throws InterruptedException if the thread was interrupted before or during the sleep (a
     *         {@link Thread#interrupt} during it is seen when the sleep ends)
     * @throws IllegalStateException if the futex wait keeps failing for another reason than a
     *         wake, a signal or the deadline
     */
    public boolean awaitUntil(int wakesSeen, long deadline) throws InterruptedException {
        prepare(deadline);
        boolean woken;
        int failures = 0;
        try {
            while (true) {
                // Without errno: its capture made a slice of the call state each call, an allocation the
                // JIT did not always remove. What the wait ended on is read from the word and the clock; a
                // call that keeps failing is called once more with errno, to say why.
                long r = (long) SchedCalls.FutexNoErrno.H.invokeExact(SchedCalls.SYS_FUTEX, word.address(), SchedCalls.FUTEX_WAIT_BITSET_PRIVATE,
                                wakesSeen, request, 0L, SchedCalls.FUTEX_BITSET_MATCH_ANY);
                woken = wakes() != wakesSeen;
                if (woken || System.nanoTime() - deadline >= 0) {
                    break;
                }
                if (r != 0 && ++failures == 1000) {
                    failWait(wakesSeen, deadline);
                }
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        return woken;
    }

    /** A futex wait failed a thousand times running, neither woken nor timed out: one more, with errno, for the message. */
    private void failWait(int wakesSeen, long deadline) throws Throwable {
        long r = (long) SchedCalls.Futex.H.invokeExact(callState, SchedCalls.SYS_FUTEX, word.address(), SchedCalls.FUTEX_WAIT_BITSET_PRIVATE, wakesSeen,
                        request, 0L, SchedCalls.FUTEX_BITSET_MATCH_ANY);
        int errno = r == 0 ? 0 : SchedCalls.errno(callState);
        if (errno != 0 && errno != SchedCalls.EINTR && errno != SchedCalls.EAGAIN && errno != SchedCalls.ETIMEDOUT) {
            throw new IllegalStateException("futex wait until " + deadline + " ns keeps failing: errno " + errno);
        }
    }

    /** Throws if the thread was interrupted; else writes {@code deadline} into the request. */
    private void prepare(long deadline) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        SECONDS.set(request, 0L, Math.floorDiv(deadline, NANOS_PER_SECOND));
        NANOS.set(request, 0L, Math.floorMod(deadline, NANOS_PER_SECOND));
    }

    /**
     * Ends the thread's {@link #awaitUntil} now, or the next one if it is not asleep; from any
     * thread, allocating nothing. Thread-safe.
     *
     * @throws IllegalStateException if the futex wake fails, which only a bug here can cause
     */
    public void wake() {
        int unused = (int) WORD.getAndAdd(word, 0L, 1);   // the cast keeps the call exact: no boxing
        try {
            long r = (long) SchedCalls.FutexNoErrno.H.invokeExact(SchedCalls.SYS_FUTEX, word.address(), SchedCalls.FUTEX_WAKE_PRIVATE, 1,
                            MemorySegment.NULL, 0L, 0);
            if (r < 0) {
                throw new IllegalStateException("futex wake failed (" + r + ")");   // only a bad address makes it fail: a bug here
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /**
     * Sleeps until {@link System#nanoTime()} reaches {@code deadline}; returns at once if it has.
     * A signal's interruption is slept through; Java's {@link Thread#interrupt} is not a signal, and
     * is seen after the sleep.
     *
     * @param deadline the {@link System#nanoTime()} value to sleep until, in ns
     * @throws InterruptedException if the thread was interrupted before or during the sleep
     * @throws IllegalStateException if {@code clock_nanosleep} fails
     */
    public void sleepUntil(long deadline) throws InterruptedException {
        prepare(deadline);
        int error;
        try {
            do {
                error = (int) SchedCalls.ClockNanosleep.H.invokeExact(SchedCalls.CLOCK_MONOTONIC, SchedCalls.TIMER_ABSTIME, request, MemorySegment.NULL);
            } while (error == SchedCalls.EINTR);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        if (error != 0) {
            throw new IllegalStateException("clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, " + deadline + " ns) failed: error " + error);
        }
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }

    /**
     * The monotonic clock as the kernel reads it ({@code clock_gettime(CLOCK_MONOTONIC)}), in ns:
     * System.nanoTime's clock.
     *
     * @return nanoseconds since an unspecified origin (usually boot), comparable with
     *         {@link System#nanoTime()} and with the deadlines of this class
     * @throws IllegalStateException if {@code clock_gettime} fails
     */
    public static long monotonicNanos() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment now = arena.allocate(TIMESPEC);
            if ((int) SchedCalls.ClockGettime.H.invokeExact(SchedCalls.CLOCK_MONOTONIC, now) != 0) {
                throw new IllegalStateException("clock_gettime(CLOCK_MONOTONIC) failed");
            }
            return (long) SECONDS.get(now, 0L) * NANOS_PER_SECOND + (long) NANOS.get(now, 0L);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
