package tigris.reservoir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import tigris.Reservoir;
import tigris.ReservoirFailedException;
import tigris.Spring;
import tigris.Water;
import tigris.WaterPool;

/**
 * The thesis's FileReservoir: put writes Waters to a file, get reads them back. One object is
 * either the writing end ({@link #writer}) or the reading end ({@link #reader}, {@link #rawReader}).
 *
 * <p>A Water file keeps Water boundaries and kinds ({@link WaterFileDescriptor}): a header (magic
 * "TGRW", version, water size), then per Water its length, kind and bytes, then an End of River
 * frame. Waters are written from and read
 * into off-heap buffers by the file channel, with no copy in Java. A raw reader reads any file
 * as consecutive Waters of {@code waterSize} bytes (the last may be shorter), which is how a river
 * reads input it did not write (TigrisSort's records).
 *
 * <p>End of River: the writer's {@link #endOfRiver()} writes the End of River frame, forces the
 * file to disk and closes it; the reader ends at that frame. A file that is not a Water file, or
 * ends before its End of River frame (inside a Water or not), is a {@link ReservoirFailedException}
 * naming the file and the offset. A raw reader ends at end of file.
 */
public final class FileReservoir extends Reservoir {
    private static final int MAGIC = WaterFileDescriptor.MAGIC;
    private static final int VERSION = WaterFileDescriptor.VERSION;
    private static final int HEADER = WaterFileDescriptor.HEADER_SIZE;

    private final Path path;
    private final FileChannel channel;
    private final WaterPool spring;
    private final boolean writing;
    private final boolean framed;
    private final ByteBuffer frame = ByteBuffer.allocateDirect(WaterFileDescriptor.FRAME_HEADER).order(ByteOrder.LITTLE_ENDIAN);
    private boolean ended;
    private long waters;

    private FileReservoir(String name, Path path, FileChannel channel, int waterSize, boolean writing, boolean framed) {
        super(name, 1 << 16);
        this.path = path;
        this.channel = channel;
        this.spring = new WaterPool(waterSize, 4);
        this.writing = writing;
        this.framed = framed;
    }

