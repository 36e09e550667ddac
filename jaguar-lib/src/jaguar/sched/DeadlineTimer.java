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
 * <p>A timer holds its own {@code timespec}, so a sleep allocates nothing; it is one thread's
 * (not thread-safe).
 */
public final class DeadlineTimer {
    private static final StructLayout TIMESPEC = MemoryLayout.structLayout(ValueLayout.JAVA_LONG.withName("tv_sec"),
                    ValueLayout.JAVA_LONG.withName("tv_nsec"));
    private static final VarHandle SECONDS = TIMESPEC.varHandle(MemoryLayout.PathElement.groupElement("tv_sec"));
    private static final VarHandle NANOS = TIMESPEC.varHandle(MemoryLayout.PathElement.groupElement("tv_nsec"));
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final MemorySegment request = Arena.ofAuto().allocate(TIMESPEC);

    /**
     * Sleeps until {@link System#nanoTime()} reaches {@code deadline}; returns at once if it has.
     * A signal's interruption is slept through; Java's {@link Thread#interrupt} is not a signal, and
     * is seen after the sleep.
     *
     * @throws InterruptedException if the thread was interrupted before or during the sleep
     */
    public void sleepUntil(long deadline) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        SECONDS.set(request, 0L, Math.floorDiv(deadline, NANOS_PER_SECOND));
        NANOS.set(request, 0L, Math.floorMod(deadline, NANOS_PER_SECOND));
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

    /** The monotonic clock as the kernel reads it ({@code clock_gettime(CLOCK_MONOTONIC)}), in ns: System.nanoTime's clock. */
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
