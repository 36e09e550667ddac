/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.concurrent.Semaphore;

import tigris.ReservoirFailedException;
import tigris.Water;
import tigris.WaterPool;

/**
 * The consumer's end of a file reservoir ({@link FileReservoir#reader}, {@link
 * FileReservoir#rawReader}): a reader thread reads ahead at most {@code window} Waters into
 * off-heap buffers, with no copy in Java, and each {@link #creditBack()} lets it read one more, as
 * a producer's end over a network does. A Water file ends at its End of River frame; a raw file
 * (any bytes, cut into Waters of the given size) at its end. A file that is cut short, or holds
 * bytes after End of River, fails the end after the Waters before the fault, naming the file and
 * the offset. A tailing reader ({@link FileReservoir#tailingReader}) reads a file as its writer
 * appends to it, waiting at its end while it keeps growing.
 */
public final class WaterFileReader extends InboxConsumerEnd {
    private final Path path;
    private final FileChannel channel;
    private final WaterPool spring;
    private final boolean framed;
    private final Semaphore credits;
    private final ByteBuffer frame = ByteBuffer.allocateDirect(WaterFileDescriptor.FRAME_HEADER).order(ByteOrder.LITTLE_ENDIAN);
    private final Thread reader;
    /** A tailing reader's patience: how long the file may stay unchanged at its end, before End of River, until it is taken for cut short (0: not tailing). */
    private final long tailNanos;
    private volatile boolean closed;
    private volatile long waters;
    /** Where the Waters taken are counted for a paced writer (a version 4 file this reader may write); null: nowhere. */
    private final WaterFileProgress progress;
    /** Waters the consumer gave back: the consumer's thread only. */
    private long taken;

    WaterFileReader(String name, Path path, FileChannel channel, int waterSize, boolean framed, int window, long tailNanos, WaterFileProgress progress) {
        super(name, window);
        this.progress = progress;
        this.tailNanos = tailNanos;
        this.path = path;
        this.channel = channel;
        this.spring = new WaterPool(waterSize, window + 1);
        this.framed = framed;
        this.credits = new Semaphore(window);
        this.reader = Thread.ofPlatform().daemon().name("tigris-file-" + name).start(this::readAhead);
    }

    /**
     * The file this end reads.
     *
     * @return its path, as it was opened
     */
    public Path path() {
        return path;
    }

    /** The Water taken is processed: the reader may read one more ahead, and its writer write one more. */
    @Override
    public void creditBack() {
        credits.release();
        if (progress != null) {
            progress.taken(++taken);
        }
    }

    /**
     * Waters read so far (ahead of the consumer, at most the window).
     *
     * @return the count, as the reader thread last stored it; any thread may read it
     */
    public long waters() {
        return waters;
    }

    private void readAhead() {
        try {
            while (true) {
                Water w = next();
                if (w == null) {
                    ended();
                    return;
                }
                detach(w);
                arrived(w);
            }
        } catch (ReservoirFailedException e) {
            failed(e);
        } catch (InterruptedException | ClosedChannelException e) {
            // closed
        } catch (IOException e) {
            if (!closed) {
                failed(new ReservoirFailedException("reservoir " + name() + ": reading " + path + " failed: " + e, e));
            }
        }
    }

    /**
     * The next Water, read on the reader thread once a credit allows (what comes next is known
     * from its frame header first, so the end needs no credit); null at the end.
     */
    private Water next() throws IOException, InterruptedException {
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
                long after = channel.size() - channel.position();
                if (after != 0) {
                    throw new ReservoirFailedException("reservoir " + name() + ": " + path + " holds " + after
                                    + " more bytes after its End of River frame at offset " + at);
                }
                return null;
            }
            if (length == WaterFileDescriptor.FAILED) {
                int n = frame.getInt(WaterFileDescriptor.FAILED_CAUSE_LENGTH_OFFSET);
                if (n < 0 || n > tigris.ProducerEnd.MAX_CAUSE_BYTES) {
                    throw new ReservoirFailedException("reservoir " + name() + ": " + path + " at offset " + at + ": a failure frame with a cause of "
                                    + Integer.toUnsignedString(n) + " bytes, more than " + tigris.ProducerEnd.MAX_CAUSE_BYTES);
                }
                ByteBuffer why = ByteBuffer.allocate(n);
                if (readFully(why) < n) {
                    throw truncated(at, "the failure frame");
                }
                throw producerFailed(new String(why.array(), java.nio.charset.StandardCharsets.UTF_8) + " (" + path + ")");
            }
            if (length < 0 || length > spring.waterSize()) {
                throw new ReservoirFailedException("reservoir " + name() + ": " + path + " at offset " + at + ": a Water of "
                                + Integer.toUnsignedString(length) + " bytes, more than the file's " + spring.waterSize());
            }
        } else {
            length = (int) Math.min(spring.waterSize(), channel.size() - at);
            if (length <= 0) {
                return null;
            }
        }
        credits.acquire();
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
    }

    /**
     * Reads until {@code b} is full or the file ends; a tailing reader waits at the end for the
     * writer to append more, as long as the file keeps growing within its patience.
     */
    private int readFully(ByteBuffer b) throws IOException {
        int total = 0;
        long quietSince = System.nanoTime();
        while (b.hasRemaining()) {
            int n = channel.read(b);
            if (n < 0) {
                if (tailNanos == 0 || closed || System.nanoTime() - quietSince > tailNanos) {
                    break;
                }
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
                if (Thread.currentThread().isInterrupted()) {
                    break;
                }
                continue;
            }
            if (n > 0) {
                quietSince = System.nanoTime();
            }
            total += n;
        }
        return total;
    }

    private ReservoirFailedException truncated(long at, String what) {
        return new ReservoirFailedException("reservoir " + name() + ": " + path + " ends inside " + what + " at offset " + at + " (truncated?)");
    }

    /** Stops the reader, closes the file and frees the Waters read ahead. */
    @Override
    public void close() {
        closed = true;
        reader.interrupt();
        try {
            reader.join(5000);
            channel.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException ignored) {
            // closing
        }
        releaseQueued();
        spring.drain();
        if (progress != null) {
            progress.close();
        }
    }
}
