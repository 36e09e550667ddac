/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret of one river attempt: made by the control agent, handed to the attempt's nodes over
 * the TLS control plane ({@code RiverManager.begin}) and to no one else, and proved (never sent)
 * by every data connection's handshake: an HMAC-SHA256 over the handshake's bytes and values
 * each side made fresh for it, so a stranger on the network cannot open a reservoir, and a
 * handshake seen once cannot be played again (doc/tigris.md, "Security").
 */
public final class AttemptKey implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Bytes of the key, and of each proof. */
    public static final int BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    /** The secret, {@link #BYTES} random bytes; never shown ({@link #toString()}). */
    private final byte[] key;

    private AttemptKey(byte[] key) {
        this.key = key;
    }

    /** {@return a new random key, from a {@link SecureRandom}} */
    public static AttemptKey random() {
        byte[] k = new byte[BYTES];
        RANDOM.nextBytes(k);
        return new AttemptKey(k);
    }

    /**
     * {@code n} random bytes, for a handshake's fresh value.
     *
     * @param n how many, 0 or more
     * @return a new array of {@code n} bytes from a {@link SecureRandom}
     */
    public static byte[] nonce(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    /**
     * The proof of this key over {@code what} (a label saying which message) and {@code parts}, in
     * order: an HMAC-SHA256 of the label and each part, each prefixed with its length, so no two
     * different lists of parts have the same input.
     *
     * @param what the message's label ({@code "open"}); at most 255 bytes in UTF-8
     * @param parts the bytes proved over, in order; none null
     * @return the proof, {@link #BYTES} bytes
     */
    public byte[] prove(String what, byte[]... parts) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] label = what.getBytes(StandardCharsets.UTF_8);
            mac.update((byte) label.length);
            mac.update(label);
            for (byte[] p : parts) {
                mac.update(new byte[] {(byte) (p.length >>> 24), (byte) (p.length >>> 16), (byte) (p.length >>> 8), (byte) p.length});
                mac.update(p);
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java SE platform", e);
        }
    }

    /**
     * Whether {@code proof} is this key's proof over {@code what} and {@code parts} (compared in
     * constant time).
     *
     * @param proof the proof the peer sent, or null
     * @param what the message's label, as the peer's {@link #prove} had it
     * @param parts the bytes proved over, in the peer's order
     * @return true if it proves this key; false for null
     */
    public boolean proves(byte[] proof, String what, byte[]... parts) {
        return proof != null && MessageDigest.isEqual(proof, prove(what, parts));
    }

    /**
     * Reads a key sent to a node, refusing one that is not {@link #BYTES} bytes.
     *
     * @param in the stream
     * @throws InvalidObjectException if the key is missing or not {@link #BYTES} bytes
     * @throws java.io.IOException if the stream fails
     * @throws ClassNotFoundException if a class in it cannot be found
     */
    private void readObject(ObjectInputStream in) throws java.io.IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (key == null || key.length != BYTES) {
            throw new InvalidObjectException("an attempt key is " + BYTES + " bytes");
        }
    }

    /** Never the key. */
    @Override
    public String toString() {
        return "AttemptKey[" + Integer.toHexString(Arrays.hashCode(prove("name"))) + "]";
    }
}
