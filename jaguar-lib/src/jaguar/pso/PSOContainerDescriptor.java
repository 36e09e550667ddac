/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

/**
 * The byte layout of a PSO container's header, the one definition that {@link PSOContainer},
 * {@link FilePSOBuffer} and the tests share. 32 bytes at the start of the container's region,
 * little-endian like everything in it:
 *
 * <pre>
 *  0  u32 magic "JPSO"      4  u16 format version (1)   6  u16 header size (32)
 *  8  u64 bytes used (header and objects; the allocation pointer)
 * 16  u64 capacity (bytes of the region when it was formatted)
 * 24  u32 offset of the root object, 0 if none            28  u32 reserved (0)
 * </pre>
 */
public final class PSOContainerDescriptor {
    /** "JPSO" read as a little-endian u32. */
    public static final int MAGIC = 'J' | 'P' << 8 | 'S' << 16 | 'O' << 24;
    /** The format version this Jaguar writes and reads. */
    public static final int VERSION = 1;
    /** Bytes of the header; objects start after it. */
    public static final int HEADER_SIZE = 32;

    /** Offset of the u32 {@link #MAGIC}. */
    public static final int MAGIC_OFFSET = 0;
    /** Offset of the u16 format {@link #VERSION}. */
    public static final int VERSION_OFFSET = 4;
    /** Offset of the u16 header size, {@link #HEADER_SIZE}. */
    public static final int HEADER_SIZE_OFFSET = 6;
    /** Offset of the u64 count of bytes used, header included: the allocation pointer. */
    public static final int USED_OFFSET = 8;
    /** Offset of the u64 capacity the container was formatted with, header included. */
    public static final int CAPACITY_OFFSET = 16;
    /** Offset of the u32 offset of the root object from the container's start; 0 if none. */
    public static final int ROOT_OFFSET = 24;

    private PSOContainerDescriptor() {
    }
}
