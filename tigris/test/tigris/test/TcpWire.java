/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

import tigris.AttemptKey;
import tigris.RiverAttempt;
import tigris.reservoir.TcpWireDescriptor;

/** The TCP data plane's wire spoken by hand, by a peer that holds no key ({@link TcpWireDescriptor}). */
final class TcpWire {
    private TcpWire() {
    }

    /**
     * Dials the data plane at {@code at} as node {@code as}, opens reservoir {@code reservoir} of
     * attempt {@code attempt} with a proof of a key of its own making, and returns the node's
     * answer: its refusal's text, or "accepted".
     */
    static String forgedOpen(InetSocketAddress at, String as, String reservoir, RiverAttempt attempt, int window, int waterSize) throws IOException {
        try (SocketChannel s = SocketChannel.open(at)) {
            byte[] n = as.getBytes(StandardCharsets.UTF_8);
            byte[] mine = AttemptKey.nonce(TcpWireDescriptor.NONCE);
            s.write(ByteBuffer.allocate(TcpWireDescriptor.HELLO_FIXED + n.length + mine.length).order(ByteOrder.LITTLE_ENDIAN).putInt(TcpWireDescriptor.MAGIC)
                            .putInt(TcpWireDescriptor.VERSION).putShort((short) n.length).put(n).put(mine).flip());
            ByteBuffer w = read(s, TcpWireDescriptor.WELCOME_FIXED);
            read(s, Short.toUnsignedInt(w.getShort(8)) + TcpWireDescriptor.NONCE);
            byte[] res = reservoir.getBytes(StandardCharsets.UTF_8);
            byte[] river = attempt.river().getBytes(StandardCharsets.UTF_8);
            byte[] proof = AttemptKey.random().prove("tigris-tcp-open");
            int length = TcpWireDescriptor.OPEN_FIXED + res.length + river.length + 1 + proof.length;
            ByteBuffer b = ByteBuffer.allocate(TcpWireDescriptor.FRAME_HEADER + length).order(ByteOrder.LITTLE_ENDIAN);
            b.put(TcpWireDescriptor.OPEN).put((byte) 0).putShort((short) 0).putInt(1).putInt(length);
            b.putInt(window).putInt(waterSize).putInt(attempt.epoch()).putShort((short) res.length).put(res).putShort((short) river.length).put(river)
                            .put((byte) proof.length).put(proof);
            s.write(b.flip());
            while (true) {
                ByteBuffer h = read(s, TcpWireDescriptor.FRAME_HEADER);
                byte type = h.get(TcpWireDescriptor.FRAME_TYPE_OFFSET);
                int value = h.getInt(TcpWireDescriptor.FRAME_VALUE_OFFSET);
                if (type == TcpWireDescriptor.REFUSE) {
                    return StandardCharsets.UTF_8.decode(read(s, value)).toString();
                }
                if (type == TcpWireDescriptor.ACCEPT) {
                    return "accepted";
                }
            }
        }
    }

    static ByteBuffer read(SocketChannel s, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (s.read(b) < 0) {
                throw new java.io.EOFException("closed after " + b.position() + " of " + n + " bytes");
            }
        }
        return b.flip();
    }
}
