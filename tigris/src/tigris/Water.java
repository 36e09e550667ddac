/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.util.Objects;

import jaguar.ext.ExternalBuffer;
import jaguar.pso.PSOContainer;

/**
 * The unit of data that flows through reservoirs (the thesis's Water): one or more external
 * buffers, each with a count of the bytes in use, out of which PSOs can be allocated
 * ({@link #container()}) or which can be read and written directly.
 *
 * <p>A Water has one owner thread at a time. Putting it into a reservoir hands it off: from then
 * on the sender's reference throws on use, and the thread that gets it from the reservoir owns
 * it. That is what makes a hand-off inside one JVM zero-copy and still safe: no two modules ever
 * touch the same bytes at once.
 */
public final class Water {
    /** The kind of a Water nobody gave one: plain data. */
    public static final byte DATA = 0;

    private final ExternalBuffer[] buffers;
    private final int[] lengths;
    /** Takes the buffers back when the Water is released (the spring that made it, or the end it arrived in); may be null. */
    private final Recycler origin;
    private PSOContainer container;
    /** What the bytes are, in the application's terms ({@link #setKind}); every reservoir carries it. */
    private byte kind = DATA;
    /** The thread that may use this Water; null while it is in a reservoir or once released. */
    private Thread owner;
    /**
     * What last happened to it and where, for the error a stale reference gets: kept as a constant
     * and a name, and put into words only for that error (a hand-off builds no string).
     */
    private Whereabouts whereabouts = Whereabouts.RELEASED;
    private String where = "";
    /** The module's input port it was taken at (null if unnamed or not taken by a module thread). */
    private String inputPort;

    private enum Whereabouts {
        RELEASED("released"), PUT("put into reservoir "), TAKEN("taken from reservoir "), ADOPTED("adopted by ");

        final String words;

        Whereabouts(String words) {
            this.words = words;
        }
    }

    /** Where it was last put, in words. */
    private String whereabouts() {
        return whereabouts.words + where;
    }

    /**
     * A Water over {@code buffers}, owned by the calling thread, with no bytes in use. Buffers of
     * a Water that is to cross threads must be shared (not confined) buffers; reservoirs copy a
     * Water they cannot carry.
     *
     * @param origin what takes the buffers back when the Water is released (the spring that made
     *        them, or the end they arrived in); null: nothing does, and the buffers are the owner's
     *        to free
     * @param buffers the Water's buffers, at least one, none null, each at most 2 GiB; the array
     *        is copied, the buffers are not
     * @throws IllegalArgumentException if there is no buffer or one is larger than 2 GiB
     * @throws NullPointerException if a buffer is null
     */
    public Water(Recycler origin, ExternalBuffer... buffers) {
        if (buffers.length == 0) {
            throw new IllegalArgumentException("a Water has at least one buffer");
        }
        for (ExternalBuffer b : buffers) {
            Objects.requireNonNull(b, "buffer");
            if (b.size() > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("a Water's buffers are at most 2 GiB; got " + b.size() + " bytes");
            }
        }
        this.buffers = buffers.clone();
        this.lengths = new int[buffers.length];
        this.origin = origin;
        this.owner = Thread.currentThread();
    }

    /**
     * A Water over one buffer, owned by the calling thread, with no bytes in use: what a reservoir
     * that hands out views of its own memory makes for each Water (no array to copy).
     *
     * @param origin what takes the buffer back when the Water is released; null: nothing does
     * @param only the Water's one buffer, at most 2 GiB
     * @return the new Water
     * @throws IllegalArgumentException if {@code only} is larger than 2 GiB
     * @throws NullPointerException if {@code only} is null
     */
    public static Water over(Recycler origin, ExternalBuffer only) {
        Objects.requireNonNull(only, "buffer");
        if (only.size() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a Water's buffers are at most 2 GiB; got " + only.size() + " bytes");
        }
        return new Water(origin, only);
    }

    /** A Water over one buffer a spring made (shared, of a checked size): no copy of an array of one. */
    Water(Recycler origin, ExternalBuffer only) {
        this.buffers = new ExternalBuffer[] {only};
        this.lengths = new int[1];
        this.origin = origin;
        this.owner = Thread.currentThread();
    }

    // ---- data -----------------------------------------------------------------------------------

