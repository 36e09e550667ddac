/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;
import java.nio.ByteOrder;
import java.util.Objects;

import jaguar.memory.NativeMemory;

/**
 * An External Object: a region of memory outside the Java heap (allocated, a mapped file, shared
 * memory, a device) read and written through checked accessors that Jaguar's JIT compiles to
 * plain machine loads and stores.
 *
 * <p>Every accessor checks, in this order: the buffer is open ({@link IllegalStateException}), the
 * caller is the owner thread of a confined buffer ({@link WrongThreadException}), the access lies
 * inside the buffer ({@link IndexOutOfBoundsException}), the buffer is writable for writes
 * ({@link java.nio.ReadOnlyBufferException}) and, for ordered and atomic accesses, the address is
 * naturally aligned ({@link IllegalArgumentException}). Then it makes one raw access at
 * {@code address + offset}. The checks compare final and plain fields only, so the JIT hoists
 * them out of loops; every accessor is final so that calls bind statically and inline.
 *
 * <p>Plain accessors use the platform's native byte order; the overloads taking a
 * {@link ByteOrder} swap bytes when it differs. Offsets are in bytes from the buffer's start.
 * See doc/external-objects.md for the safety model.
 */
public abstract sealed class ExternalBuffer implements AutoCloseable
                permits OffHeapBuffer, MappedFileBuffer, SharedMemoryBuffer, DeviceRegionBuffer, BufferSlice {
    private static final ByteOrder NATIVE = ByteOrder.nativeOrder();
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    /** Absolute address of byte 0. */
    final long address;
    /** Size in bytes. */
    final long size;
    final BufferScope scope;
    /**
     * An FFM segment over this memory and perhaps more, for bulk copies: the buffer's own, or for
     * a slice its parent's, this buffer's byte 0 at {@link #segmentOffset} in it. A slice makes no
     * segment of its own: making one costs more than the rest of a slice together, and a
     * reservoir slices a buffer for every Water it hands out.
     */
    final MemorySegment segment;
    /** Where byte 0 of this buffer is in {@link #segment}. */
    final long segmentOffset;
    final boolean readOnly;
    /** {@code size} if writable, 0 if read-only: writes check their bounds against it (see writeAddress). */
    final long writableSize;

    ExternalBuffer(BufferScope scope, MemorySegment segment, boolean readOnly) {
        this(scope, segment, 0, segment.byteSize(), readOnly);
    }

    /** Over {@code size} bytes of {@code segment} from {@code segmentOffset} (a slice of a buffer over it). */
    ExternalBuffer(BufferScope scope, MemorySegment segment, long segmentOffset, long size, boolean readOnly) {
        this.scope = scope;
        this.segment = segment;
        this.segmentOffset = segmentOffset;
        this.address = segment.address() + segmentOffset;
        this.size = size;
        this.readOnly = readOnly;
        this.writableSize = readOnly ? 0 : size;
    }

    // ---- checks ---------------------------------------------------------------------------------

    /*
     * How the checks are shaped, and why (doc/external-objects.md, "Costs"). Every check is
     * straight-line arithmetic ending in one Objects.checkIndex, which the JIT intrinsifies to a
     * range check: C2's loop predication moves it out of any loop in which it is invariant, and
     * range-check elimination out of the main loop of a counted loop when it compares the
     * induction variable (jtreg ext/HoistedChecksTest). A plain never-taken branch would not
     * always leave the loop (Graal, the JIT these shapes were first made for, could not move one
     * at all). The exception handlers are the cold path and rethrow with Jaguar's messages.
     */

    /**
     * Throws as any accessor would if this thread cannot use the buffer now: it is closed
     * ({@link IllegalStateException}) or confined to another thread ({@link WrongThreadException}).
     * Structures laid over a buffer whose bounds were checked once (Pre-Serialized Objects) make
     * only this check per access.
     */
    public final void checkAccessible() {
        BufferScope s = scope;
        try {
            Objects.checkIndex(s.deniedToCurrentThread(), 1);
        } catch (IndexOutOfBoundsException e) {
            throw s.isAlive() ? wrongThread(s.owner) : closed();
        }
    }

    /**
     * The lifetime and ownership this buffer shares with its slices, for structures laid over the
     * buffer that keep it to test liveness with one load per access (Pre-Serialized Objects); they
     * call {@link #checkAccessible()} for the exception once the test fails.
     */
    public final BufferScope scope() {
        return scope;
    }

    /**
     * The scope a structure laid over this buffer keeps and tests at each access (Pre-Serialized
     * Objects): {@link #scope()} if this buffer is writable, else its read-only twin, whose
     * {@link BufferScope#writableByCurrentThread()} is false for every thread. Liveness,
     * ownership and writability in one object, so each test is one load.
     */
    public final BufferScope accessScope() {
        return readOnly ? scope.readOnlyTwin() : scope;
    }

    /**
     * The address of byte 0, for layouts kept over the buffer (Pre-Serialized Objects) and native
     * code; the memory stays valid only while the buffer is open. Unlike {@code asSegment()} this
     * makes no closeable view, so closing a shared buffer stays cheap (closing a view costs a
     * handshake with every thread).
     */
    public final long address() {
        checkAccessible();
        return address;
    }

    /** The address of {@code width} readable bytes at {@code offset}; {@code width >= 0}. */
    final long readAddress(long offset, long width) {
        checkAccessible();
        // One unsigned compare, offset |<| size - width + 1, the shape of an array bounds check:
        // the JIT intrinsifies Objects.checkIndex to a range check it moves out of counted loops.
        // size - width + 1 cannot overflow (both are non-negative) and is <= 0 when the access
        // cannot fit at all, which checkIndex rejects for every offset.
        try {
            Objects.checkIndex(offset, size - width + 1);
        } catch (IndexOutOfBoundsException e) {
            // Cold path (a deoptimisation in compiled code): rethrow with Jaguar's message.
            throw outOfBounds(offset, width);
        }
        return address + offset;
    }

    /**
     * As {@link #readAddress}, and the buffer must be writable. The bounds and writable checks are
     * one compare against {@link #writableSize} (0 when read-only), so no branch tests readOnly.
     */
    final long writeAddress(long offset, long width) {
        checkAccessible();
        try {
            Objects.checkIndex(offset, writableSize - width + 1);
        } catch (IndexOutOfBoundsException e) {
            // Bounds first, then writable: the order of the checks in the class comment.
            readAddress(offset, width);
            throw new ReadOnlyViolation(describe());
        }
        return address + offset;
    }

    /**
     * The address of element {@code index} of a {@code 1 << shift}-byte type, for the
     * {@code ...AtIndex} accessors. The check compares the element's byte offset with the bytes
     * of the first {@link #elementLimit} elements (index < limit, as a long), and the address adds
     * that checked offset: range-check elimination removes it from a counted loop's body, and
     * C2's SuperWord vectorises the loop, which it did not when the address added a shifted int
     * index checked on its own (doc/external-objects.md, Costs). Elements beyond
     * index Integer.MAX_VALUE - 1 are reached through the byte-offset accessors.
     */
    final long elementAddress(int index, int shift) {
        checkAccessible();
        long offset = (long) index << shift;
        try {
            Objects.checkIndex(offset, (long) elementLimit(size, shift) << shift);
        } catch (IndexOutOfBoundsException e) {
            // Cold path (a deoptimisation in compiled code): rethrow with Jaguar's message.
            throw new IndexOutOfBoundsException("index=" + index + " out of bounds for " + elementLimit(size, shift) + " elements of "
                            + (1 << shift) + " bytes (size=" + size + ")");
        }
        return address + offset;
    }

    /** min(bytes >>> shift, Integer.MAX_VALUE) without a branch (a never-taken branch would become a guard that stays in loops). */
    private static int elementLimit(long bytes, int shift) {
        long count = bytes >>> shift;                      // >= 0: sizes are never negative
        long over = (Integer.MAX_VALUE - count) >> 63;     // -1 if count > Integer.MAX_VALUE, else 0
        return (int) (count | over) & Integer.MAX_VALUE;
    }

    /** As {@link #elementAddress}, and the buffer must be writable (one compare, as writeAddress). */
    final long writableElementAddress(int index, int shift) {
        checkAccessible();
        long offset = (long) index << shift;
        try {
            Objects.checkIndex(offset, (long) elementLimit(writableSize, shift) << shift);
        } catch (IndexOutOfBoundsException e) {
            elementAddress(index, shift);
            throw new ReadOnlyViolation(describe());
        }
        return address + offset;
    }

    /** As read/writeAddress, and naturally aligned, which ordered and atomic accesses need. */
    private long alignedAddress(long offset, int width, boolean write) {
        long a = write ? writeAddress(offset, width) : readAddress(offset, width);
        if ((a & (width - 1)) != 0) {
            throw new IllegalArgumentException("offset=" + offset + " width=" + width + " misaligned: address=0x" + Long.toHexString(a)
                            + " is not a multiple of " + width + " (ordered and atomic accesses need natural alignment)");
        }
        return a;
    }

    private static long checkLength(long length) {
        if (length < 0) {
            throw new IndexOutOfBoundsException("length=" + length + " is negative");
        }
        return length;
    }

    private IllegalStateException closed() {
        return new IllegalStateException("buffer closed: " + describe());
    }

    private WrongThreadException wrongThread(Thread owner) {
        return new WrongThreadException("thread=" + Thread.currentThread().getName() + " is not owner=" + owner.getName()
                        + " of confined buffer " + describe());
    }

    private IndexOutOfBoundsException outOfBounds(long offset, long width) {
        return new IndexOutOfBoundsException("offset=" + offset + " width=" + width + " out of bounds for size=" + size);
    }

    /** The byte order argument says to swap; null is rejected here, off the native-order path. */
    private static boolean swap(ByteOrder order) {
        if (order == NATIVE) {
            return false;
        }
        Objects.requireNonNull(order, "order");
        return true;
    }

    final String describe() {
        return "kind=" + getClass().getSimpleName() + " size=" + size + (scope.isConfined() ? " confined" : " shared")
                        + (readOnly ? " read-only" : "");
    }

    // ---- state ----------------------------------------------------------------------------------

    /** Size in bytes. */
    public final long size() {
        return size;
    }

    /** False once the buffer (or, for a slice, the buffer it was sliced from) is closed. */
    public final boolean isAlive() {
        return scope.isAlive();
    }

    public final boolean isReadOnly() {
        return readOnly;
    }

    /** True if only the creating thread may use this buffer (and close() frees it at once). */
    public final boolean isConfined() {
        return scope.isConfined();
    }

    /**
     * Closes the buffer and every slice of it. A confined buffer's memory is released now; a
     * shared buffer's when it becomes unreachable (doc/external-objects.md). Closing twice does
     * nothing.
     *
     * @throws WrongThreadException if called on a confined buffer by another thread
     */
    @Override
    public void close() {
        Thread owner = scope.owner;
        if (owner != null && owner != Thread.currentThread()) {
            throw wrongThread(owner);
        }
        scope.close();
    }

    /**
     * Pins this buffer's memory for a device that accesses it behind the JVM's back (an RDMA
     * memory registration): until the pin is closed, {@link #close()} throws
     * {@link IllegalStateException} naming {@code holder} instead of releasing the memory.
     *
     * @throws IllegalStateException if the buffer is closed
     */
    public final BufferPin pin(String holder) {
        checkAccessible();
        scope.pin(holder);
        return new BufferPin(scope, holder);
    }

    /** A view of {@code length} bytes at {@code offset}, alive as long as this buffer. */
    public final ExternalBuffer slice(long offset, long length) {
        readAddress(offset, checkLength(length));
        return new BufferSlice(scope, segment, segmentOffset + offset, length, readOnly);
    }

    /**
     * This buffer as an FFM segment, for interoperation. It stops working when the buffer is
     * closed, and is read-only when the buffer is. For a shared buffer the segment is shared too and
     * keeps the memory alive while it is reachable.
     */
    public final MemorySegment asSegment() {
        checkAccessible();
        return scope.view().asSlice(address - scope.root.address(), size);
    }

    @Override
    public String toString() {
        return "ExternalBuffer[" + describe() + " address=0x" + Long.toHexString(address) + (scope.isAlive() ? "" : " closed") + "]";
    }

    // ---- plain accessors, native order ----------------------------------------------------------

    public final byte getByte(long offset) {
        byte v = NativeMemory.getByte(readAddress(offset, Byte.BYTES));
        Reference.reachabilityFence(this);
        return v;
    }

    public final void putByte(long offset, byte value) {
        NativeMemory.putByte(writeAddress(offset, Byte.BYTES), value);
        Reference.reachabilityFence(this);
    }

    /** A byte, non-zero meaning true. */
    public final boolean getBoolean(long offset) {
        return getByte(offset) != 0;
    }

    /** Writes 1 for true and 0 for false. */
    public final void putBoolean(long offset, boolean value) {
        putByte(offset, value ? (byte) 1 : (byte) 0);
    }

    public final short getShort(long offset) {
        short v = NativeMemory.getShort(readAddress(offset, Short.BYTES));
        Reference.reachabilityFence(this);
        return v;
    }

    public final void putShort(long offset, short value) {
        NativeMemory.putShort(writeAddress(offset, Short.BYTES), value);
        Reference.reachabilityFence(this);
    }

    public final char getChar(long offset) {
        char v = NativeMemory.getChar(readAddress(offset, Character.BYTES));
        Reference.reachabilityFence(this);
        return v;
    }

    public final void putChar(long offset, char value) {
        NativeMemory.putChar(writeAddress(offset, Character.BYTES), value);
        Reference.reachabilityFence(this);
    }

    public final int getInt(long offset) {
        int v = NativeMemory.getInt(readAddress(offset, Integer.BYTES));
        Reference.reachabilityFence(this);
        return v;
    }

    public final void putInt(long offset, int value) {
        NativeMemory.putInt(writeAddress(offset, Integer.BYTES), value);
        Reference.reachabilityFence(this);
    }

    public final long getLong(long offset) {
        long v = NativeMemory.getLong(readAddress(offset, Long.BYTES));
        Reference.reachabilityFence(this);
        return v;
    }

    public final void putLong(long offset, long value) {
        NativeMemory.putLong(writeAddress(offset, Long.BYTES), value);
        Reference.reachabilityFence(this);
    }

    public final float getFloat(long offset) {
        return Float.intBitsToFloat(getInt(offset));
    }

    /** Stores the float's raw bits (NaN payloads are kept). */
    public final void putFloat(long offset, float value) {
        putInt(offset, Float.floatToRawIntBits(value));
    }

    public final double getDouble(long offset) {
        return Double.longBitsToDouble(getLong(offset));
    }

    /** Stores the double's raw bits (NaN payloads are kept). */
    public final void putDouble(long offset, double value) {
        putLong(offset, Double.doubleToRawLongBits(value));
    }

    // ---- element-indexed, native order: the array-like view, fastest in loops -------------------

    /** The byte at element index {@code index}, i.e. byte offset {@code index * 1}. */
    public final byte getByteAtIndex(int index) {
        long a = elementAddress(index, 0);
        byte v = NativeMemory.getByte(a);
        Reference.reachabilityFence(this);
        return v;
    }

    /** Writes the byte at element index {@code index}, i.e. byte offset {@code index * 1}. */
    public final void putByteAtIndex(int index, byte value) {
        long a = writableElementAddress(index, 0);
        NativeMemory.putByte(a, value);
        Reference.reachabilityFence(this);
    }

    /** The short at element index {@code index}, i.e. byte offset {@code index * 2}. */
    public final short getShortAtIndex(int index) {
        long a = elementAddress(index, 1);
        short v = NativeMemory.getShort(a);
        Reference.reachabilityFence(this);
        return v;
    }

    /** Writes the short at element index {@code index}, i.e. byte offset {@code index * 2}. */
    public final void putShortAtIndex(int index, short value) {
        long a = writableElementAddress(index, 1);
        NativeMemory.putShort(a, value);
        Reference.reachabilityFence(this);
    }

    /** The char at element index {@code index}, i.e. byte offset {@code index * 2}. */
    public final char getCharAtIndex(int index) {
        long a = elementAddress(index, 1);
        char v = NativeMemory.getChar(a);
        Reference.reachabilityFence(this);
        return v;
    }

    /** Writes the char at element index {@code index}, i.e. byte offset {@code index * 2}. */
    public final void putCharAtIndex(int index, char value) {
        long a = writableElementAddress(index, 1);
        NativeMemory.putChar(a, value);
        Reference.reachabilityFence(this);
    }

    /** The int at element index {@code index}, i.e. byte offset {@code index * 4}. */
    public final int getIntAtIndex(int index) {
        long a = elementAddress(index, 2);
        int v = NativeMemory.getInt(a);
        Reference.reachabilityFence(this);
        return v;
    }

    /** Writes the int at element index {@code index}, i.e. byte offset {@code index * 4}. */
    public final void putIntAtIndex(int index, int value) {
        long a = writableElementAddress(index, 2);
        NativeMemory.putInt(a, value);
        Reference.reachabilityFence(this);
    }

    /** The long at element index {@code index}, i.e. byte offset {@code index * 8}. */
    public final long getLongAtIndex(int index) {
        long a = elementAddress(index, 3);
        long v = NativeMemory.getLong(a);
        Reference.reachabilityFence(this);
        return v;
    }

    /** Writes the long at element index {@code index}, i.e. byte offset {@code index * 8}. */
    public final void putLongAtIndex(int index, long value) {
        long a = writableElementAddress(index, 3);
        NativeMemory.putLong(a, value);
        Reference.reachabilityFence(this);
    }

    /** The float at element index {@code index}, i.e. byte offset {@code index * 4}. */
    public final float getFloatAtIndex(int index) {
        long a = elementAddress(index, 2);
        float v = Float.intBitsToFloat(NativeMemory.getInt(a));
        Reference.reachabilityFence(this);
        return v;
    }

    /** Writes the float at element index {@code index}, i.e. byte offset {@code index * 4}. */
    public final void putFloatAtIndex(int index, float value) {
        long a = writableElementAddress(index, 2);
        NativeMemory.putInt(a, Float.floatToRawIntBits(value));
        Reference.reachabilityFence(this);
    }

    /** The double at element index {@code index}, i.e. byte offset {@code index * 8}. */
    public final double getDoubleAtIndex(int index) {
        long a = elementAddress(index, 3);
        double v = Double.longBitsToDouble(NativeMemory.getLong(a));
        Reference.reachabilityFence(this);
        return v;
    }

    /** Writes the double at element index {@code index}, i.e. byte offset {@code index * 8}. */
    public final void putDoubleAtIndex(int index, double value) {
        long a = writableElementAddress(index, 3);
        NativeMemory.putLong(a, Double.doubleToRawLongBits(value));
        Reference.reachabilityFence(this);
    }

    // ---- plain accessors, explicit order --------------------------------------------------------

    public final short getShort(long offset, ByteOrder order) {
        short v = getShort(offset);
        return swap(order) ? Short.reverseBytes(v) : v;
    }

    public final void putShort(long offset, short value, ByteOrder order) {
        putShort(offset, swap(order) ? Short.reverseBytes(value) : value);
    }

    public final char getChar(long offset, ByteOrder order) {
        char v = getChar(offset);
        return swap(order) ? Character.reverseBytes(v) : v;
    }

    public final void putChar(long offset, char value, ByteOrder order) {
        putChar(offset, swap(order) ? Character.reverseBytes(value) : value);
    }

    public final int getInt(long offset, ByteOrder order) {
        int v = getInt(offset);
        return swap(order) ? Integer.reverseBytes(v) : v;
    }

    public final void putInt(long offset, int value, ByteOrder order) {
        putInt(offset, swap(order) ? Integer.reverseBytes(value) : value);
    }

    public final long getLong(long offset, ByteOrder order) {
        long v = getLong(offset);
        return swap(order) ? Long.reverseBytes(v) : v;
    }

    public final void putLong(long offset, long value, ByteOrder order) {
        putLong(offset, swap(order) ? Long.reverseBytes(value) : value);
    }

    public final float getFloat(long offset, ByteOrder order) {
        return Float.intBitsToFloat(getInt(offset, order));
    }

    public final void putFloat(long offset, float value, ByteOrder order) {
        putInt(offset, Float.floatToRawIntBits(value), order);
    }

    public final double getDouble(long offset, ByteOrder order) {
        return Double.longBitsToDouble(getLong(offset, order));
    }

    public final void putDouble(long offset, double value, ByteOrder order) {
        putLong(offset, Double.doubleToRawLongBits(value), order);
    }

    // ---- ordered accessors (natural alignment required) -----------------------------------------

    public final int getIntOpaque(long offset) {
        int v = NativeMemory.getIntOpaque(alignedAddress(offset, Integer.BYTES, false));
        Reference.reachabilityFence(this);
        return v;
    }

    public final int getIntAcquire(long offset) {
        int v = NativeMemory.getIntAcquire(alignedAddress(offset, Integer.BYTES, false));
        Reference.reachabilityFence(this);
        return v;
    }

    public final int getIntVolatile(long offset) {
        int v = NativeMemory.getIntVolatile(alignedAddress(offset, Integer.BYTES, false));
        Reference.reachabilityFence(this);
        return v;
    }

    public final void putIntOpaque(long offset, int value) {
        NativeMemory.putIntOpaque(alignedAddress(offset, Integer.BYTES, true), value);
        Reference.reachabilityFence(this);
    }

    public final void putIntRelease(long offset, int value) {
        NativeMemory.putIntRelease(alignedAddress(offset, Integer.BYTES, true), value);
        Reference.reachabilityFence(this);
    }

    public final void putIntVolatile(long offset, int value) {
        NativeMemory.putIntVolatile(alignedAddress(offset, Integer.BYTES, true), value);
        Reference.reachabilityFence(this);
    }

    public final long getLongOpaque(long offset) {
        long v = NativeMemory.getLongOpaque(alignedAddress(offset, Long.BYTES, false));
        Reference.reachabilityFence(this);
        return v;
    }

    public final long getLongAcquire(long offset) {
        long v = NativeMemory.getLongAcquire(alignedAddress(offset, Long.BYTES, false));
        Reference.reachabilityFence(this);
        return v;
    }

    public final long getLongVolatile(long offset) {
        long v = NativeMemory.getLongVolatile(alignedAddress(offset, Long.BYTES, false));
        Reference.reachabilityFence(this);
        return v;
    }

    public final void putLongOpaque(long offset, long value) {
        NativeMemory.putLongOpaque(alignedAddress(offset, Long.BYTES, true), value);
        Reference.reachabilityFence(this);
    }

    public final void putLongRelease(long offset, long value) {
        NativeMemory.putLongRelease(alignedAddress(offset, Long.BYTES, true), value);
        Reference.reachabilityFence(this);
    }

    public final void putLongVolatile(long offset, long value) {
        NativeMemory.putLongVolatile(alignedAddress(offset, Long.BYTES, true), value);
        Reference.reachabilityFence(this);
    }

    // ---- atomics (natural alignment required; all volatile) -------------------------------------

    public final boolean compareAndSetInt(long offset, int expected, int value) {
        boolean ok = NativeMemory.compareAndSetInt(alignedAddress(offset, Integer.BYTES, true), expected, value);
        Reference.reachabilityFence(this);
        return ok;
    }

    public final boolean compareAndSetLong(long offset, long expected, long value) {
        boolean ok = NativeMemory.compareAndSetLong(alignedAddress(offset, Long.BYTES, true), expected, value);
        Reference.reachabilityFence(this);
        return ok;
    }

    /** Returns the value found, which equals {@code expected} when the exchange happened. */
    public final int compareAndExchangeInt(long offset, int expected, int value) {
        int old = NativeMemory.compareAndExchangeInt(alignedAddress(offset, Integer.BYTES, true), expected, value);
        Reference.reachabilityFence(this);
        return old;
    }

    /** Returns the value found, which equals {@code expected} when the exchange happened. */
    public final long compareAndExchangeLong(long offset, long expected, long value) {
        long old = NativeMemory.compareAndExchangeLong(alignedAddress(offset, Long.BYTES, true), expected, value);
        Reference.reachabilityFence(this);
        return old;
    }

    public final int getAndAddInt(long offset, int delta) {
        int old = NativeMemory.getAndAddInt(alignedAddress(offset, Integer.BYTES, true), delta);
        Reference.reachabilityFence(this);
        return old;
    }

    public final long getAndAddLong(long offset, long delta) {
        long old = NativeMemory.getAndAddLong(alignedAddress(offset, Long.BYTES, true), delta);
        Reference.reachabilityFence(this);
        return old;
    }

    public final int getAndSetInt(long offset, int value) {
        int old = NativeMemory.getAndSetInt(alignedAddress(offset, Integer.BYTES, true), value);
        Reference.reachabilityFence(this);
        return old;
    }

    public final long getAndSetLong(long offset, long value) {
        long old = NativeMemory.getAndSetLong(alignedAddress(offset, Long.BYTES, true), value);
        Reference.reachabilityFence(this);
        return old;
    }

    // ---- bulk -----------------------------------------------------------------------------------

    /** Copies {@code length} bytes at {@code offset} into {@code dst[index...]}. */
    public final void get(long offset, byte[] dst, int index, int length) {
        copyOut(offset, ValueLayout.JAVA_BYTE, dst, index, length, dst.length);
    }

    /** Copies {@code src[index...]} ({@code length} bytes) to {@code offset}. */
    public final void put(long offset, byte[] src, int index, int length) {
        copyIn(offset, ValueLayout.JAVA_BYTE, src, index, length, src.length);
    }

    /** Copies {@code length} ints (native order) at {@code offset} into {@code dst[index...]}. */
    public final void get(long offset, int[] dst, int index, int length) {
        get(offset, dst, index, length, NATIVE);
    }

    public final void get(long offset, int[] dst, int index, int length, ByteOrder order) {
        copyOut(offset, INT.withOrder(order), dst, index, length, dst.length);
    }

    /** Copies {@code length} ints from {@code src[index...]} to {@code offset}, in native order. */
    public final void put(long offset, int[] src, int index, int length) {
        put(offset, src, index, length, NATIVE);
    }

    public final void put(long offset, int[] src, int index, int length, ByteOrder order) {
        copyIn(offset, INT.withOrder(order), src, index, length, src.length);
    }

    /** Copies {@code length} longs (native order) at {@code offset} into {@code dst[index...]}. */
    public final void get(long offset, long[] dst, int index, int length) {
        get(offset, dst, index, length, NATIVE);
    }

    public final void get(long offset, long[] dst, int index, int length, ByteOrder order) {
        copyOut(offset, LONG.withOrder(order), dst, index, length, dst.length);
    }

    /** Copies {@code length} longs from {@code src[index...]} to {@code offset}, in native order. */
    public final void put(long offset, long[] src, int index, int length) {
        put(offset, src, index, length, NATIVE);
    }

    public final void put(long offset, long[] src, int index, int length, ByteOrder order) {
        copyIn(offset, LONG.withOrder(order), src, index, length, src.length);
    }

    private void copyOut(long offset, ValueLayout layout, Object dst, int index, int length, int arrayLength) {
        Objects.checkFromIndexSize(index, length, arrayLength);
        readAddress(offset, length * layout.byteSize());
        MemorySegment.copy(segment, layout, segmentOffset + offset, dst, index, length);
        Reference.reachabilityFence(this);
    }

    private void copyIn(long offset, ValueLayout layout, Object src, int index, int length, int arrayLength) {
        Objects.checkFromIndexSize(index, length, arrayLength);
        writeAddress(offset, length * layout.byteSize());
        MemorySegment.copy(src, index, segment, layout, segmentOffset + offset, length);
        Reference.reachabilityFence(this);
    }

    /**
     * Copies {@code length} bytes at {@code offset} to {@code dst} at {@code dstOffset}; the regions
     * may overlap (as with memmove).
     */
    public final void copyTo(long offset, ExternalBuffer dst, long dstOffset, long length) {
        readAddress(offset, checkLength(length));
        dst.writeAddress(dstOffset, length);
        MemorySegment.copy(segment, segmentOffset + offset, dst.segment, dst.segmentOffset + dstOffset, length);
        Reference.reachabilityFence(this);
        Reference.reachabilityFence(dst);
    }

    /** Copies {@code length} bytes of {@code src} at {@code srcOffset} to {@code offset} in this buffer. */
    public final void copyFrom(ExternalBuffer src, long srcOffset, long offset, long length) {
        src.copyTo(srcOffset, this, offset, length);
    }

    /** Sets {@code length} bytes at {@code offset} to {@code value}. */
    public final void fill(long offset, long length, byte value) {
        writeAddress(offset, checkLength(length));
        segment.asSlice(segmentOffset + offset, length).fill(value);
        Reference.reachabilityFence(this);
    }
}