    /** A new Water file at {@code path} (replacing one that is there) for Waters of up to {@code waterSize} bytes. */
    public static FileReservoir writer(String name, Path path, int waterSize) throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        ByteBuffer h = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(WaterFileDescriptor.MAGIC_OFFSET, MAGIC).putInt(WaterFileDescriptor.VERSION_OFFSET, VERSION)
                .putInt(WaterFileDescriptor.WATER_SIZE_OFFSET, waterSize).limit(HEADER);
        try {
            while (h.hasRemaining()) {
                ch.write(h);
            }
        } catch (IOException e) {
            ch.close();
            throw e;
        }
        return new FileReservoir(name, path, ch, waterSize, true, true);
    }

    /**
     * Reads the Water file at {@code path}.
     *
     * @throws IOException naming the file if it cannot be opened or is not a Water file
     */
    public static FileReservoir reader(String name, Path path) throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
        try {
            ByteBuffer h = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
            while (h.hasRemaining() && ch.read(h) >= 0) {
                // fill
            }
            h.flip();
            if (h.remaining() < HEADER || h.getInt(WaterFileDescriptor.MAGIC_OFFSET) != MAGIC) {
                throw new IOException(path + " is not a Tigris Water file (no \"TGRW\" header; read it with FileReservoir.rawReader)");
            }
            if (h.getInt(WaterFileDescriptor.VERSION_OFFSET) != VERSION) {
                throw new IOException(path + " is a Water file of version " + h.getInt(WaterFileDescriptor.VERSION_OFFSET)
                                + "; this reader knows version " + VERSION);
            }
            int waterSize = h.getInt(WaterFileDescriptor.WATER_SIZE_OFFSET);
            if (waterSize < 1) {
                throw new IOException(path + ": the header's water size " + waterSize + " is not positive");
            }
            return new FileReservoir(name, path, ch, waterSize, false, true);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Reads any file as Waters of {@code waterSize} bytes (the last one may be shorter). */
    public static FileReservoir rawReader(String name, Path path, int waterSize) throws IOException {
        if (waterSize < 1) {
            throw new IllegalArgumentException("water size must be positive, got " + waterSize);
        }
        return new FileReservoir(name, path, FileChannel.open(path, StandardOpenOption.READ), waterSize, false, false);
    }

    public Path path() {
        return path;
    }

    @Override
    public Spring spring() {
        return spring;
    }

    /** A file takes what it is given: the writer never waits for credit. */
    @Override
    public int credits() {
        return writing && !ended ? window() : 0;
    }

    @Override
    public void put(Water w) {
        if (!writing) {
            throw new UnsupportedOperationException("reservoir " + name() + " reads " + path + "; it cannot be put into");
        }
        if (ended) {
            throw new IllegalStateException("reservoir " + name() + ": put after End of River");
        }
        int n = w.bufferCount();
        int length = 0;
        for (int i = 0; i < n; i++) {
            length = Math.addExact(length, w.length(i));
        }
        if (length > spring.waterSize()) {
            throw new IllegalArgumentException("reservoir " + name() + " holds Waters of up to " + spring.waterSize() + " bytes; this one has " + length);
        }
        ByteBuffer[] parts = new ByteBuffer[n + 1];
        frame.clear();
        parts[0] = frame.putInt(WaterFileDescriptor.FRAME_LENGTH_OFFSET, length).put(WaterFileDescriptor.FRAME_KIND_OFFSET, w.kind())
                        .putShort(WaterFileDescriptor.FRAME_KIND_OFFSET + 1, (short) 0).put(WaterFileDescriptor.FRAME_KIND_OFFSET + 3, (byte) 0);
        for (int i = 0; i < n; i++) {
            parts[i + 1] = w.buffer(i).asSegment().asSlice(0, w.length(i)).asByteBuffer();
        }
        try {
            for (long done = 0, total = (long) WaterFileDescriptor.FRAME_HEADER + length; done < total;) {
                done += channel.write(parts);
            }
        } catch (IOException e) {
            throw new ReservoirFailedException("reservoir " + name() + ": writing Water " + (waters + 1) + " to " + path + " failed: " + e, e);
        }
        waters++;
        w.release();
    }

    @Override
    public Water poll() {
        if (writing) {
            throw new UnsupportedOperationException("reservoir " + name() + " writes " + path + "; it cannot be read from");
        }
        if (ended) {
            return null;
        }
        try {
            long at = channel.position();
            int length;
            byte kind = Water.DATA;
            if (framed) {
                frame.clear();
                int got = readFully(frame);
                if (got == 0) {
                    throw new ReservoirFailedException("reservoir " + name() + ": " + path + " ends after Water " + waters
                                    + " without End of River (offset " + at + "): its writer did not finish, or the file was cut short");
                }
                if (got < WaterFileDescriptor.FRAME_HEADER) {
                    throw truncated(at, "the header of a frame");
                }
                length = frame.getInt(WaterFileDescriptor.FRAME_LENGTH_OFFSET);
                kind = frame.get(WaterFileDescriptor.FRAME_KIND_OFFSET);
                if (length == WaterFileDescriptor.END_OF_RIVER) {
                    ended = true;
                    long after = channel.size() - channel.position();
                    if (after != 0) {
                        throw new ReservoirFailedException("reservoir " + name() + ": " + path + " holds " + after
                                        + " more bytes after its End of River frame at offset " + at);
                    }
                    return null;
                }
                if (length < 0 || length > spring.waterSize()) {
                    throw new ReservoirFailedException("reservoir " + name() + ": " + path + " at offset " + at + ": a Water of "
                                    + Integer.toUnsignedString(length) + " bytes, more than the file's " + spring.waterSize());
                }
            } else {
                length = (int) Math.min(spring.waterSize(), channel.size() - at);
                if (length <= 0) {
                    ended = true;
                    return null;
                }
            }
            Water w = spring.createWater(spring.waterSize());
            ByteBuffer into = w.buffer().asSegment().asSlice(0, length).asByteBuffer();
            if (readFully(into) < length) {
                w.release();
                throw truncated(at, "Water " + (waters + 1) + " (" + length + " bytes)");
            }
            w.setLength(length);
            w.setKind(kind);
            waters++;
            return w;
        } catch (IOException e) {
            throw new ReservoirFailedException("reservoir " + name() + ": reading " + path + " failed: " + e, e);
        }
    }

    private int readFully(ByteBuffer b) throws IOException {
        int total = 0;
        while (b.hasRemaining()) {
            int n = channel.read(b);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }

    private ReservoirFailedException truncated(long at, String what) {
        return new ReservoirFailedException("reservoir " + name() + ": " + path + " ends inside " + what + " at offset " + at + " (truncated?)");
    }

    @Override
    public boolean isEnded() {
        return !writing && ended;
    }

    /** Writer: writes the End of River frame, forces the file to disk and closes it. Reader: nothing (it ends at that frame). */
    @Override
    public void endOfRiver() {
        if (!writing || ended) {
            return;
        }
        ended = true;
        try {
            frame.clear();
            frame.putInt(WaterFileDescriptor.FRAME_LENGTH_OFFSET, WaterFileDescriptor.END_OF_RIVER).putInt(WaterFileDescriptor.FRAME_KIND_OFFSET, 0);
            while (frame.hasRemaining()) {
                channel.write(frame);
            }
            channel.force(true);
            channel.close();
        } catch (IOException e) {
            throw new ReservoirFailedException("reservoir " + name() + ": closing " + path + " failed: " + e, e);
        }
    }

    /** Nothing to return: a file has no flow control. */
    @Override
    public void creditBack() {
    }

    /** Waters written or read so far. */
    public long waters() {
        return waters;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing
        }
        spring.drain();
    }
}
