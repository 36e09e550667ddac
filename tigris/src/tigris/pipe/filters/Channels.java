/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

import tigris.Water;
import tigris.pipe.Outlet;

/** Moving a Water's bytes to and from a channel through its own memory, with no array between. */
final class Channels {
    private Channels() {
    }

    /**
     * Reads from {@code in} into one new Water until it is full or the channel ends, and puts it
     * (class 0) if it holds anything.
     *
     * @return false once the channel has ended
     */
    static boolean readInto(ReadableByteChannel in, Outlet out, String what) throws IOException, InterruptedException {
        Water w = out.water();
        ByteBuffer b = w.buffer().asSegment().asByteBuffer();
        boolean ended = false;
        try {
            while (b.hasRemaining()) {
                int n = in.read(b);
                if (n < 0) {
                    ended = true;
                    break;
                }
                if (n == 0) {
                    break;
                }
            }
        } catch (IOException e) {
            w.release();
            throw new IOException("reading " + what + ": " + tigris.FileProblems.describe(e), e);
        }
        if (b.position() == 0) {
            w.release();
            return !ended;
        }
        w.setLength(b.position());
        out.put(w, 0);
        return !ended;
    }

    /** Writes all of {@code w}'s bytes to {@code ch}. */
    static void write(Water w, WritableByteChannel ch) throws IOException {
        for (int i = 0; i < w.bufferCount(); i++) {
            ByteBuffer b = w.buffer(i).asSegment().asByteBuffer().limit(w.length(i));
            while (b.hasRemaining()) {
                ch.write(b);
            }
        }
    }
}
