/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import tigris.RiverAttempt;

/** Reading and writing the TCP data plane's streams, laid out as {@link TcpWireDescriptor} says (doc/tigris-transport.md). */
final class TcpProtocol {
    static final int MAGIC = TcpWireDescriptor.MAGIC;
    static final int VERSION = TcpWireDescriptor.VERSION;
    static final int FRAME_HEADER = TcpWireDescriptor.FRAME_HEADER;
    static final int MAX_WINDOW = 1 << 16;
    static final int MAX_WATER = 1 << 30;
    /** Longest river name an OPEN may carry (a {@link RiverAttempt}'s). */
    static final int MAX_RIVER = 100;
    /** Longest payload of a frame that is not DATA: an OPEN, a refusal, a cause, a cancel. */
    static final int MAX_CONTROL = 8192;
    /** Longest node name in a hello or welcome. */
    static final int MAX_NODE = 255;

    private TcpProtocol() {
    }

    /** A frame header in a new buffer, ready to write. */
    static ByteBuffer frame(byte type, byte kind, int channel, int value) {
        ByteBuffer h = ByteBuffer.allocate(FRAME_HEADER).order(ByteOrder.LITTLE_ENDIAN);
        h.put(type).put(kind).putShort((short) 0).putInt(channel).putInt(value).flip();
        return h;
    }

    /** A frame with a UTF-8 text payload (REFUSE, FAILED, CANCEL): {@code text} as given, which its caller has cut ({@link #utf8}). */
    static ByteBuffer[] textFrame(byte type, int channel, byte[] text) {
        return new ByteBuffer[] {frame(type, tigris.Water.DATA, channel, text.length), ByteBuffer.wrap(text)};
    }

    /** {@code text} in UTF-8, cut to at most {@code max} bytes on a character's boundary. */
    static byte[] utf8(String text, int max) {
        byte[] b = String.valueOf(text).getBytes(StandardCharsets.UTF_8);
        if (b.length <= max) {
            return b;
        }
        int n = max;
        while (n > 0 && (b[n] & 0xC0) == 0x80) {
            n--;
        }
        return java.util.Arrays.copyOf(b, n);
    }

    /** A dialing node's hello, with its fresh value for the connection. */
    static byte[] hello(String node, byte[] nonce) {
        byte[] n = utf8(node, MAX_NODE);
        return ByteBuffer.allocate(TcpWireDescriptor.HELLO_FIXED + n.length + NONCE).order(ByteOrder.LITTLE_ENDIAN).putInt(MAGIC).putInt(VERSION)
                        .putShort((short) n.length).put(n).put(nonce).array();
    }

    /** An accepting node's welcome: its name and its fresh value for the connection. */
    static byte[] welcome(String node, byte[] nonce) {
        byte[] m = utf8(node, MAX_NODE);
        return ByteBuffer.allocate(TcpWireDescriptor.WELCOME_FIXED + m.length + NONCE).order(ByteOrder.LITTLE_ENDIAN).putInt(MAGIC).putInt(0)
                        .putShort((short) m.length).put(m).put(nonce).array();
    }

    /** An accepting node's refusal of a connection, saying why. */
    static byte[] refusal(String why) {
        byte[] m = utf8(why, MAX_CONTROL);
        return ByteBuffer.allocate(TcpWireDescriptor.WELCOME_FIXED + m.length).order(ByteOrder.LITTLE_ENDIAN).putInt(MAGIC).putInt(1)
                        .putShort((short) m.length).put(m).array();
    }

    /** Bytes of the fresh value each side of a connection makes for it. */
    static final int NONCE = TcpWireDescriptor.NONCE;

    static byte[] readNonce(InputStream in) throws IOException {
        byte[] n = new byte[NONCE];
        new DataInputStream(in).readFully(n);
        return n;
    }

    /** The u32 MAGIC and u32 that open a hello (the version) or a welcome (the status), read from a blocking stream. */
    static int[] readOpening(InputStream in) throws IOException {
        byte[] b = new byte[8];
        new DataInputStream(in).readFully(b);
        ByteBuffer w = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        return new int[] {w.getInt(), w.getInt()};
    }

    /** A u16-length-prefixed UTF-8 string from a blocking stream, of at most {@code max} bytes. */
    static String readString(InputStream in, int max, String what) throws IOException {
        DataInputStream d = new DataInputStream(in);
        int n = Short.toUnsignedInt(Short.reverseBytes(d.readShort()));
        if (n > max) {
            throw new IOException(what + " of " + n + " bytes (at most " + max + ")");
        }
        byte[] s = new byte[n];
        d.readFully(s);
        return new String(s, StandardCharsets.UTF_8);
    }

    static void write(OutputStream out, byte[] b) throws IOException {
        out.write(b);
        out.flush();
    }

    /** What an OPEN asks for; {@code signed} its bytes before the proof, which {@code proof} (empty: none) proves. */
    record Open(String reservoir, RiverAttempt attempt, int window, int waterSize, byte[] signed, byte[] proof) {
    }

    /**
     * The proof an OPEN carries: the attempt's key over the OPEN's bytes, the channel's number
     * and both sides' fresh values for the connection (the consumer's first), so that it opens
     * this channel on this connection only.
     */
    static byte[] openProof(tigris.AttemptKey key, byte[] signed, int channel, byte[] consumerNonce, byte[] producerNonce) {
        return key.prove("tigris-tcp-open", signed, int4(channel), consumerNonce, producerNonce);
    }

