package jaguar.sched;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

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
    private static final int EACCES = 13, EPERM = 1;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle GETTID = LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow("gettid"),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT));
    private static final MethodHandle SETPRIORITY = LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow("setpriority"),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
                    Linker.Option.captureCallState("errno"));
    private static final MethodHandle GETPRIORITY = LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow("getpriority"),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
                    Linker.Option.captureCallState("errno"));

    private ThreadNice() {
    }

    /** The kernel's id of the calling thread. */
    public static int tid() {
        try {
            return (int) GETTID.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** The calling thread's nice value. */
    public static int current() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            // -1 is a valid nice value: only errno tells a failure from it.
            ERRNO.set(state, 0L, 0);
            int n = (int) GETPRIORITY.invokeExact(state, PRIO_PROCESS, tid());
            int errno = (int) ERRNO.get(state, 0L);
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
     * @throws IllegalArgumentException if {@code nice} is outside -20..19
     * @throws SecurityException if this process may not raise the thread's priority that far
     *         (no {@code CAP_SYS_NICE}, and {@code RLIMIT_NICE} does not allow it); the message says so
     */
    public static void set(int nice) {
        if (nice < HIGHEST || nice > LOWEST) {
            throw new IllegalArgumentException("a nice value is " + HIGHEST + " to " + LOWEST + ", not " + nice);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            int tid = tid();
            if ((int) SETPRIORITY.invokeExact(state, PRIO_PROCESS, tid, nice) != 0) {
                int errno = (int) ERRNO.get(state, 0L);
                if (errno == EACCES || errno == EPERM) {
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
