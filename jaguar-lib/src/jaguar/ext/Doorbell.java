/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import java.lang.ref.Reference;

/**
 * A device-style doorbell register (Welsh's VIA_Doorbell): two 32-bit words in an
 * {@link ExternalBuffer}. Word 0 holds a descriptor value, non-zero while the doorbell is busy;
 * word 1 holds a memory handle. The ringing side waits until {@link #isBusy()} is false, then
 * {@link #ring}s; the device (or a polling thread or process) sees a non-zero {@link #value()},
 * reads {@link #handle()}, and {@link #clear()}s word 0 when done. The handle is written before
 * the value, so whoever sees a value sees its handle.
 *
 * <p>Every operation checks the buffer is open, the thread may use it, and the doorbell's eight
 * bytes are inside it; the raw parts are code mappings ({@link DoorbellOps}).
 */
public final class Doorbell {
    /** Bytes a doorbell occupies. */
    public static final int SIZE = 8;

    private final ExternalBuffer buffer;
    private final long offset;

    private Doorbell(ExternalBuffer buffer, long offset) {
        this.buffer = buffer;
        this.offset = offset;
    }

    /**
     * The doorbell at {@code offset} of {@code buffer}, which must be writable, with
     * {@link #SIZE} bytes there, 4-byte aligned (the value word is accessed with ordering).
     * Nothing is written: the doorbell's words hold what the buffer holds there (0: idle).
     *
     * @param buffer the writable buffer holding the doorbell; the doorbell keeps it and checks it
     *               at every operation
     * @param offset byte offset of word 0 in {@code buffer}
     * @return a doorbell over those eight bytes
     * @throws IndexOutOfBoundsException if the eight bytes are not inside the buffer
     * @throws java.nio.ReadOnlyBufferException if the buffer is read-only
     * @throws IllegalArgumentException if the address is not a multiple of 4
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public static Doorbell at(ExternalBuffer buffer, long offset) {
        long a = buffer.writeAddress(offset, SIZE);
        if ((a & (Integer.BYTES - 1)) != 0) {
            throw new IllegalArgumentException("offset=" + offset + " misaligned: address=0x" + Long.toHexString(a)
                            + " is not a multiple of 4 (a doorbell's words must be aligned)");
        }
        return new Doorbell(buffer, offset);
    }

    /**
     * Whether a rung value has not been cleared yet (acquire load of word 0).
     *
     * @return true while word 0 is non-zero
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public boolean isBusy() {
        return value() != 0;
    }

    /**
     * Writes {@code handle} to word 1, then {@code value} to word 0 (after an sfence, with release
     * order). Does not wait: call it when {@link #isBusy()} is false, or the previous ring is lost.
     *
     * @param value the descriptor value for word 0, non-zero
     * @param handle the memory handle for word 1, visible to whoever sees {@code value}
     * @throws IllegalArgumentException if {@code value} is 0, which means "idle" and would not ring
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public void ring(int value, int handle) {
        if (value == 0) {
            throw new IllegalArgumentException("value=0 cannot ring a doorbell (0 means idle)");
        }
        DoorbellOps.ring(buffer.writeAddress(offset, SIZE), value, handle);
        Reference.reachabilityFence(buffer);
    }

    /**
     * Word 0, with acquire order.
     *
     * @return 0 when idle, else the rung value, whose handle {@link #handle()} then reads
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public int value() {
        int v = DoorbellOps.value(buffer.readAddress(offset, SIZE));
        Reference.reachabilityFence(buffer);
        return v;
    }

    /**
     * Word 1 (plain load, native order).
     *
     * @return the handle rung with the value last seen by {@link #value()}
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public int handle() {
        return buffer.getInt(offset + Integer.BYTES);
    }

    /**
     * Sets word 0 to 0 with release order: the ring is handled, the doorbell may ring again.
     *
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public void clear() {
        DoorbellOps.clear(buffer.writeAddress(offset, SIZE));
        Reference.reachabilityFence(buffer);
    }

    /**
     * The buffer holding this doorbell.
     *
     * @return the buffer given to {@link #at}
     */
    public ExternalBuffer buffer() {
        return buffer;
    }

    /**
     * Where the doorbell is.
     *
     * @return the byte offset of word 0 in {@link #buffer()}
     */
    public long offset() {
        return offset;
    }
}
