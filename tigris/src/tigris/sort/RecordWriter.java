package tigris.sort;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;

/**
 * Writes records one after another into a file from {@code position} on, gathered into an
 * off-heap buffer and written with positional writes (so several sorters can write their ranges
 * of one output file at once). Writes, not a mapping: a full disk is then an IOException naming
 * the file, where a store into a mapped page would be a SIGBUS.
 */
final class RecordWriter implements AutoCloseable {
    private static final int RECORD = RecordGenerator.RECORD_BYTES;
    static final int BUFFER_BYTES = 40_000 * RECORD;

    private final Path path;
    private final FileChannel channel;
    private final ExternalBuffer buffer = OffHeapBuffer.allocate(BUFFER_BYTES);
    private final MemorySegment segment = buffer.asSegment();
    private final ByteBuffer view = segment.asByteBuffer();
    private long position;
    private int filled;
    private long written;

    RecordWriter(Path path, FileChannel channel, long position) {
        this.path = path;
        this.channel = channel;
        this.position = position;
    }

    /** Appends the record at {@code offset} of {@code src} (a buffer's segment: one record at a time is the hot loop). */
    void write(MemorySegment src, long offset) throws IOException {
        if (filled == BUFFER_BYTES) {
            flush();
        }
        MemorySegment.copy(src, offset, segment, filled, RECORD);
        filled += RECORD;
    }

    /** Appends {@code records} records from {@code offset} of {@code src}. */
    void write(ExternalBuffer src, long offset, int records) throws IOException {
        long bytes = (long) records * RECORD;
        long done = 0;
        while (done < bytes) {
            if (filled == BUFFER_BYTES) {
                flush();
            }
            int n = (int) Math.min(bytes - done, BUFFER_BYTES - filled);
            src.copyTo(offset + done, buffer, filled, n);
            filled += n;
            done += n;
        }
    }

    /** Writes what is buffered. */
    void flush() throws IOException {
        view.clear().limit(filled);
        try {
            while (view.hasRemaining()) {
                position += channel.write(view, position);
            }
        } catch (IOException e) {
            throw new IOException("cannot write " + path + " at byte " + (position + view.position()) + " (" + written
                            + " bytes written by this writer): " + e.getMessage(), e);
        }
        written += filled;
        filled = 0;
    }

    /** Bytes written so far (flushed). */
    long written() {
        return written;
    }

    /** Flushes; the channel stays open (it is the caller's). */
    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            buffer.close();
        }
    }
}
