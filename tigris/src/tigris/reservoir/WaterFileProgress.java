/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * The Waters-taken count in a Water file's header ({@link WaterFileDescriptor#TAKEN_OFFSET}),
 * through a mapping of the header: the reader stores it as its consumer gives credits back, a
 * paced writer loads it to know its credits. Both ends map the same page of one file on one host,
 * so a store is seen by the other process without a system call. Closing unmaps it; a use after
 * that throws, it never touches unmapped memory.
 */
final class WaterFileProgress implements AutoCloseable {
    private static final VarHandle TAKEN = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN).varHandle();
    private static final VarHandle PID = ValueLayout.JAVA_INT.withOrder(ByteOrder.LITTLE_ENDIAN).varHandle();
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private final Arena arena;
    private final MemorySegment header;

    private WaterFileProgress(Arena arena, MemorySegment header) {
        this.arena = arena;
        this.header = header;
    }

    /** Maps the header of the version 4 Water file open for reading and writing in {@code channel}. */
    static WaterFileProgress map(FileChannel channel) throws IOException {
        Arena arena = Arena.ofShared();
        try {
            return new WaterFileProgress(arena, channel.map(FileChannel.MapMode.READ_WRITE, 0, WaterFileDescriptor.HEADER_SIZE, arena));
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** Waters the consumer has taken and given back so far. */
    long taken() {
        return (long) TAKEN.getAcquire(header, (long) WaterFileDescriptor.TAKEN_OFFSET);
    }

    /** Publishes that the consumer has taken {@code n} Waters (from the consumer's thread only: one writer); nothing once closed. */
    void taken(long n) {
        try {
            TAKEN.setRelease(header, (long) WaterFileDescriptor.TAKEN_OFFSET, n);
        } catch (IllegalStateException closedMeanwhile) {
            // the reader was closed: nobody counts any more
        }
    }

    /** Says this process reads the file (the reader, once). */
    void reading() {
        PID.setRelease(header, (long) WaterFileDescriptor.READER_PID_OFFSET, (int) ProcessHandle.current().pid());
    }

    /** Whether a reader opened the file and its process is still alive. */
    boolean readerAlive() {
        int pid = (int) PID.getAcquire(header, (long) WaterFileDescriptor.READER_PID_OFFSET);
        return pid != 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** The reading process's pid, 0 if none opened the file. */
    int readerPid() {
        return (int) PID.getAcquire(header, (long) WaterFileDescriptor.READER_PID_OFFSET);
    }

    /** Unmaps the header; idempotent. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            arena.close();
        }
    }
}
