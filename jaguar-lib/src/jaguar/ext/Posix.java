/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import java.io.IOException;
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
 * The few libc calls {@link DeviceRegionBuffer}, {@link OffHeapBuffer#allocateLarge} and {@link MappedFileBuffer#willNeed} need, through FFM: {@code FileChannel.map}
 * refuses character devices, {@code mmap} does not. Failures become IOExceptions naming the call,
 * its arguments and errno.
 */
final class Posix {
    static final int O_RDONLY = 0, O_RDWR = 2, O_CLOEXEC = 0x80000;
    static final int PROT_READ = 1, PROT_WRITE = 2;
    static final int MAP_SHARED = 1, MAP_PRIVATE = 2, MAP_ANONYMOUS = 0x20;
    static final int MADV_WILLNEED = 3, MADV_HUGEPAGE = 14;
    private static final int SC_PAGESIZE = 30;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option ERRNO_OPTION = Linker.Option.captureCallState("errno");

    // Each call is bound when first made, in a holder class of its own: binding a downcall spins
    // classes at run time (5-10 ms each on a cold JVM), and most users need one or two calls
    // (a sort's mappings only madvise and sysconf), so binding all seven at once cost every
    // sort's start about 50 ms.
    private static final class Open {
        // open(2) is variadic: the mode argument goes in the variadic part, so the call sets %al right.
        static final MethodHandle H = downcall("open",
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
                        ERRNO_OPTION, Linker.Option.firstVariadicArg(2));
    }

    private static final class Mmap {
        static final MethodHandle H = downcall("mmap",
                        FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
                                        ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG),
                        ERRNO_OPTION);
    }

    private static final class Munmap {
        static final MethodHandle H = downcall("munmap", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
    }

    private static final class Madvise {
        static final MethodHandle H = downcall("madvise",
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
    }

    private static final class Close {
        static final MethodHandle H = downcall("close", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    }

    private static final class Strerror {
        static final MethodHandle H = downcall("strerror", FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    }

    private static final class PageSize {
        static final long VALUE = pageSizeOfSystem();
    }

    private Posix() {
    }

    private static MethodHandle downcall(String name, FunctionDescriptor type, Linker.Option... options) {
        return LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow(name), type, options);
    }

    /** Opens {@code path} with {@code flags}; returns the file descriptor. */
    static int open(String path, int flags) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            int fd = (int) Open.H.invokeExact(state, arena.allocateFrom(path), flags, 0);
            if (fd < 0) {
                throw failure("open(path=" + path + ")", state);
            }
            return fd;
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** Maps {@code length} bytes of {@code fd} at page-aligned {@code offset}; returns the address. */
    static long mmap(long length, int prot, int flags, int fd, long offset, String what) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            long address = (long) Mmap.H.invokeExact(state, 0L, length, prot, flags, fd, offset);
            if (address == -1L) {
                throw failure("mmap(" + what + " offset=" + offset + " length=" + length + ")", state);
            }
            return address;
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** Unmaps; a failure here can only be a bug (wrong address), so it is an error, not an IOException. */
    static void munmap(long address, long length) {
        int rc;
        try {
            rc = (int) Munmap.H.invokeExact(address, length);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        if (rc != 0) {
            throw new IllegalStateException("munmap(address=0x" + Long.toHexString(address) + " length=" + length + ") failed");
        }
    }

    /** Advice about a mapping; returns false if the kernel does not take it (advice is never required). */
    static boolean madvise(long address, long length, int advice) {
        try {
            return (int) Madvise.H.invokeExact(address, length, advice) == 0;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    static void close(int fd) {
        try {
            int ignored = (int) Close.H.invokeExact(fd);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** The page size (sysconf, asked once). */
    static long pageSize() {
        return PageSize.VALUE;
    }

    private static long pageSizeOfSystem() {
        try {
            return (long) downcall("sysconf", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT)).invokeExact(SC_PAGESIZE);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    private static IOException failure(String call, MemorySegment state) {
        int errno = (int) ERRNO.get(state, 0L);
        return new IOException(call + " failed: errno=" + errno + " (" + strerror(errno) + ")");
    }

    private static String strerror(int errno) {
        try {
            MemorySegment s = (MemorySegment) Strerror.H.invokeExact(errno);
            return s.reinterpret(Integer.MAX_VALUE).getString(0);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
