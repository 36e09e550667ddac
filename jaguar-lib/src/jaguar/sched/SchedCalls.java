/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

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
 * The libc calls of {@code jaguar.sched}, through FFM, errno captured where the call sets it. Each
 * is bound when first made, in a holder class of its own (binding spins classes: milliseconds on
 * a cold JVM).
 */
final class SchedCalls {
    static final int EPERM = 1, EINTR = 4, EACCES = 13, EINVAL = 22;
    static final int SCHED_OTHER = 0, SCHED_FIFO = 1;
    static final int CLOCK_MONOTONIC = 1, TIMER_ABSTIME = 1;
    static final int RLIMIT_RTPRIO = 14;

    private static final Linker LINKER = Linker.nativeLinker();
    static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option ERRNO_OPTION = Linker.Option.captureCallState("errno");
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
    private static final java.lang.foreign.AddressLayout ADDRESS = ValueLayout.ADDRESS;

    static final class Gettid {
        static final MethodHandle H = downcall("gettid", FunctionDescriptor.of(INT));
    }

    static final class SetPriority {
        static final MethodHandle H = downcall("setpriority", FunctionDescriptor.of(INT, INT, INT, INT), ERRNO_OPTION);
    }

    static final class GetPriority {
        static final MethodHandle H = downcall("getpriority", FunctionDescriptor.of(INT, INT, INT), ERRNO_OPTION);
    }

    /** sched_setaffinity(pid, cpusetsize, mask): pid 0 is the calling thread. */
    static final class SetAffinity {
        static final MethodHandle H = downcall("sched_setaffinity", FunctionDescriptor.of(INT, INT, LONG, ADDRESS), ERRNO_OPTION);
    }

    static final class GetAffinity {
        static final MethodHandle H = downcall("sched_getaffinity", FunctionDescriptor.of(INT, INT, LONG, ADDRESS), ERRNO_OPTION);
    }

    /** sched_setscheduler(pid, policy, &{int sched_priority}). */
    static final class SetScheduler {
        static final MethodHandle H = downcall("sched_setscheduler", FunctionDescriptor.of(INT, INT, INT, ADDRESS), ERRNO_OPTION);
    }

    static final class GetScheduler {
        static final MethodHandle H = downcall("sched_getscheduler", FunctionDescriptor.of(INT, INT), ERRNO_OPTION);
    }

    static final class GetParam {
        static final MethodHandle H = downcall("sched_getparam", FunctionDescriptor.of(INT, INT, ADDRESS), ERRNO_OPTION);
    }

    /** getrlimit(resource, &{rlim_t cur, max}). */
    static final class GetRlimit {
        static final MethodHandle H = downcall("getrlimit", FunctionDescriptor.of(INT, INT, ADDRESS), ERRNO_OPTION);
    }

    /** clock_nanosleep(clock, flags, &request, &remain): returns the error number itself (it does not set errno). */
    static final class ClockNanosleep {
        static final MethodHandle H = downcall("clock_nanosleep", FunctionDescriptor.of(INT, INT, INT, ADDRESS, ADDRESS));
    }

    /** clock_gettime(clock, &timespec). */
    static final class ClockGettime {
        static final MethodHandle H = downcall("clock_gettime", FunctionDescriptor.of(INT, INT, ADDRESS));
    }

    static final int PR_SET_TIMERSLACK = 29, PR_GET_TIMERSLACK = 30;

    /** int prctl(int option, ...): the arguments after the option are variadic. */
    static final class Prctl {
        static final MethodHandle H = downcall("prctl", FunctionDescriptor.of(INT, INT, LONG), ERRNO_OPTION, Linker.Option.firstVariadicArg(1));
    }

    /** syscall(2)'s number of futex on this machine (-1: not known here). */
    static final long SYS_FUTEX = switch (System.getProperty("os.arch")) {
        case "amd64", "x86_64" -> 202;
        case "aarch64" -> 98;
        default -> -1;
    };
    static final int FUTEX_WAIT_BITSET_PRIVATE = 9 | 128, FUTEX_WAKE_PRIVATE = 1 | 128;
    static final int FUTEX_BITSET_MATCH_ANY = -1;
    static final int EAGAIN = 11, ETIMEDOUT = 110;

    /** long syscall(long number, ...) for futex(uaddr, op, val, timeout, uaddr2, val3): the arguments are variadic. */
    static final class Futex {
        static final MethodHandle H = downcall("syscall",
                        FunctionDescriptor.of(LONG, LONG, LONG, INT, INT, ADDRESS, LONG, INT), ERRNO_OPTION, Linker.Option.firstVariadicArg(1));
    }

    /** The same call without errno's capture (which costs an allocation a call where the JIT does not remove it). */
    static final class FutexNoErrno {
        static final MethodHandle H = downcall("syscall", FunctionDescriptor.of(LONG, LONG, LONG, INT, INT, ADDRESS, LONG, INT),
                        Linker.Option.firstVariadicArg(1));
    }

    private SchedCalls() {
    }

    private static MethodHandle downcall(String name, FunctionDescriptor type, Linker.Option... options) {
        return LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow(name), type, options);
    }

    /** A call-state segment for one call with errno captured, its errno cleared. */
    static MemorySegment callState(Arena arena) {
        MemorySegment state = arena.allocate(CAPTURE);
        ERRNO.set(state, 0L, 0);
        return state;
    }

    static int errno(MemorySegment state) {
        return (int) ERRNO.get(state, 0L);
    }

    /** The kernel's id of the calling thread. */
    static int tid() {
        try {
            return (int) Gettid.H.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
