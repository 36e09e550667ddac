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
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * The thesis's FileReservoir: a file between a producer that writes Waters to it
 * ({@link #writer}) and a consumer that reads them back ({@link #reader}), or reads any file as
 * Waters ({@link #rawReader}), which is how a river reads input it did not write (TigrisSort's
 * records). A Water file keeps Water boundaries and kinds ({@link WaterFileDescriptor}). A
 * {@link #pacedWriter} between nodes of one host (the file transport) has credits as a network
 * reservoir's: its window less the Waters written and not yet taken by the reader's consumer, as
 * the reader counts them in the file's header.
 */
public final class FileReservoir {
    /** An unpaced writer's window: it never waits. */
    static final int WINDOW = 1 << 16;
    /** Waters a reader reads ahead of its consumer. */
    public static final int READ_AHEAD = 4;

    private FileReservoir() {
    }

    /**
     * A new Water file at {@code path} (replacing one that is there) for Waters of up to
     * {@code waterSize} bytes, written as fast as it is given: its credits stay at a window it never
     * fills (a file read later, or by no one).
     *
     * @param name the reservoir's name, for reports and errors
     * @param path the file, created or truncated
     * @param waterSize the largest Water it takes, in bytes (at least 1); its header records it
     * @return the producer's end, its header written
     * @throws IOException if the file cannot be created or its header written
     * @throws IllegalArgumentException if {@code waterSize} is below 1
     */
    public static WaterFileWriter writer(String name, Path path, int waterSize) throws IOException {
        return create(name, path, waterSize, WINDOW, 0, false);
    }

    /**
     * A new Water file at {@code path} whose reader reads it as it is written, on this host: at
     * most {@code window} Waters are written and not yet taken by the reader's consumer, so a put
     * waits for the reader as over a network, and the end's credits say how far the reader is
     * behind. A put with the window full fails only if no reader opened the file within
     * {@code patience}, or the reading process is gone (a slow consumer is waited for).
     *
     * @param name the reservoir's name, for reports and errors
     * @param path the file, created or truncated; its reader must be on this host (the count of
     *        Waters taken is shared through a mapping of the header)
     * @param waterSize the largest Water it takes, in bytes (at least 1)
     * @param window Waters written and not yet taken by the reader's consumer, at most (at least 1)
     * @param patience how long a put with the window full waits with no Water taken before it
     *        looks at the reader: a live one is waited for again, none or a dead one fails the put
     * @return the producer's end, its header written
     * @throws IOException if the file cannot be created, its header written or mapped
     * @throws IllegalArgumentException if {@code window} or {@code waterSize} is below 1
     */
    public static WaterFileWriter pacedWriter(String name, Path path, int waterSize, int window, Duration patience) throws IOException {
        if (window < 1) {
            throw new IllegalArgumentException("reservoir " + name + ": window must be at least 1, got " + window);
        }
        return create(name, path, waterSize, window, patience.toNanos(), true);
    }

    private static WaterFileWriter create(String name, Path path, int waterSize, int window, long patienceNanos, boolean paced) throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
        ByteBuffer h = ByteBuffer.allocate(WaterFileDescriptor.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(WaterFileDescriptor.MAGIC_OFFSET, WaterFileDescriptor.MAGIC).putInt(WaterFileDescriptor.VERSION_OFFSET, WaterFileDescriptor.VERSION)
                .putInt(WaterFileDescriptor.WATER_SIZE_OFFSET, waterSize).limit(WaterFileDescriptor.HEADER_SIZE);
        try {
            while (h.hasRemaining()) {
                ch.write(h);
            }
            return new WaterFileWriter(name, path, ch, waterSize, window, patienceNanos, paced ? WaterFileProgress.map(ch) : null);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * Reads the Water file at {@code path}, written before: its end is where the file ends, which
     * must be its End of River frame. The file is only read (its header's count of Waters taken is
     * left as it is).
     *
     * @param name the reservoir's name, for reports and errors
     * @param path the Water file
     * @return the consumer's end, its reader thread started ({@link #READ_AHEAD} Waters ahead)
     * @throws IOException naming the file if it cannot be opened or is not a Water file of a
     *         version this reader knows ({@link WaterFileDescriptor#OLDEST_READABLE} to
     *         {@link WaterFileDescriptor#VERSION})
     */
    public static WaterFileReader reader(String name, Path path) throws IOException {
        return tailingReader(name, path, Duration.ZERO);
    }

    /**
     * Reads the Water file at {@code path} as its writer appends to it: at its end the reader
     * waits for more until the End of River frame, failing if the file stays unchanged for
     * {@code patience} (its writer died). Where it may write the file (a version 4 file it may
     * open for writing), it counts the Waters its consumer takes in the file's header, which a
     * {@link #pacedWriter} reads for its credits.
     *
     * @param name the reservoir's name, for reports and errors
     * @param path the Water file, which its writer has created already
     * @param patience how long the file may stay unchanged at its end before the reader fails it
     *        as cut short; {@link Duration#ZERO}: not tailing, as {@link #reader}
     * @return the consumer's end, its reader thread started ({@link #READ_AHEAD} Waters ahead)
     * @throws IOException naming the file if it cannot be opened or is not a Water file of a
     *         version this reader knows
     */
    public static WaterFileReader tailingReader(String name, Path path, Duration patience) throws IOException {
        // Read and write where it may: a reader counts the Waters taken in the header (a paced
        // writer's credits); a file it may only read is read all the same.
        // Only a tailing reader counts: a file read after it was written is left as it is.
        boolean writable = !patience.isZero();
        FileChannel ch;
        if (writable) {
            try {
                ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
            } catch (java.nio.file.NoSuchFileException e) {
                throw e;
            } catch (java.nio.file.FileSystemException | java.nio.file.ReadOnlyFileSystemException e) {
                ch = FileChannel.open(path, StandardOpenOption.READ);   // a read-only mount or a file we may only read
                writable = false;
            }
        } else {
            ch = FileChannel.open(path, StandardOpenOption.READ);
        }
        try {
            ByteBuffer h = ByteBuffer.allocate(WaterFileDescriptor.OLD_HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
            while (h.hasRemaining() && ch.read(h) >= 0) {
                // fill
            }
            h.flip();
            if (h.remaining() < WaterFileDescriptor.OLD_HEADER_SIZE || h.getInt(WaterFileDescriptor.MAGIC_OFFSET) != WaterFileDescriptor.MAGIC) {
                throw new IOException(path + " is not a Tigris Water file (no \"TGRW\" header; read it with FileReservoir.rawReader)");
            }
            int version = h.getInt(WaterFileDescriptor.VERSION_OFFSET);
            if (version < WaterFileDescriptor.OLDEST_READABLE || version > WaterFileDescriptor.VERSION) {
                throw new IOException(path + " is a Water file of version " + version + "; this reader knows versions " + WaterFileDescriptor.OLDEST_READABLE
                                + " to " + WaterFileDescriptor.VERSION);
            }
            int waterSize = h.getInt(WaterFileDescriptor.WATER_SIZE_OFFSET);
            if (waterSize < 1) {
                throw new IOException(path + ": the header's water size " + waterSize + " is not positive");
            }
            if (ch.size() < WaterFileDescriptor.headerSize(version)) {
                throw new IOException(path + " ends inside its header (" + ch.size() + " of " + WaterFileDescriptor.headerSize(version) + " bytes)");
            }
            ch.position(WaterFileDescriptor.headerSize(version));
            WaterFileProgress progress = writable && version >= 4 ? WaterFileProgress.map(ch) : null;
            if (progress != null) {
                progress.reading();
            }
            return new WaterFileReader(name, path, ch, waterSize, true, READ_AHEAD, patience.toNanos(), progress);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * Reads any file as Waters of {@code waterSize} bytes (the last one may be shorter), all of
     * kind {@link tigris.Water#DATA}; its end is the file's.
     *
     * @param name the reservoir's name, for reports and errors
     * @param path the file, read only
     * @param waterSize bytes of each Water, at least 1
     * @return the consumer's end, its reader thread started ({@link #READ_AHEAD} Waters ahead)
     * @throws IOException if the file cannot be opened
     * @throws IllegalArgumentException if {@code waterSize} is below 1
     */
    public static WaterFileReader rawReader(String name, Path path, int waterSize) throws IOException {
        if (waterSize < 1) {
            throw new IllegalArgumentException("water size must be positive, got " + waterSize);
        }
        return new WaterFileReader(name, path, FileChannel.open(path, StandardOpenOption.READ), waterSize, false, READ_AHEAD, 0, null);
    }
}