    /**
     * {@return the number of buffers, at least 1}
     *
     * @throws IllegalStateException if the calling thread does not own this Water
     */
    public int bufferCount() {
        checkOwner();
        return buffers.length;
    }

    /**
     * {@return the first buffer, which holds the PSO container if there is one}
     *
     * @throws IllegalStateException if the calling thread does not own this Water
     */
    public ExternalBuffer buffer() {
        return buffer(0);
    }

    /**
     * The buffer at {@code i}; its bytes in use are {@link #length(int) length(i)}.
     *
     * @param i the buffer's index, from 0 below {@link #bufferCount()}
     * @return the buffer, which stays this Water's: it must not be closed or kept
     * @throws IllegalStateException if the calling thread does not own this Water
     * @throws ArrayIndexOutOfBoundsException if {@code i} is out of range
     */
    public ExternalBuffer buffer(int i) {
        checkOwner();
        return buffers[i];
    }

    /**
     * {@return the bytes in use in the first buffer: the container's used bytes once
     * {@link #container()} was called}
     *
     * @throws IllegalStateException if the calling thread does not own this Water
     */
    public int length() {
        return length(0);
    }

    /**
     * The bytes in use in buffer {@code i}, from its start: what a reservoir sends of it.
     *
     * @param i the buffer's index, from 0 below {@link #bufferCount()}
     * @return the bytes in use, from 0 to the buffer's size (the container's used bytes for the
     *         first buffer once {@link #container()} was called)
     * @throws IllegalStateException if the calling thread does not own this Water
     * @throws ArrayIndexOutOfBoundsException if {@code i} is out of range
     */
    public int length(int i) {
        checkOwner();
        syncContainerLength();
        return lengths[i];
    }

    /**
     * Sets the bytes in use in the first buffer, for a Water written directly, not through its
     * container.
     *
     * @param length the bytes in use, from 0 to {@link #capacity()}
     * @throws IllegalStateException if the calling thread does not own this Water, or the first buffer holds a container
     * @throws IndexOutOfBoundsException if {@code length} is negative or above the capacity
     */
    public void setLength(int length) {
        setLength(0, length);
    }

    /**
     * Sets the bytes in use in buffer {@code i}, for a Water written directly, not through its
     * container.
     *
     * @param i the buffer's index, from 0 below {@link #bufferCount()}
     * @param length the bytes in use, from 0 to the buffer's size
     * @throws IllegalStateException if the calling thread does not own this Water, or {@code i} is 0 and the first buffer
     *         holds a container (whose used bytes are its length)
     * @throws IndexOutOfBoundsException if {@code i} or {@code length} is out of range
     */
    public void setLength(int i, int length) {
        checkOwner();
        if (container != null && i == 0) {
            throw new IllegalStateException("the first buffer holds a PSO container; its length is the container's used bytes");
        }
        Objects.checkIndex(length, (int) buffers[i].size() + 1);
        lengths[i] = length;
    }

    /**
     * What this Water's bytes are, as its producer said with {@link #setKind}: {@link #DATA}
     * unless set. Every reservoir carries it to the consumer (in the frame or slot header of the
     * transports that copy), so a consumer that takes several kinds of Water (records, then a
     * summary) tells them apart without looking at lengths or bytes.
     *
     * @return the kind byte, whose values the application defines
     * @throws IllegalStateException if the calling thread does not own this Water
     */
    public byte kind() {
        checkOwner();
        return kind;
    }

    /**
     * Sets what this Water's bytes are; the values are the application's (TigrisSort's: {@code SortWaterKind}).
     *
     * @param kind any byte; {@link #DATA} (0) is what a Water has unless set
     * @throws IllegalStateException if the calling thread does not own this Water
     */
    public void setKind(byte kind) {
        checkOwner();
        this.kind = kind;
    }

    /**
     * {@return the capacity of the first buffer in bytes: the most {@link #length()} can be}
     *
     * @throws IllegalStateException if the calling thread does not own this Water
     */
    public int capacity() {
        checkOwner();
        return (int) buffers[0].size();
    }

    /**
     * The PSO container in the first buffer: opened on the bytes in use if there are any (a
     * received Water), else formatted empty (a new one). Its used bytes are then the Water's
     * length.
     *
     * @return the container, the same one on every call until the Water is released or handed off
     * @throws IllegalStateException if the calling thread does not own this Water
     */
    public PSOContainer container() {
        checkOwner();
        if (container == null) {
            ExternalBuffer b = buffers[0];
            container = lengths[0] == 0 ? PSOContainer.format(b) : PSOContainer.open(b, 0, b.size());
            lengths[0] = (int) container.used();
        }
        return container;
    }

