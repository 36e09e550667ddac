/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import jaguar.ext.ExternalBuffer;

/**
 * The wire format of a verbs reservoir (doc/tigris.md, "Verbs reservoirs"). Every message is a
 * send with 32-bit immediate data: the top 8 bits say what it is, the low 24 a value. Data lands
 * straight in the consumer's registered Water buffers (one posted receive per buffer), so a
 * Water's bytes cross the network once and are never copied in Java on either side.
 *
 * <pre>
 * HELLO    producer -> consumer: bytes u32 MAGIC, u32 VERSION, u32 window, u32 waterSize, u16 n, n bytes name,
 *                               u16 r, r bytes river name, u32 epoch (LE): the river attempt the producer
 *                               belongs to (r = 0 and epoch 0: none); u8 p, p bytes: the proof of the
 *                               attempt's key ({@link #helloProof}; p = 0: none, an end outside any river)
 * WELCOME  consumer -> producer: value = status (0 ok); bytes = the refusal, UTF-8, when not ok; when ok, the
 *                               consumer's proof of the key ({@link #welcomeProof}), or nothing outside any river
 * DATA     producer -> consumer: value = the Water's kind; its bytes, into the consumer buffer of the next posted receive
 * END      producer -> consumer: End of River, no bytes
 * FAILED   producer -> consumer: the producer failed; bytes = its cause, UTF-8, at most MAX_CAUSE_BYTES and the Water size
 * CREDIT   consumer -> producer: value = buffers re-posted (credits back), no bytes
 * </pre>
 */
final class VerbsProtocol {
    private VerbsProtocol() {
    }

    static final int MAGIC = 0x56524754;   // "TGRV"
    /**
     * 5: the attempt key's proofs in the hello and the welcome (4: the river attempt in the hello;
     * 3: FAILED; 2: DATA's value is the Water's kind, 0 in version 1).
     */
    static final int VERSION = 5;
    /** Bytes of the consumer's fresh value, in its endpoint, that the proofs cover. */
    static final int NONCE = 16;

    /**
     * The proof a hello carries: the attempt's key over the hello's bytes before it and the
     * consumer's fresh value (which only the agent and the attempt's nodes saw, in its endpoint).
     */
    static byte[] helloProof(tigris.AttemptKey key, byte[] signed, byte[] nonce) {
        return key.prove("tigris-verbs-hello", signed, nonce);
    }

    /** The proof a welcome carries: the attempt's key over the consumer's fresh value and the hello's proof. */
    static byte[] welcomeProof(tigris.AttemptKey key, byte[] nonce, byte[] helloProof) {
        return key.prove("tigris-verbs-welcome", nonce, helloProof);
    }
    static final int HELLO = 1;
    static final int WELCOME = 2;
    static final int DATA = 3;
    static final int END = 4;
    static final int CREDIT = 5;
    static final int FAILED = 6;
    /** Bytes of a control buffer (hello, welcome with a refusal). */
    static final int CONTROL = 256;
    static final int MAX_WINDOW = 4096;
    static final int MAX_WATER = 1 << 30;

    static int imm(int type, int value) {
        return type << 24 | value & 0xffffff;
    }

    static int type(int imm) {
        return imm >>> 24;
    }

    static int value(int imm) {
        return imm & 0xffffff;
    }

    /** Bytes of a hello besides its two names. */
    private static final int HELLO_FIXED = 24;

