/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

/**
 * How a file or device region is mapped. (Not called AccessMode: that clashed with
 * {@code java.nio.file.AccessMode} wherever both packages were star-imported.)
 */
public enum MappingMode {
    /** Writes throw {@link java.nio.ReadOnlyBufferException}; the mapping itself is read-only. */
    READ_ONLY,
    /** Reads and writes; writes reach the file or device. */
    READ_WRITE
}
