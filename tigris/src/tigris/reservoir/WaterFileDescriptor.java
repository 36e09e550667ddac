/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

/**
 * The byte layout of a Water file ({@link FileReservoir}), the one definition its ends and the
 * tests share. Little-endian:
 *
 * <pre>
 * header   0 u32 magic "TGRW"   4 u32 version   8 u32 Water size
 *          12 u32 the pid of the process reading the file as it is written (0: none yet; version 4;
 *             0 reserved before)
 *          16 u64 Waters taken: how many Waters the consumer has processed and given back, written
 *             by the reader as it gives credits back and read by a paced writer, both through a
 *             mapping of the header (the writer's credits: its window less what is written and not
 *             taken); 0 in a file no one read as it was written. Versions 2 and 3 end the header at 16.
 * then, per Water, a frame: u32 length, u8 the Water's kind, 3 bytes 0 ({@link #FRAME_HEADER}
 *          bytes), then that many bytes
 * last     an End of River frame: u32 {@link #END_OF_RIVER}, 4 bytes 0; or, if the producer failed,
 *          a failure frame: u32 {@link #FAILED}, u32 n, then n bytes of its cause (UTF-8, n at most
 *          {@link tigris.ProducerEnd#MAX_CAUSE_BYTES})
 * </pre>
 *
 * A file without the last frame was cut short (its writer died, or a copy stopped), even when it
 * ends at a Water's end; version 1 had no such frame and could not tell.
 */
public final class WaterFileDescriptor {
    /** "TGRW" read as a little-endian u32. */
    public static final int MAGIC = 0x57524754;
    /** 4: the Waters taken (3: the failure frame; 2: the Water's kind in each frame, and the End of River frame). */
    public static final int VERSION = 4;
    /** The oldest version a reader takes: a version 2 file is one without a failure frame. */
    public static final int OLDEST_READABLE = 2;
    /** Bytes of the file header. */
    public static final int HEADER_SIZE = 24;
    /** Bytes of a version 2 or 3 file's header. */
    public static final int OLD_HEADER_SIZE = 16;
    /** Where the magic is (u32). */
    public static final int MAGIC_OFFSET = 0;
    /** Where the version is (u32). */
    public static final int VERSION_OFFSET = 4;
    /** Where the Water size is (u32): the largest Water the file holds, in bytes, positive. */
    public static final int WATER_SIZE_OFFSET = 8;
    /** The reading process's pid (u32), so a paced writer can tell a slow reader from a dead one. */
    public static final int READER_PID_OFFSET = 12;
    /** The Waters taken (u64, 8-aligned: read and written whole). */
    public static final int TAKEN_OFFSET = 16;
    /** Bytes before each Water's own: its length and kind. */
    public static final int FRAME_HEADER = 8;
    /** Where in a frame its length is (u32): the Water's bytes, or {@link #END_OF_RIVER} or {@link #FAILED}. */
    public static final int FRAME_LENGTH_OFFSET = 0;
    /** Where in a Water's frame its kind is (u8, then 3 bytes 0). */
    public static final int FRAME_KIND_OFFSET = 4;
    /** The length field of the End of River frame (no Water is 4 GiB - 1 bytes long). */
    public static final int END_OF_RIVER = -1;
    /** The length field of a failure frame. */
    public static final int FAILED = -2;
    /** Where a failure frame's cause length is (in place of a Water's kind). */
    public static final int FAILED_CAUSE_LENGTH_OFFSET = 4;

    private WaterFileDescriptor() {
    }

    /**
     * Bytes of the header of a file of {@code version}: where its first frame begins.
     *
     * @param version a version a reader takes, {@link #OLDEST_READABLE} to {@link #VERSION}
     * @return {@link #HEADER_SIZE} from version 4, {@link #OLD_HEADER_SIZE} before
     */
    public static int headerSize(int version) {
        return version >= 4 ? HEADER_SIZE : OLD_HEADER_SIZE;
    }

    /**
     * Offset of the frame after Waters of the given lengths in a file of this version: the next
     * Water's, or the End of River frame.
     *
     * @param lengthsBefore the lengths in bytes of the Waters before it, in order (none: the first frame)
     * @return the offset from the file's start
     */
    public static long frameOffset(int... lengthsBefore) {
        long n = HEADER_SIZE;
        for (int length : lengthsBefore) {
            n += FRAME_HEADER + length;
        }
        return n;
    }

    /**
     * Bytes of a complete file of this version (End of River frame included) holding Waters of the
     * given lengths.
     *
     * @param waterLengths the lengths in bytes of its Waters, in order
     * @return the file's size
     */
    public static long fileBytes(int... waterLengths) {
        return frameOffset(waterLengths) + FRAME_HEADER;
    }
}
