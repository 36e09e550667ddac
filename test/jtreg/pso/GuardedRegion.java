/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.io.IOException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

import jaguar.ext.MappingMode;
import jaguar.ext.DeviceRegionBuffer;
import jaguar.ext.ExternalBuffer;

/**
 * A data region whose neighbours are PROT_NONE pages, so that a read one byte before or after it
 * faults (the JVM dies with SIGSEGV, which the fuzz test reports with the case that did it).
 *
 * <p>No External Object wraps a raw address range, so this maps {@code guard + data + guard} pages
 * of {@code /dev/zero} with {@link DeviceRegionBuffer} (a shared anonymous mapping), then
 * mprotects the first and last page through libc; {@link #data} is the slice between them. Closing
 * unmaps all three.
 */
final class GuardedRegion implements AutoCloseable {
    private static final int PROT_NONE = 0;
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle MPROTECT = LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow("mprotect"),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
    private static final MethodHandle GETPAGESIZE = LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow("getpagesize"),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT));

    final long page;
    /** The whole mapping, guards included; only for closing and addresses. */
    private final DeviceRegionBuffer mapping;
    /** The readable, writable pages between the guards. */
    final ExternalBuffer data;
    /** Absolute addresses: first data byte, first byte of the guard after the data. */
    final long dataStart, dataEnd;

    GuardedRegion(long bytes) throws IOException {
        page = pageSize();
        long dataLength = (bytes + page - 1) / page * page;
        mapping = DeviceRegionBuffer.map(Path.of("/dev/zero"), 0, dataLength + 2 * page, MappingMode.READ_WRITE);
        long base = mapping.asSegment().address();
        if (base % page != 0) {
            throw new IllegalStateException("mapping at 0x" + Long.toHexString(base) + " is not page-aligned");
        }
        protectNone(base, page);
        protectNone(base + page + dataLength, page);
        data = mapping.slice(page, dataLength);
        dataStart = base + page;
        dataEnd = dataStart + dataLength;
    }

    long size() {
        return data.size();
    }

    /** Reads the byte just past the data: must kill the JVM (the guard self-test). */
    byte readPastEnd() {
        return MemorySegment.ofAddress(dataEnd).reinterpret(1).get(ValueLayout.JAVA_BYTE, 0);
    }

    /** Reads the byte just before the data: must kill the JVM (the guard self-test). */
    byte readBeforeStart() {
        return MemorySegment.ofAddress(dataStart - 1).reinterpret(1).get(ValueLayout.JAVA_BYTE, 0);
    }

    private static void protectNone(long address, long length) {
        int rc;
        try {
            rc = (int) MPROTECT.invokeExact(address, length, PROT_NONE);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        if (rc != 0) {
            throw new IllegalStateException("mprotect(0x" + Long.toHexString(address) + ", " + length + ", PROT_NONE) failed");
        }
    }

    private static long pageSize() {
        try {
            return (int) GETPAGESIZE.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void close() {
        mapping.close();
    }
}