    private void syncContainerLength() {
        if (container != null) {
            lengths[0] = (int) container.used();
        }
    }

    // ---- ownership ------------------------------------------------------------------------------

    /** {@return true if the calling thread owns this Water now: it may use it, put it or release it} */
    public boolean isOwned() {
        return owner == Thread.currentThread();
    }

    private void checkOwner() {
        if (owner != Thread.currentThread()) {
            throw new IllegalStateException("this Water is not the calling thread's: it was " + whereabouts());
        }
    }

    /**
     * Gives the buffers back to the spring that made them. The owner calls this for a Water it
     * made and decided not to send; ModuleThreads release every input Water that the module did not
     * pass on.
     *
     * @throws IllegalStateException if the calling thread does not own this Water (it was put, or
     *         released already)
     */
    public void release() {
        checkOwner();
        owner = null;
        whereabouts = Whereabouts.RELEASED;
        where = "";
        container = null;
        if (origin != null) {
            origin.recycle(buffers);
        }
    }

    /**
     * Makes the calling thread this Water's owner, taking it from the thread that made or last took
     * it: how a {@link java.util.concurrent.Flow.Subscriber} takes an element its publisher
     * delivers on another thread (the publisher's hand-off orders the two, Reactive Streams rule
     * 1.3). From then on the previous owner's reference throws on use, as after a put.
     *
     * @throws IllegalStateException if the Water is in a reservoir or released: no thread owns it to give it
     */
    public void adopt() {
        if (owner == null) {
            throw new IllegalStateException("this Water cannot be adopted: it was " + whereabouts());
        }
        owner = Thread.currentThread();
        whereabouts = Whereabouts.ADOPTED;
        where = owner.getName();
    }

    /**
     * The input port of the module it was handed to that it arrived at (the port of the graph
     * connection it came through, {@code "in"} of {@code "join.in"}): how a module with several
     * inputs tells them apart. Null if it was not taken from a reservoir by a module thread that
     * knows its ports (a Water this module made, or one fed by hand).
     *
     * @return the port's name, or null
     * @throws IllegalStateException if the calling thread does not own this Water
     */
    public String inputPort() {
        checkOwner();
        return inputPort;
    }

    /** Says which input port of its module this Water was taken at. */
    void arrivedAt(String port) {
        inputPort = port;
    }

    /** The sender's side of a put: checks ownership and detaches the Water from this thread. */
    void handOff(String reservoir) {
        checkOwner();
        syncContainerLength();
        owner = null;
        whereabouts = Whereabouts.PUT;
        where = reservoir;
        inputPort = null;
    }

    /** The receiver's side of a get: the calling thread owns the Water now. */
    void takeOver(String reservoir) {
        owner = Thread.currentThread();
        whereabouts = Whereabouts.TAKEN;
        where = reservoir;
    }

    /** The Water's bytes as a new Water from {@code spring}, for a reservoir that cannot carry this one. */
    Water copyInto(Spring spring) {
        checkOwner();
        syncContainerLength();
        int total = 0;
        for (int n : lengths) {
            total = Math.addExact(total, n);
        }
        Water copy = spring.createWater(Math.max(1, total));
        copyTo(copy);
        return copy;
    }

    /** Writes this Water's bytes, its buffers one after another, into the first buffer of {@code copy}, which must have room. */
    void copyTo(Water copy) {
        checkOwner();
        syncContainerLength();
        long at = 0;
        for (int i = 0; i < buffers.length; i++) {
            buffers[i].copyTo(0, copy.buffers[0], at, lengths[i]);
            at += lengths[i];
        }
        copy.lengths[0] = Math.toIntExact(at);
        copy.kind = kind;
    }

    /** True if every buffer can be used by any thread. */
    boolean isShareable() {
        for (ExternalBuffer b : buffers) {
            if (b.isConfined()) {
                return false;
            }
        }
        return true;
    }

    /** {@return the Water's buffer count and who owns it, or where it went: for errors and logs, usable from any thread} */
    @Override
    public String toString() {
        return "Water[" + buffers.length + " buffer(s), " + (owner == null ? whereabouts() : "owned by " + owner.getName()) + "]";
    }
}
