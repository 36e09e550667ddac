/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import java.nio.file.Path;

/** Argument checks shared by everything that maps a region of a file or device. */
final class MappingArguments {
    private MappingArguments() {
    }

    /** A region starts at a non-negative offset and has a positive length; messages name the path. */
    static void checkOffsetAndLength(Path path, long offset, long length) {
        if (offset < 0) {
            throw new IllegalArgumentException("offset=" + offset + " must not be negative (path=" + path + ")");
        }
        if (length <= 0) {
            throw new IllegalArgumentException("length=" + length + " must be positive (path=" + path + ")");
        }
    }
}
