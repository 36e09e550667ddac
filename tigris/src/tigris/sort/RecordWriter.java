/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;

/**
 * Writes records one after another into a file from {@code position} on, gathered into an
 * off-heap buffer and written with positional writes (so several sorters can write their ranges
 * of one output file at once). Writes, not a mapping: a full disk is then an IOException naming
 * the file, where a store into a mapped page would be a SIGBUS.
 *
 * <p>Two buffers take turns: while the caller gathers records into one, a writer thread writes
 * the other, so the gather (memory-bound) and the disk overlap instead of taking turns. A failed
 * write is thrown to the caller at its next flush or at {@link #close()}.
 *
 * <p>With {@code direct}, the whole file-system blocks of the range go to the disk with
 * {@code O_DIRECT}, bypassing the page cache: on the machine measured, copying a sort's output
 * into fresh page-cache pages and writing them back at {@code fsync} took two to three times the
 * disk's own write time, in kernel CPU the sort needs (doc/tigrissort.md). The buffers are
 * filled at the same offset modulo the block size as the file, so the aligned middle of each
 * flush is aligned in memory too; the partial blocks at the ends of the range (shared with a
 * neighbouring sorter's range) go through the page cache. A file system that refuses
 * {@code O_DIRECT} gets buffered writes.
 */
final class RecordWriter implements AutoCloseable {
    private static final int RECORD = RecordGenerator.RECORD_BYTES;
    /** {@code com.sun.nio.file.ExtendedOpenOption.DIRECT}, named reflectively because javac warns on every use of jdk.unsupported. */
    private static final OpenOption O_DIRECT = directOption();
    static final int BUFFER_BYTES = 40_000 * RECORD;
    /**
     * Records a sorter's gather touches before it copies them ({@link InputKeyIndex#sortAndWrite},
     * {@link RecordArena#sortAndWrite}): their lines and pages fit in L1/L2 and the TLB.
     */
    static final int GATHER_BATCH = 64;
    private static final int BUFFERS = 2;

    /** Bytes {@code from..to-1} of buffer {@code buffer} go to the file at {@code position}; {@code last} ends the range. */
    private record Flush(int buffer, int from, int to, long position, boolean last) {
    }

    private static final Flush STOP = new Flush(-1, 0, 0, 0, true);

    private final Path path;
    private final FileChannel channel;
    /** The same file opened with O_DIRECT, or null. */
    private final FileChannel direct;
    private final int block;
    private final int capacity;
    private final ExternalBuffer[] memory = new ExternalBuffer[BUFFERS];
    private final MemorySegment[] segments = new MemorySegment[BUFFERS];
    private final ByteBuffer[] views = new ByteBuffer[BUFFERS];
    /** Buffers the caller may fill; the writer gives each back when it has written it. */
    private final BlockingQueue<Integer> free = new ArrayBlockingQueue<>(BUFFERS);
    private final BlockingQueue<Flush> pending = new ArrayBlockingQueue<>(BUFFERS + 1);
    private final Thread writer;
    private volatile IOException failure;
    /** Writer thread only. */
    private long written;

    // The caller's side.
    private int current;
    private MemorySegment segment;
    /** File offset of byte {@code first} of the current buffer. */
    private long position;
    private int first;
    private int filled;

    /**
     * @param direct write whole blocks with O_DIRECT where the file system allows it; the caller
     *            forces {@code channel} at the end as before (for the end blocks and metadata)
     */
    RecordWriter(Path path, FileChannel channel, long position, boolean direct) throws IOException {
        this.path = path;
        this.channel = channel;
        this.position = position;
        this.direct = direct ? openDirect(path) : null;
        this.block = this.direct == null ? 1 : blockSize(path);
        this.capacity = BUFFER_BYTES + block;   // room for the skew
        for (int i = 0; i < BUFFERS; i++) {
            // Shared (the writer thread reads them), and cut at a block boundary for O_DIRECT.
            ExternalBuffer b = OffHeapBuffer.allocateShared(capacity + block);
            memory[i] = b;
            long skew = Math.floorMod(-b.address(), (long) block);
            segments[i] = b.asSegment().asSlice(skew, capacity);
            views[i] = segments[i].asByteBuffer();
            free.add(i);
        }
        this.current = take();
        this.segment = segments[current];
        this.first = (int) (position % block);
        this.filled = first;
        this.writer = Thread.ofPlatform().daemon().name("tigris-write-" + path.getFileName()).start(this::writeLoop);
    }

    private static FileChannel openDirect(Path path) {
        if (O_DIRECT == null) {
            return null;
        }
        try {
            return FileChannel.open(path, StandardOpenOption.WRITE, O_DIRECT);
        } catch (IOException | UnsupportedOperationException e) {
            return null;   // e.g. EINVAL from a file system without O_DIRECT: buffered writes do the same
        }
    }

