/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.calls;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.TimeUnit;

import jaguar.mapping.CodeMapping;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * A system call as a template (inline syscall, thread in Java state) against FFM's downcalls of
 * libc: non-critical (the thread goes to native state and back, as the JDK runs a call that may
 * block) and critical (Java state, as a template). getpid is a call a template may still make;
 * write(-1, ...) (EBADF at once: the kernel's least work) is one it may no longer make since
 * templates are limited to calls that cannot block: on an image that refuses the write template
 * its row runs the Java body, the non-critical downcall (make -C bench syscalls runs the
 * previous image beside the current one).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SystemCalls {
    static final Linker LINKER = Linker.nativeLinker();
    static final MethodHandle GETPID = LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow("getpid"),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT));
    static final MethodHandle GETPID_CRITICAL = LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow("getpid"),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT), Linker.Option.critical(false));
    static final MethodHandle WRITE = LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow("write"),
                    FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
    static final MethodHandle WRITE_CRITICAL = LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow("write"),
                    FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
                    Linker.Option.critical(false));

    @CodeMapping("r = syscall 39; return r")
    static long getpidTemplate() {
        try {
            return (int) GETPID.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @CodeMapping("r = syscall 1, $0, $1, $2; return r")
    static long writeTemplate(long fd, long buffer, long length) {
        try {
            return (long) WRITE.invokeExact((int) fd, buffer, length);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Benchmark
    public long templateGetpid() {
        return getpidTemplate();
    }

    @Benchmark
    public long ffmGetpid() {
        try {
            return (int) GETPID.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Benchmark
    public long ffmCriticalGetpid() {
        try {
            return (int) GETPID_CRITICAL.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Benchmark
    public long templateWriteBadFd(CallArgs s) {
        return writeTemplate(-1L, s.address, 8);
    }

    @Benchmark
    public long ffmWriteBadFd(CallArgs s) {
        try {
            return (long) WRITE.invokeExact(-1, s.address, 8L);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Benchmark
    public long ffmCriticalWriteBadFd(CallArgs s) {
        try {
            return (long) WRITE_CRITICAL.invokeExact(-1, s.address, 8L);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
