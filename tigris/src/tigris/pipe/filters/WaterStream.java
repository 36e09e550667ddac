/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;

import tigris.pipe.WaterWriter;

/** An OutputStream that writes into a {@link WaterWriter}: how the JDK's stream codecs write Waters. */
final class WaterStream extends OutputStream {
    private final WaterWriter writer;
    private final byte[] one = new byte[1];

    WaterStream(WaterWriter writer) {
        this.writer = writer;
    }

    @Override
    public void write(int b) throws IOException {
        one[0] = (byte) b;
        write(one, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            writer.write(b, off, len);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing a Water");
        }
    }
}
