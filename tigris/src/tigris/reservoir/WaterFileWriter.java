package tigris.reservoir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

import tigris.AbstractProducerEnd;
import tigris.ReservoirFailedException;
import tigris.Spring;
import tigris.Water;
import tigris.WaterPool;

/**
 * The producer's end of a file reservoir ({@link FileReservoir#writer}): each put appends one
 * Water's frame (length, kind, bytes: {@link WaterFileDescriptor}) through the file channel,
 * straight from its off-heap buffers; End of River appends the End of River frame, forces the file
 * to disk and closes it. A file takes what it is given: its credits stay at the window until End
 * of River, so a put never waits.
 */
public final class WaterFileWriter extends AbstractProducerEnd {
    private final Path path;
    private final FileChannel channel;
    private final WaterPool spring;
    private final ByteBuffer frame = ByteBuffer.allocateDirect(WaterFileDescriptor.FRAME_HEADER).order(ByteOrder.LITTLE_ENDIAN);
    private boolean ended;
    private long waters;

    WaterFileWriter(String name, Path path, FileChannel channel, int waterSize) {
        super(name, FileReservoir.WINDOW);
        this.path = path;
        this.channel = channel;
        this.spring = new WaterPool(waterSize, 4);
    }

    public Path path() {
        return path;
    }

    @Override
    public Spring spring() {
        return spring;
    }

    @Override
    public int credits() {
        return ended ? 0 : window();
    }

    @Override
    public void put(Water w) {
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
        recordPut(w);
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

    /** Writes the End of River frame, forces the file to disk and closes it. Idempotent. */
    @Override
    public void endOfRiver() {
        if (ended) {
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

    /** Writes a failure frame with {@code cause} in place of End of River, forces the file to disk and closes it. */
    @Override
    public void endWithFailure(String cause) {
        if (ended) {
            return;
        }
        ended = true;
        byte[] why = causeBytes(cause);
        try {
            frame.clear();
            frame.putInt(WaterFileDescriptor.FRAME_LENGTH_OFFSET, WaterFileDescriptor.FAILED).putInt(WaterFileDescriptor.FAILED_CAUSE_LENGTH_OFFSET, why.length);
            ByteBuffer[] parts = {frame, ByteBuffer.wrap(why)};
            for (long done = 0; done < WaterFileDescriptor.FRAME_HEADER + why.length;) {
                done += channel.write(parts);
            }
            channel.force(true);
            channel.close();
        } catch (IOException e) {
            // The file then lacks its last frame: a reader says it was cut short.
            close();
        }
    }

    /** Waters written so far. */
    public long waters() {
        return waters;
    }

    /** Closes the file; one closed before End of River is refused by readers as cut short. */
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