    /** The proof an ACCEPT carries: the attempt's key over the reservoir's name, the channel, the credits and both fresh values. */
    static byte[] acceptProof(tigris.AttemptKey key, String reservoir, int channel, int credits, byte[] consumerNonce, byte[] producerNonce) {
        return key.prove("tigris-tcp-accept", reservoir.getBytes(StandardCharsets.UTF_8), int4(channel), int4(credits), consumerNonce, producerNonce);
    }

    private static byte[] int4(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    }

    /** The ACCEPT frame of {@code channel}: its first credits and the consumer's proof (empty: none). */
    static ByteBuffer[] accept(int channel, int credits, byte[] proof) {
        ByteBuffer p = ByteBuffer.allocate(5 + proof.length).order(ByteOrder.LITTLE_ENDIAN).putInt(credits).put((byte) proof.length).put(proof).flip();
        return new ByteBuffer[] {frame(TcpWireDescriptor.ACCEPT, tigris.Water.DATA, channel, p.remaining()), p};
    }

    /** An ACCEPT's payload: the credits, and the proof (empty: none). */
    record Accept(int credits, byte[] proof) {
        static Accept read(ByteBuffer p) throws MalformedOpen {
            p.order(ByteOrder.LITTLE_ENDIAN);
            try {
                int credits = p.getInt();
                byte[] proof = new byte[Byte.toUnsignedInt(p.get())];
                p.get(proof);
                return new Accept(credits, proof);
            } catch (java.nio.BufferUnderflowException e) {
                throw new MalformedOpen("the accept is cut short");
            }
        }
    }

    /** An OPEN whose payload is malformed: the consumer refuses it, telling the producer why. */
    static final class MalformedOpen extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedOpen(String message) {
            super(message);
        }
    }

    /**
     * The OPEN frame of channel {@code channel}; {@code attempt} and {@code key} null for an end
     * outside any river (its OPEN proves nothing).
     */
    static ByteBuffer[] open(int channel, String reservoir, RiverAttempt attempt, int window, int waterSize, tigris.AttemptKey key, byte[] consumerNonce,
                    byte[] producerNonce) {
        byte[] n = utf8(reservoir, MAX_CONTROL / 4);
        byte[] r = attempt == null ? new byte[0] : utf8(attempt.river(), MAX_RIVER * 4);
        ByteBuffer signed = ByteBuffer.allocate(TcpWireDescriptor.OPEN_FIXED + n.length + r.length).order(ByteOrder.LITTLE_ENDIAN);
        signed.putInt(window).putInt(waterSize).putInt(attempt == null ? 0 : attempt.epoch()).putShort((short) n.length).put(n).putShort((short) r.length)
                        .put(r);
        byte[] proof = key == null ? new byte[0] : openProof(key, signed.array(), channel, consumerNonce, producerNonce);
        ByteBuffer p = ByteBuffer.allocate(signed.capacity() + 1 + proof.length).put(signed.array()).put((byte) proof.length).put(proof).flip();
        return new ByteBuffer[] {frame(TcpWireDescriptor.OPEN, tigris.Water.DATA, channel, p.remaining()), p};
    }

    /**
     * Reads an OPEN's payload.
     *
     * @throws MalformedOpen if it is cut short, names no reservoir, or names no river attempt (a name
     *         too long or not a river's, an epoch below 1), saying why in a few words
     */
    static Open readOpen(ByteBuffer p) throws MalformedOpen {
        p.order(ByteOrder.LITTLE_ENDIAN);
        try {
            int window = p.getInt();
            int waterSize = p.getInt();
            int epoch = p.getInt();
            String name = string(p);
            String river = string(p);
            byte[] signed = new byte[p.position()];
            p.get(0, signed);
            byte[] proof = new byte[Byte.toUnsignedInt(p.get())];
            p.get(proof);
            if (p.hasRemaining()) {
                throw new MalformedOpen("the open has " + p.remaining() + " bytes after its proof");
            }
            if (name.isEmpty()) {
                throw new MalformedOpen("the open names no reservoir");
            }
            RiverAttempt attempt = null;
            if (!river.isEmpty() || epoch != 0) {
                if (river.length() > MAX_RIVER) {
                    throw new MalformedOpen("the open names a river of " + river.length() + " characters (at most " + MAX_RIVER + ")");
                }
                try {
                    attempt = new RiverAttempt(river, epoch);
                } catch (IllegalArgumentException x) {
                    throw new MalformedOpen("the open names no river attempt: " + x.getMessage());
                }
            }
            return new Open(name, attempt, window, waterSize, signed, proof);
        } catch (java.nio.BufferUnderflowException e) {
            throw new MalformedOpen("the open is cut short");
        }
    }

    private static String string(ByteBuffer p) {
        int n = Short.toUnsignedInt(p.getShort());
        byte[] s = new byte[n];
        p.get(s);
        return new String(s, StandardCharsets.UTF_8);
    }

    static String text(ByteBuffer p) {
        byte[] s = new byte[p.remaining()];
        p.get(s);
        return new String(s, StandardCharsets.UTF_8);
    }

    static String typeName(byte type) {
        return switch (type) {
            case TcpWireDescriptor.OPEN -> "OPEN";
            case TcpWireDescriptor.ACCEPT -> "ACCEPT";
            case TcpWireDescriptor.REFUSE -> "REFUSE";
            case TcpWireDescriptor.DATA -> "DATA";
            case TcpWireDescriptor.END -> "END";
            case TcpWireDescriptor.FAILED -> "FAILED";
            case TcpWireDescriptor.CREDIT -> "CREDIT";
            case TcpWireDescriptor.CANCEL -> "CANCEL";
            case TcpWireDescriptor.HEARTBEAT -> "HEARTBEAT";
            default -> "unknown frame type " + Byte.toUnsignedInt(type);
        };
    }
}