    private static OpenOption directOption() {
        try {
            return (OpenOption) Class.forName("com.sun.nio.file.ExtendedOpenOption").getField("DIRECT").get(null);
        } catch (ReflectiveOperationException | ClassCastException e) {
            return null;
        }
    }

    /** Whether whole blocks go to the disk with O_DIRECT. */
    boolean isDirect() {
        return direct != null;
    }

    /** Appends the record at {@code offset} of {@code src} (a buffer's segment: one record at a time is the hot loop). */
    void write(MemorySegment src, long offset) throws IOException {
        if (filled > capacity - RECORD) {
            flush(false);
        }
        MemorySegment.copy(src, offset, segment, filled, RECORD);
        filled += RECORD;
    }

    /**
     * Hands the current buffer to the writer: all of it if {@code last}, else up to its last
     * whole block (with O_DIRECT), the rest carried into the next buffer at the same offset
     * modulo the block size.
     */
    private void flush(boolean last) throws IOException {
        int from = first;
        int split = last || direct == null ? filled : Math.max(from, filled - filled % block);
        if (split > from || last) {
            enqueue(new Flush(current, from, split, position, last));
        } else {
            free.add(current);
        }
        position += split - from;
        if (last) {
            return;
        }
        int previous = current;
        current = take();
        segment = segments[current];
        // The writer only reads the old buffer below split: copying what lies above it is safe.
        int rest = filled - split;
        first = (int) (position % block);
        MemorySegment.copy(segments[previous], split, segment, first, rest);
        filled = first + rest;
    }

    private void enqueue(Flush f) throws IOException {
        try {
            pending.put(f);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing " + path);
        }
    }

    /** A buffer the writer is done with; throws the writer's failure, if any. */
    private int take() throws IOException {
        int b;
        try {
            b = free.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing " + path);
        }
        IOException f = failure;
        if (f != null) {
            throw new IOException(f.getMessage(), f);
        }
        return b;
    }

    /** The writer thread: each flush in turn, its buffer given back after it. */
    private void writeLoop() {
        try {
            while (true) {
                Flush f = pending.take();
                if (f == STOP) {
                    return;
                }
                try {
                    if (failure == null) {
                        write(f);
                    }
                } catch (IOException e) {
                    failure = e;
                } finally {
                    free.add(f.buffer());
                }
            }
        } catch (InterruptedException e) {
            // close() gave up waiting; nothing more is written
        }
    }

    private void write(Flush f) throws IOException {
        ByteBuffer view = views[f.buffer()];
        int from = f.from();
        long at = f.position();
        if (direct != null) {
            if (from % block != 0) {          // the range's first partial block
                int to = Math.min(f.to(), from - from % block + block);
                at = writeFrom(channel, view, from, to, at);
                from = to;
            }
            int alignedEnd = f.to() - f.to() % block;
            if (alignedEnd > from) {
                at = writeFrom(direct, view, from, alignedEnd, at);
                from = alignedEnd;
            }
        }
        if (from < f.to()) {                  // buffered writes, or the range's last partial block
            writeFrom(channel, view, from, f.to(), at);
        }
    }

    private long writeFrom(FileChannel ch, ByteBuffer view, int from, int to, long at) throws IOException {
        view.clear().position(from).limit(to);
        long p = at;
        try {
            while (view.hasRemaining()) {
                p += ch.write(view, p);
            }
        } catch (IOException e) {
            throw new IOException("cannot write " + path + " at byte " + p + " (" + written + " bytes written by this writer): " + e.getMessage(), e);
        }
        written += to - from;
        return p;
    }

    /** Flushes and waits for the writer; {@code channel} stays open (it is the caller's). */
    @Override
    public void close() throws IOException {
        try {
            if (failure == null) {
                flush(true);
            }
        } finally {
            boolean interrupted = false;
            try {
                pending.put(STOP);
                writer.join();
            } catch (InterruptedException e) {
                interrupted = true;
                writer.interrupt();
            }
            for (ExternalBuffer b : memory) {
                if (!interrupted) {
                    b.close();
                }
            }
            if (direct != null) {
                direct.close();
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        IOException f = failure;
        if (f != null) {
            throw new IOException(f.getMessage(), f);
        }
    }

    // O_DIRECT's alignment; where the mount table does not show the file's file system (a chroot),
    // 4096 bytes, a multiple of every logical block size Linux file systems use.
    private static int blockSize(Path path) {
        try {
            return (int) Files.getFileStore(path).getBlockSize();
        } catch (IOException e) {
            return 4096;
        }
    }
}
