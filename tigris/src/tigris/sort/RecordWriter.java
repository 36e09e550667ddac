package tigris.sort;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;

/**
 * Writes records one after another into a file from {@code position} on, gathered into an
 * off-heap buffer and written with positional writes (so several sorters can write their ranges
 * of one output file at once). Writes, not a mapping: a full disk is then an IOException naming
 * the file, where a store into a mapped page would be a SIGBUS.
 *
 * <p>With {@code direct}, the whole file-system blocks of the range go to the disk with
 * {@code O_DIRECT}, bypassing the page cache: on the machine measured, copying a sort's output
 * into fresh page-cache pages and writing them back at {@code fsync} took two to three times the
 * disk's own write time, in kernel CPU the sort needs (doc/tigrissort.md). The buffer is filled
 * at the same offset modulo the block size as the file, so the aligned middle of each flush is
 * aligned in memory too; the partial blocks at the ends of the range (shared with a neighbouring
 * sorter's range) go through the page cache. A file system that refuses {@code O_DIRECT} gets
 * buffered writes.
 */
final class RecordWriter implements AutoCloseable {
    private static final int RECORD = RecordGenerator.RECORD_BYTES;
    /** {@code com.sun.nio.file.ExtendedOpenOption.DIRECT}, named reflectively because javac warns on every use of jdk.unsupported. */
    private static final OpenOption O_DIRECT = directOption();
    static final int BUFFER_BYTES = 40_000 * RECORD;

    private final Path path;
    private final FileChannel channel;
    /** The same file opened with O_DIRECT, or null. */
    private final FileChannel direct;
    private final int block;
    private final int capacity;
    private final ExternalBuffer buffer;
    private final MemorySegment segment;
    private final ByteBuffer view;
    private long position;
    /** Buffer offset {@code first} holds the byte for file offset {@code position}. */
    private int first;
    private int filled;
    private long written;

    /**
     * @param direct write whole blocks with O_DIRECT where the file system allows it; the caller
     *            forces {@code channel} at the end as before (for the end blocks and metadata)
     */
    RecordWriter(Path path, FileChannel channel, long position, boolean direct) throws IOException {
        this.path = path;
        this.channel = channel;
        this.position = position;
        this.direct = direct ? openDirect(path) : null;
        this.block = this.direct == null ? 1 : (int) Files.getFileStore(path).getBlockSize();
        // A page-aligned mapping (the block size divides the page size), with room for the skew.
        this.capacity = BUFFER_BYTES + block;
        this.buffer = OffHeapBuffer.allocateLarge(capacity);
        this.segment = buffer.asSegment();
        this.view = segment.asByteBuffer();
        this.first = (int) (position % block);
        this.filled = first;
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

    /** Appends {@code records} records from {@code offset} of {@code src}. */
    void write(ExternalBuffer src, long offset, int records) throws IOException {
        long bytes = (long) records * RECORD;
        long done = 0;
        while (done < bytes) {
            if (filled == capacity) {
                flush(false);
            }
            int n = (int) Math.min(bytes - done, capacity - filled);
            src.copyTo(offset + done, buffer, filled, n);
            filled += n;
            done += n;
        }
    }

    /**
     * Writes what is buffered; with O_DIRECT, all of it but a last partial block unless
     * {@code last}, which is kept for the next flush.
     */
    private void flush(boolean last) throws IOException {
        if (direct == null) {
            writeFrom(channel, first, filled);
            first = filled = 0;
            return;
        }
        int from = first;
        if (from % block != 0) {          // the range's first partial block
            int to = Math.min(filled, from - from % block + block);
            writeFrom(channel, from, to);
            from = to;
        }
        int alignedEnd = filled - filled % block;
        if (alignedEnd > from) {
            writeFrom(direct, from, alignedEnd);
            from = alignedEnd;
        }
        if (last) {
            writeFrom(channel, from, filled);   // the range's last partial block
            first = filled = 0;
        } else {
            // What is left starts at a block's middle: keep it there, so the offsets still agree.
            int rest = filled - from;
            first = from % block;
            MemorySegment.copy(segment, from, segment, first, rest);
            filled = first + rest;
        }
    }

    private void writeFrom(FileChannel ch, int from, int to) throws IOException {
        view.clear().position(from).limit(to);
        try {
            while (view.hasRemaining()) {
                position += ch.write(view, position);
            }
        } catch (IOException e) {
            throw new IOException("cannot write " + path + " at byte " + position + " (" + written + " bytes written by this writer): "
                            + e.getMessage(), e);
        }
        written += to - from;
    }

    /** Bytes written so far (flushed). */
    long written() {
        return written;
    }

    /** Flushes; {@code channel} stays open (it is the caller's). */
    @Override
    public void close() throws IOException {
        try {
            flush(true);
        } finally {
            buffer.close();
            if (direct != null) {
                direct.close();
            }
        }
    }
}
