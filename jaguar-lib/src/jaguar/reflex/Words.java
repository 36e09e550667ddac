/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import jaguar.ext.ExternalBuffer;

/**
 * Word-at-a-time copies between External Objects, for the sizes Reflexes copy on the task's path
 * (PSO objects and containers' bytes in use: multiples of 8). ExternalBuffer.copyTo goes through
 * MemorySegment.copy, which left an object behind most invocations on the scheduler's thread.
 */
final class Words {
    private Words() {
    }

    /** Copies {@code bytes} (a multiple of 8) from {@code at} of {@code from} to {@code to} of {@code into}. */
    static void copy(ExternalBuffer from, long at, ExternalBuffer into, long to, long bytes) {
        for (long i = 0; i < bytes; i += Long.BYTES) {
            into.putLong(to + i, from.getLong(at + i));
        }
    }
}
