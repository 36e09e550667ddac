/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

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
 * to disk and closes it. An unpaced writer's file takes what it is given: its credits stay at the
 * window until End of River, so a put never waits. A paced writer's credits are its window less the
 * Waters written and not yet taken by the reader's consumer (the count in the file's header,
 * {@link WaterFileProgress}); a put waits for one as long as the reading process lives, and fails
 * if no reader opened the file within its patience or the reader's process is gone.
 */
public final class WaterFileWriter extends AbstractProducerEnd {
    private final Path path;
    private final FileChannel channel;
    private final WaterPool spring;
    private final ByteBuffer frame = ByteBuffer.allocateDirect(WaterFileDescriptor.FRAME_HEADER).order(ByteOrder.LITTLE_ENDIAN);
    /** The reader's count of Waters taken, for a paced writer; null: unpaced. */
    private final WaterFileProgress progress;
    private final long patienceNanos;
    private boolean ended;
    private volatile long waters;

    /** How long a paced writer waiting for the reader parks before it looks again. */
    private static final long PACED_POLL_NANOS = 1_000_000;

    WaterFileWriter(String name, Path path, FileChannel channel, int waterSize, int window, long patienceNanos, WaterFileProgress progress) {
        super(name, window);
        this.path = path;
        this.channel = channel;
        this.spring = new WaterPool(waterSize, 4);
        this.patienceNanos = patienceNanos;
        this.progress = progress;
    }

    /**
     * The file this end writes.
     *
     * @return its path, as it was created
     */
    public Path path() {
        return path;
    }

    @Override
    public Spring spring() {
        return spring;
    }

    @Override
    public int credits() {
        if (ended) {
            return 0;
        }
        if (progress == null) {
            return window();
        }
        try {
            return (int) Math.max(0, window() - (waters - progress.taken()));
        } catch (IllegalStateException closed) {
            return 0;
        }
    }

    @Override
    public void put(Water w) throws InterruptedException {
        if (ended) {
            throw new IllegalStateException("reservoir " + name() + ": put after End of River");
        }
        if (progress != null) {
            awaitReader();
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

    /** Waits until the reader has taken enough that a Water more stays within the window. */
    private void awaitReader() throws InterruptedException {
        long seen = progress.taken();
        long quietSince = System.nanoTime();
        while (waters - seen >= window()) {
            pause(PACED_POLL_NANOS);
            long now = progress.taken();
            if (now != seen) {
                seen = now;
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince > patienceNanos) {
                if (progress.readerAlive()) {
                    quietSince = System.nanoTime();   // a slow consumer, not a dead one: wait as over a network
                    continue;
                }
                int pid = progress.readerPid();
                throw new ReservoirFailedException("reservoir " + name() + ": the reader of " + path + " took no Water for "
                                + java.time.Duration.ofNanos(patienceNanos).toSeconds() + " s with the window of " + window() + " full, and "
                                + (pid == 0 ? "no reader opened the file" : "its process " + pid + " is gone") + " (its node died?)");
            }
        }
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

    /**
     * Waters written so far: their frames are in the file (not necessarily on disk before End of River).
     *
     * @return the count, as the producer's thread last stored it; any thread may read it
     */
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
        if (progress != null) {
            progress.close();
        }
        spring.drain();
    }
}