    /**
     * Writes the hello at {@code offset} ({@code attempt}, {@code key} and {@code nonce} null: an
     * end of no river), proving {@code key} over it and {@code nonce}; returns the proof (empty: none).
     */
    static byte[] writeHello(ExternalBuffer b, long offset, String name, int window, int waterSize, tigris.RiverAttempt attempt, tigris.AttemptKey key,
                    byte[] nonce) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        byte[] r = attempt == null ? new byte[0] : attempt.river().getBytes(StandardCharsets.UTF_8);
        if (HELLO_FIXED + n.length + r.length + 1 + tigris.AttemptKey.BYTES > CONTROL) {
            throw new IllegalArgumentException("reservoir and river names too long for a verbs reservoir's hello: " + name + ", " + attempt);
        }
        b.putInt(offset, MAGIC, ByteOrder.LITTLE_ENDIAN);
        b.putInt(offset + 4, VERSION, ByteOrder.LITTLE_ENDIAN);
        b.putInt(offset + 8, window, ByteOrder.LITTLE_ENDIAN);
        b.putInt(offset + 12, waterSize, ByteOrder.LITTLE_ENDIAN);
        long at = putString(b, offset + 16, n);
        at = putString(b, at, r);
        b.putInt(at, attempt == null ? 0 : attempt.epoch(), ByteOrder.LITTLE_ENDIAN);
        int signedLength = HELLO_FIXED + n.length + r.length;
        byte[] proof = key == null ? new byte[0] : helloProof(key, bytes(b, offset, signedLength), nonce);
        b.putByte(offset + signedLength, (byte) proof.length);
        for (int i = 0; i < proof.length; i++) {
            b.putByte(offset + signedLength + 1 + i, proof[i]);
        }
        return proof;
    }

    /** The length of a hello {@link #writeHello} wrote with {@code proof}. */
    static int helloLength(String name, tigris.RiverAttempt attempt, byte[] proof) {
        return HELLO_FIXED + name.getBytes(StandardCharsets.UTF_8).length + (attempt == null ? 0 : attempt.river().getBytes(StandardCharsets.UTF_8).length)
                        + 1 + proof.length;
    }

    static byte[] bytes(ExternalBuffer b, long offset, int n) {
        byte[] s = new byte[n];
        for (int i = 0; i < n; i++) {
            s[i] = b.getByte(offset + i);
        }
        return s;
    }

    /** A u16 length and the bytes at {@code at}; returns where the next field starts. */
    private static long putString(ExternalBuffer b, long at, byte[] s) {
        b.putShort(at, (short) s.length, ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < s.length; i++) {
            b.putByte(at + 2 + i, s[i]);
        }
        return at + 2 + s.length;
    }

    /**
     * A hello as received: checked for magic, version and a consistent length; {@code attempt} null
     * for a producer of no river; {@code signed} its bytes before the proof, {@code proof} (empty: none).
     */
    record Hello(String name, int window, int waterSize, tigris.RiverAttempt attempt, byte[] signed, byte[] proof) {
        static Hello read(ExternalBuffer b, long offset, int length, String peer) throws IOException {
            if (length < HELLO_FIXED || b.getInt(offset, ByteOrder.LITTLE_ENDIAN) != MAGIC) {
                throw new IOException(peer + " is not a Tigris verbs reservoir producer (bad hello)");
            }
            int version = b.getInt(offset + 4, ByteOrder.LITTLE_ENDIAN);
            if (version != VERSION) {
                throw new IOException(peer + " speaks verbs reservoir protocol version " + version + ", this end " + VERSION);
            }
            int n = Short.toUnsignedInt(b.getShort(offset + 16, ByteOrder.LITTLE_ENDIAN));
            int r = HELLO_FIXED + n <= length ? Short.toUnsignedInt(b.getShort(offset + 18 + n, ByteOrder.LITTLE_ENDIAN)) : -1;
            int p = r >= 0 && HELLO_FIXED + n + r + 1 <= length ? Byte.toUnsignedInt(b.getByte(offset + HELLO_FIXED + n + r)) : -1;
            if (r < 0 || p < 0 || HELLO_FIXED + n + r + 1 + p != length) {
                throw new IOException(peer + " sent a malformed hello (" + length + " bytes, names of " + n + " and " + r + ", a proof of " + p + ")");
            }
            String name = getString(b, offset + 18, n);
            String river = getString(b, offset + 20 + n, r);
            int epoch = b.getInt(offset + 20 + n + r, ByteOrder.LITTLE_ENDIAN);
            tigris.RiverAttempt attempt = null;
            if (r != 0 || epoch != 0) {
                try {
                    attempt = new tigris.RiverAttempt(river, epoch);
                } catch (IllegalArgumentException e) {
                    throw new IOException(peer + " sent a hello that names no river attempt: " + e.getMessage());
                }
            }
            return new Hello(name, b.getInt(offset + 8, ByteOrder.LITTLE_ENDIAN), b.getInt(offset + 12, ByteOrder.LITTLE_ENDIAN), attempt,
                            bytes(b, offset, HELLO_FIXED + n + r), bytes(b, offset + HELLO_FIXED + n + r + 1, p));
        }

        private static String getString(ExternalBuffer b, long at, int n) {
            byte[] s = new byte[n];
            for (int i = 0; i < n; i++) {
                s[i] = b.getByte(at + i);
            }
            return new String(s, StandardCharsets.UTF_8);
        }
    }
}
