/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import java.lang.foreign.MemorySegment;

/**
 * A window on part of another buffer: same memory, same scope (so it dies with its parent and
 * follows the parent's thread rules), same writability, own bounds.
 */
final class BufferSlice extends ExternalBuffer {
    BufferSlice(BufferScope scope, MemorySegment segment, long segmentOffset, long size, boolean readOnly) {
        super(scope, segment, segmentOffset, size, readOnly);
    }

    /** A slice does not own its memory: closing it would silently close the parent and its siblings. */
    @Override
    public void close() {
        throw new UnsupportedOperationException("a slice cannot be closed; close the buffer it was sliced from (" + describe() + ")");
    }
}
