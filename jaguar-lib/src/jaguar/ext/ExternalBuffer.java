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
     *
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
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
     * call {@link #checkAccessible()} for the exception once the test fails. Answered whether or
     * not the buffer is open.
     *
     * @return the scope shared by this buffer, the buffer it was sliced from and all their slices
     */
    public final BufferScope scope() {
        return scope;
    }

    /**
     * The scope a structure laid over this buffer keeps and tests at each access (Pre-Serialized
     * Objects): {@link #scope()} if this buffer is writable, else its read-only twin, whose
     * {@link BufferScope#writableByCurrentThread()} is false for every thread. Liveness,
     * ownership and writability in one object, so each test is one load.
     *
     * @return {@link #scope()} for a writable buffer, its read-only twin (one per scope) for a
     *         read-only one
     */
    public final BufferScope accessScope() {
        return readOnly ? scope.readOnlyTwin() : scope;
    }

    /**
     * The address of byte 0, for layouts kept over the buffer (Pre-Serialized Objects) and native
     * code; the memory stays valid only while the buffer is open. Unlike {@code asSegment()} this
     * makes no closeable view, so closing a shared buffer stays cheap (closing a view costs a
     * handshake with every thread).
     *
     * @return the absolute address of the buffer's first byte
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
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

    /**
     * The buffer's length, fixed at creation; answered after close too.
     *
     * @return the size in bytes: positive, except that a slice may be empty
     */
    public final long size() {
        return size;
    }

    /**
     * Whether the buffer is still open. Does not check the calling thread.
     *
     * @return false once the buffer (or, for a slice, the buffer it was sliced from) is closed
     */
    public final boolean isAlive() {
        return scope.isAlive();
    }

    /**
     * Whether writes are refused: a {@code READ_ONLY} mapping, or a slice of one. Fixed at creation.
     *
     * @return true if every write accessor throws {@link java.nio.ReadOnlyBufferException}
     */
    public final boolean isReadOnly() {
        return readOnly;
    }

    /**
     * Whether the buffer is confined to one thread. Fixed at creation.
     *
     * @return true if only the creating thread may use and close this buffer (and {@link #close()}
     *         frees it at once); false if any thread may
     */
    public final boolean isConfined() {
        return scope.isConfined();
    }

    /**
     * Closes the buffer and every slice of it. A confined buffer's memory is released now; a
     * shared buffer's when it becomes unreachable (doc/external-objects.md). Closing twice does
     * nothing.
     *
     * @throws WrongThreadException if called on a confined buffer by another thread
     * @throws IllegalStateException if the buffer is pinned ({@link #pin}): the message names the
     *         holders, which must be closed first
     * @throws UnsupportedOperationException on a slice, which shares its parent's lifetime: close
     *         the buffer it was sliced from
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
     * {@link IllegalStateException} naming {@code holder} instead of releasing the memory. A buffer
     * may hold several pins. Pinning a slice pins the buffer it was sliced from (they share one
     * scope).
     *
     * @param holder who holds the pin, for the message of a refused close (e.g. the memory
     *               region and its device)
     * @return the pin; close it once the device can no longer access the memory
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public final BufferPin pin(String holder) {
        checkAccessible();
        scope.pin(holder);
        return new BufferPin(scope, holder);
    }

    /**
     * A view of {@code length} bytes at {@code offset}: the same memory, scope (so the same owner
     * thread) and writability, its own bounds, offsets counted from its own start. Alive exactly as
     * long as this buffer; closing the slice itself throws {@link UnsupportedOperationException}.
     *
     * @param offset byte offset in this buffer where the slice starts
     * @param length bytes in the slice, non-negative, with {@code offset + length <= size()}
     * @return the slice
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code length} is negative or the range is not inside
     *         the buffer
     */
    public final ExternalBuffer slice(long offset, long length) {
        readAddress(offset, checkLength(length));
        return new BufferSlice(scope, segment, segmentOffset + offset, length, readOnly);
    }

    /**
     * This buffer as an FFM segment, for interoperation. It stops working when the buffer is
     * closed, and is read-only when the buffer is. For a shared buffer the segment is shared too and
     * keeps the memory alive while it is reachable. The first call on a shared buffer makes a
     * shared arena for its views, whose closing makes {@link #close()} cost an FFM handshake (about
     * 0.25 ms); {@link #address()} does not.
     *
     * @return a segment of {@link #size()} bytes over this buffer's memory, confined to the owner
     *         thread for a confined buffer
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public final MemorySegment asSegment() {
        checkAccessible();
        return scope.view().asSlice(address - scope.root.address(), size);
    }

    /**
     * A description for messages and debugging.
     *
     * @return the kind, size, confinement and writability, the address, and whether closed
     */
    @Override
    public String toString() {
        return "ExternalBuffer[" + describe() + " address=0x" + Long.toHexString(address) + (scope.isAlive() ? "" : " closed") + "]";
    }

    // ---- plain accessors, native order ----------------------------------------------------------

    /**
     * The byte at {@code offset} (a plain load).
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset < size()}
     * @return the byte stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code offset} is not inside the buffer
     */
    public final byte getByte(long offset) {
        byte v = NativeMemory.getByte(readAddress(offset, Byte.BYTES));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at {@code offset} (a plain store).
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset < size()}
     * @param value the byte to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code offset} is not inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putByte(long offset, byte value) {
        NativeMemory.putByte(writeAddress(offset, Byte.BYTES), value);
        Reference.reachabilityFence(this);
    }

    /**
     * The byte at {@code offset} as a boolean: any non-zero byte means true.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset < size()}
     * @return false if the byte is 0, else true
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code offset} is not inside the buffer
     */
    public final boolean getBoolean(long offset) {
        return getByte(offset) != 0;
    }

    /**
     * Writes 1 for true and 0 for false, as a byte at {@code offset}.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset < size()}
     * @param value the boolean to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code offset} is not inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putBoolean(long offset, boolean value) {
        putByte(offset, value ? (byte) 1 : (byte) 0);
    }

    /**
     * The short at {@code offset}, in native byte order (a plain load).
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 2}; any
     *               alignment
     * @return the short stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 2 bytes at {@code offset} are not all inside the
     *         buffer
     */
    public final short getShort(long offset) {
        short v = NativeMemory.getShort(readAddress(offset, Short.BYTES));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at {@code offset}, in native byte order (a plain store).
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 2}; any
     *               alignment
     * @param value the short to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 2 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putShort(long offset, short value) {
        NativeMemory.putShort(writeAddress(offset, Short.BYTES), value);
        Reference.reachabilityFence(this);
    }

    /**
     * The char at {@code offset}, in native byte order (a plain load).
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 2}; any
     *               alignment
     * @return the char stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 2 bytes at {@code offset} are not all inside the
     *         buffer
     */
    public final char getChar(long offset) {
        char v = NativeMemory.getChar(readAddress(offset, Character.BYTES));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at {@code offset}, in native byte order (a plain store).
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 2}; any
     *               alignment
     * @param value the char to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 2 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putChar(long offset, char value) {
        NativeMemory.putChar(writeAddress(offset, Character.BYTES), value);
        Reference.reachabilityFence(this);
    }

    /**
     * The int at {@code offset}, in native byte order (a plain load).
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}; any
     *               alignment
     * @return the int stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     */
    public final int getInt(long offset) {
        int v = NativeMemory.getInt(readAddress(offset, Integer.BYTES));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at {@code offset}, in native byte order (a plain store).
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}; any
     *               alignment
     * @param value the int to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putInt(long offset, int value) {
        NativeMemory.putInt(writeAddress(offset, Integer.BYTES), value);
        Reference.reachabilityFence(this);
    }

    /**
     * The long at {@code offset}, in native byte order (a plain load).
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}; any
     *               alignment
     * @return the long stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     */
    public final long getLong(long offset) {
        long v = NativeMemory.getLong(readAddress(offset, Long.BYTES));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at {@code offset}, in native byte order (a plain store).
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}; any
     *               alignment
     * @param value the long to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putLong(long offset, long value) {
        NativeMemory.putLong(writeAddress(offset, Long.BYTES), value);
        Reference.reachabilityFence(this);
    }

    /**
     * The float at {@code offset}, in native byte order, from its raw bits (a plain load).
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}; any
     *               alignment
     * @return the float stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     */
    public final float getFloat(long offset) {
        return Float.intBitsToFloat(getInt(offset));
    }

    /**
     * Writes {@code value} at {@code offset}, in native byte order (a plain store). Stored as its
     * raw bits ({@code Float.floatToRawIntBits}): NaN payloads are kept.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}; any
     *               alignment
     * @param value the float to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putFloat(long offset, float value) {
        putInt(offset, Float.floatToRawIntBits(value));
    }

    /**
     * The double at {@code offset}, in native byte order, from its raw bits (a plain load).
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}; any
     *               alignment
     * @return the double stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     */
    public final double getDouble(long offset) {
        return Double.longBitsToDouble(getLong(offset));
    }

    /**
     * Writes {@code value} at {@code offset}, in native byte order (a plain store). Stored as its
     * raw bits ({@code Double.doubleToRawLongBits}): NaN payloads are kept.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}; any
     *               alignment
     * @param value the double to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putDouble(long offset, double value) {
        putLong(offset, Double.doubleToRawLongBits(value));
    }

    // ---- element-indexed, native order: the array-like view, fastest in loops -------------------

    /**
     * The byte at element index {@code index}, i.e. byte offset {@code index * 1}, in native byte
     * order. The checks of {@link #getByte(long)}, shaped so that the JIT removes the bounds check
     * from counted loops: prefer it in loops.
     *
     * @param index element index, {@code 0 <= index < min(size(), Integer.MAX_VALUE)}
     * @return the byte stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     */
    public final byte getByteAtIndex(int index) {
        long a = elementAddress(index, 0);
        byte v = NativeMemory.getByte(a);
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at element index {@code index}, i.e. byte offset {@code index * 1}, in
     * native byte order. The checks of {@link #putByte(long, byte)}, shaped so that the JIT removes
     * the bounds check from counted loops: prefer it in loops.
     *
     * @param index element index, {@code 0 <= index < min(size(), Integer.MAX_VALUE)}
     * @param value the byte to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putByteAtIndex(int index, byte value) {
        long a = writableElementAddress(index, 0);
        NativeMemory.putByte(a, value);
        Reference.reachabilityFence(this);
    }

    /**
     * The short at element index {@code index}, i.e. byte offset {@code index * 2}, in native byte
     * order. The checks of {@link #getShort(long)}, shaped so that the JIT removes the bounds check
     * from counted loops: prefer it in loops.
     *
     * @param index element index, {@code 0 <= index < min(size() / 2, Integer.MAX_VALUE)}
     * @return the short stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     */
    public final short getShortAtIndex(int index) {
        long a = elementAddress(index, 1);
        short v = NativeMemory.getShort(a);
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at element index {@code index}, i.e. byte offset {@code index * 2}, in
     * native byte order. The checks of {@link #putShort(long, short)}, shaped so that the JIT
     * removes the bounds check from counted loops: prefer it in loops.
     *
     * @param index element index, {@code 0 <= index < min(size() / 2, Integer.MAX_VALUE)}
     * @param value the short to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putShortAtIndex(int index, short value) {
        long a = writableElementAddress(index, 1);
        NativeMemory.putShort(a, value);
        Reference.reachabilityFence(this);
    }

    /**
     * The char at element index {@code index}, i.e. byte offset {@code index * 2}, in native byte
     * order. The checks of {@link #getChar(long)}, shaped so that the JIT removes the bounds check
     * from counted loops: prefer it in loops.
     *
     * @param index element index, {@code 0 <= index < min(size() / 2, Integer.MAX_VALUE)}
     * @return the char stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     */
    public final char getCharAtIndex(int index) {
        long a = elementAddress(index, 1);
        char v = NativeMemory.getChar(a);
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at element index {@code index}, i.e. byte offset {@code index * 2}, in
     * native byte order. The checks of {@link #putChar(long, char)}, shaped so that the JIT removes
     * the bounds check from counted loops: prefer it in loops.
     *
     * @param index element index, {@code 0 <= index < min(size() / 2, Integer.MAX_VALUE)}
     * @param value the char to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putCharAtIndex(int index, char value) {
        long a = writableElementAddress(index, 1);
        NativeMemory.putChar(a, value);
        Reference.reachabilityFence(this);
    }

    /**
     * The int at element index {@code index}, i.e. byte offset {@code index * 4}, in native byte
     * order. The checks of {@link #getInt(long)}, shaped so that the JIT removes the bounds check
     * from counted loops: prefer it in loops.
     *
     * @param index element index, {@code 0 <= index < min(size() / 4, Integer.MAX_VALUE)}
     * @return the int stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     */
    public final int getIntAtIndex(int index) {
        long a = elementAddress(index, 2);
        int v = NativeMemory.getInt(a);
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at element index {@code index}, i.e. byte offset {@code index * 4}, in
     * native byte order. The checks of {@link #putInt(long, int)}, shaped so that the JIT removes
     * the bounds check from counted loops: prefer it in loops.
     *
     * @param index element index, {@code 0 <= index < min(size() / 4, Integer.MAX_VALUE)}
     * @param value the int to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putIntAtIndex(int index, int value) {
        long a = writableElementAddress(index, 2);
        NativeMemory.putInt(a, value);
        Reference.reachabilityFence(this);
    }

    /**
     * The long at element index {@code index}, i.e. byte offset {@code index * 8}, in native byte
     * order. The checks of {@link #getLong(long)}, shaped so that the JIT removes the bounds check
     * from counted loops: prefer it in loops.
     *
     * @param index element index, {@code 0 <= index < min(size() / 8, Integer.MAX_VALUE)}
     * @return the long stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     */
    public final long getLongAtIndex(int index) {
        long a = elementAddress(index, 3);
        long v = NativeMemory.getLong(a);
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at element index {@code index}, i.e. byte offset {@code index * 8}, in
     * native byte order. The checks of {@link #putLong(long, long)}, shaped so that the JIT removes
     * the bounds check from counted loops: prefer it in loops.
     *
     * @param index element index, {@code 0 <= index < min(size() / 8, Integer.MAX_VALUE)}
     * @param value the long to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putLongAtIndex(int index, long value) {
        long a = writableElementAddress(index, 3);
        NativeMemory.putLong(a, value);
        Reference.reachabilityFence(this);
    }

    /**
     * The float at element index {@code index}, i.e. byte offset {@code index * 4}, in native byte
     * order, from its raw bits. The checks of {@link #getFloat(long)}, shaped so that the JIT
     * removes the bounds check from counted loops: prefer it in loops.
     *
     * @param index element index, {@code 0 <= index < min(size() / 4, Integer.MAX_VALUE)}
     * @return the float stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     */
    public final float getFloatAtIndex(int index) {
        long a = elementAddress(index, 2);
        float v = Float.intBitsToFloat(NativeMemory.getInt(a));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at element index {@code index}, i.e. byte offset {@code index * 4}, in
     * native byte order. The checks of {@link #putFloat(long, float)}, shaped so that the JIT
     * removes the bounds check from counted loops: prefer it in loops. Stored as its raw bits
     * ({@code Float.floatToRawIntBits}): NaN payloads are kept.
     *
     * @param index element index, {@code 0 <= index < min(size() / 4, Integer.MAX_VALUE)}
     * @param value the float to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putFloatAtIndex(int index, float value) {
        long a = writableElementAddress(index, 2);
        NativeMemory.putInt(a, Float.floatToRawIntBits(value));
        Reference.reachabilityFence(this);
    }

    /**
     * The double at element index {@code index}, i.e. byte offset {@code index * 8}, in native byte
     * order, from its raw bits. The checks of {@link #getDouble(long)}, shaped so that the JIT
     * removes the bounds check from counted loops: prefer it in loops.
     *
     * @param index element index, {@code 0 <= index < min(size() / 8, Integer.MAX_VALUE)}
     * @return the double stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     */
    public final double getDoubleAtIndex(int index) {
        long a = elementAddress(index, 3);
        double v = Double.longBitsToDouble(NativeMemory.getLong(a));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at element index {@code index}, i.e. byte offset {@code index * 8}, in
     * native byte order. The checks of {@link #putDouble(long, double)}, shaped so that the JIT
     * removes the bounds check from counted loops: prefer it in loops. Stored as its raw bits
     * ({@code Double.doubleToRawLongBits}): NaN payloads are kept.
     *
     * @param index element index, {@code 0 <= index < min(size() / 8, Integer.MAX_VALUE)}
     * @param value the double to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} is negative or element {@code index} is
     *         not wholly inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void putDoubleAtIndex(int index, double value) {
        long a = writableElementAddress(index, 3);
        NativeMemory.putLong(a, Double.doubleToRawLongBits(value));
        Reference.reachabilityFence(this);
    }

    // ---- plain accessors, explicit order --------------------------------------------------------

    /**
     * The short at {@code offset}, read in byte order {@code order}: for data laid out by another
     * machine or a wire format.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 2}; any
     *               alignment
     * @param order the byte order the value is stored in, not null; bytes are swapped when it is
     *              not {@link ByteOrder#nativeOrder()}
     * @return the short stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 2 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws NullPointerException if {@code order} is null
     */
    public final short getShort(long offset, ByteOrder order) {
        short v = getShort(offset);
        return swap(order) ? Short.reverseBytes(v) : v;
    }

    /**
     * Writes {@code value} at {@code offset} in byte order {@code order}: for data read by another
     * machine or a wire format.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 2}; any
     *               alignment
     * @param value the short to store
     * @param order the byte order the value is stored in, not null; bytes are swapped when it is
     *              not {@link ByteOrder#nativeOrder()}
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 2 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws NullPointerException if {@code order} is null
     */
    public final void putShort(long offset, short value, ByteOrder order) {
        putShort(offset, swap(order) ? Short.reverseBytes(value) : value);
    }

    /**
     * The char at {@code offset}, read in byte order {@code order}: for data laid out by another
     * machine or a wire format.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 2}; any
     *               alignment
     * @param order the byte order the value is stored in, not null; bytes are swapped when it is
     *              not {@link ByteOrder#nativeOrder()}
     * @return the char stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 2 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws NullPointerException if {@code order} is null
     */
    public final char getChar(long offset, ByteOrder order) {
        char v = getChar(offset);
        return swap(order) ? Character.reverseBytes(v) : v;
    }

    /**
     * Writes {@code value} at {@code offset} in byte order {@code order}: for data read by another
     * machine or a wire format.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 2}; any
     *               alignment
     * @param value the char to store
     * @param order the byte order the value is stored in, not null; bytes are swapped when it is
     *              not {@link ByteOrder#nativeOrder()}
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 2 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws NullPointerException if {@code order} is null
     */
    public final void putChar(long offset, char value, ByteOrder order) {
        putChar(offset, swap(order) ? Character.reverseBytes(value) : value);
    }

    /**
     * The int at {@code offset}, read in byte order {@code order}: for data laid out by another
     * machine or a wire format.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}; any
     *               alignment
     * @param order the byte order the value is stored in, not null; bytes are swapped when it is
     *              not {@link ByteOrder#nativeOrder()}
     * @return the int stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws NullPointerException if {@code order} is null
     */
    public final int getInt(long offset, ByteOrder order) {
        int v = getInt(offset);
        return swap(order) ? Integer.reverseBytes(v) : v;
    }

    /**
     * Writes {@code value} at {@code offset} in byte order {@code order}: for data read by another
     * machine or a wire format.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}; any
     *               alignment
     * @param value the int to store
     * @param order the byte order the value is stored in, not null; bytes are swapped when it is
     *              not {@link ByteOrder#nativeOrder()}
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws NullPointerException if {@code order} is null
     */
    public final void putInt(long offset, int value, ByteOrder order) {
        putInt(offset, swap(order) ? Integer.reverseBytes(value) : value);
    }

    /**
     * The long at {@code offset}, read in byte order {@code order}: for data laid out by another
     * machine or a wire format.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}; any
     *               alignment
     * @param order the byte order the value is stored in, not null; bytes are swapped when it is
     *              not {@link ByteOrder#nativeOrder()}
     * @return the long stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws NullPointerException if {@code order} is null
     */
    public final long getLong(long offset, ByteOrder order) {
        long v = getLong(offset);
        return swap(order) ? Long.reverseBytes(v) : v;
    }

    /**
     * Writes {@code value} at {@code offset} in byte order {@code order}: for data read by another
     * machine or a wire format.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}; any
     *               alignment
     * @param value the long to store
     * @param order the byte order the value is stored in, not null; bytes are swapped when it is
     *              not {@link ByteOrder#nativeOrder()}
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws NullPointerException if {@code order} is null
     */
    public final void putLong(long offset, long value, ByteOrder order) {
        putLong(offset, swap(order) ? Long.reverseBytes(value) : value);
    }

    /**
     * The float at {@code offset}, read in byte order {@code order}, from its raw bits: for data
     * laid out by another machine or a wire format.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}; any
     *               alignment
     * @param order the byte order the value is stored in, not null; bytes are swapped when it is
     *              not {@link ByteOrder#nativeOrder()}
     * @return the float stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws NullPointerException if {@code order} is null
     */
    public final float getFloat(long offset, ByteOrder order) {
        return Float.intBitsToFloat(getInt(offset, order));
    }

    /**
     * Writes {@code value} at {@code offset} in byte order {@code order}: for data read by another
     * machine or a wire format. Stored as its raw bits ({@code Float.floatToRawIntBits}): NaN
     * payloads are kept.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}; any
     *               alignment
     * @param value the float to store
     * @param order the byte order the value is stored in, not null; bytes are swapped when it is
     *              not {@link ByteOrder#nativeOrder()}
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws NullPointerException if {@code order} is null
     */
    public final void putFloat(long offset, float value, ByteOrder order) {
        putInt(offset, Float.floatToRawIntBits(value), order);
    }

    /**
     * The double at {@code offset}, read in byte order {@code order}, from its raw bits: for data
     * laid out by another machine or a wire format.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}; any
     *               alignment
     * @param order the byte order the value is stored in, not null; bytes are swapped when it is
     *              not {@link ByteOrder#nativeOrder()}
     * @return the double stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws NullPointerException if {@code order} is null
     */
    public final double getDouble(long offset, ByteOrder order) {
        return Double.longBitsToDouble(getLong(offset, order));
    }

    /**
     * Writes {@code value} at {@code offset} in byte order {@code order}: for data read by another
     * machine or a wire format. Stored as its raw bits ({@code Double.doubleToRawLongBits}): NaN
     * payloads are kept.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}; any
     *               alignment
     * @param value the double to store
     * @param order the byte order the value is stored in, not null; bytes are swapped when it is
     *              not {@link ByteOrder#nativeOrder()}
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws NullPointerException if {@code order} is null
     */
    public final void putDouble(long offset, double value, ByteOrder order) {
        putLong(offset, Double.doubleToRawLongBits(value), order);
    }

    // ---- ordered accessors (natural alignment required) -----------------------------------------

    /**
     * The int at {@code offset}, in native byte order, loaded with opaque order (as
     * {@link java.lang.invoke.VarHandle#getOpaque}): atomic and coherent for this word, unordered
     * with other accesses.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}, and the
     *               address it gives a multiple of 4
     * @return the int stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 4
     */
    public final int getIntOpaque(long offset) {
        int v = NativeMemory.getIntOpaque(alignedAddress(offset, Integer.BYTES, false));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * The int at {@code offset}, in native byte order, loaded with acquire order (as
     * {@link java.lang.invoke.VarHandle#getAcquire}): no later load or store of this thread moves
     * before it, so what a writer stored before its release store of this value is visible after
     * it.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}, and the
     *               address it gives a multiple of 4
     * @return the int stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 4
     */
    public final int getIntAcquire(long offset) {
        int v = NativeMemory.getIntAcquire(alignedAddress(offset, Integer.BYTES, false));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * The int at {@code offset}, in native byte order, loaded with volatile order (as
     * {@link java.lang.invoke.VarHandle#getVolatile}): sequentially consistent with every other
     * volatile access.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}, and the
     *               address it gives a multiple of 4
     * @return the int stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 4
     */
    public final int getIntVolatile(long offset) {
        int v = NativeMemory.getIntVolatile(alignedAddress(offset, Integer.BYTES, false));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at {@code offset}, in native byte order, with opaque order (as
     * {@link java.lang.invoke.VarHandle#setOpaque}): atomic and coherent for this word, unordered
     * with other accesses.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}, and the
     *               address it gives a multiple of 4
     * @param value the int to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 4
     */
    public final void putIntOpaque(long offset, int value) {
        NativeMemory.putIntOpaque(alignedAddress(offset, Integer.BYTES, true), value);
        Reference.reachabilityFence(this);
    }

    /**
     * Writes {@code value} at {@code offset}, in native byte order, with release order (as
     * {@link java.lang.invoke.VarHandle#setRelease}): no earlier load or store of this thread moves
     * after it, so a reader that acquire-loads the value also sees what was stored before.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}, and the
     *               address it gives a multiple of 4
     * @param value the int to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 4
     */
    public final void putIntRelease(long offset, int value) {
        NativeMemory.putIntRelease(alignedAddress(offset, Integer.BYTES, true), value);
        Reference.reachabilityFence(this);
    }

    /**
     * Writes {@code value} at {@code offset}, in native byte order, with volatile order (as
     * {@link java.lang.invoke.VarHandle#setVolatile}): sequentially consistent with every other
     * volatile access.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}, and the
     *               address it gives a multiple of 4
     * @param value the int to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 4
     */
    public final void putIntVolatile(long offset, int value) {
        NativeMemory.putIntVolatile(alignedAddress(offset, Integer.BYTES, true), value);
        Reference.reachabilityFence(this);
    }

    /**
     * The long at {@code offset}, in native byte order, loaded with opaque order (as
     * {@link java.lang.invoke.VarHandle#getOpaque}): atomic and coherent for this word, unordered
     * with other accesses.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}, and the
     *               address it gives a multiple of 8
     * @return the long stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 8
     */
    public final long getLongOpaque(long offset) {
        long v = NativeMemory.getLongOpaque(alignedAddress(offset, Long.BYTES, false));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * The long at {@code offset}, in native byte order, loaded with acquire order (as
     * {@link java.lang.invoke.VarHandle#getAcquire}): no later load or store of this thread moves
     * before it, so what a writer stored before its release store of this value is visible after
     * it.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}, and the
     *               address it gives a multiple of 8
     * @return the long stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 8
     */
    public final long getLongAcquire(long offset) {
        long v = NativeMemory.getLongAcquire(alignedAddress(offset, Long.BYTES, false));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * The long at {@code offset}, in native byte order, loaded with volatile order (as
     * {@link java.lang.invoke.VarHandle#getVolatile}): sequentially consistent with every other
     * volatile access.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}, and the
     *               address it gives a multiple of 8
     * @return the long stored there
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 8
     */
    public final long getLongVolatile(long offset) {
        long v = NativeMemory.getLongVolatile(alignedAddress(offset, Long.BYTES, false));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Writes {@code value} at {@code offset}, in native byte order, with opaque order (as
     * {@link java.lang.invoke.VarHandle#setOpaque}): atomic and coherent for this word, unordered
     * with other accesses.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}, and the
     *               address it gives a multiple of 8
     * @param value the long to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 8
     */
    public final void putLongOpaque(long offset, long value) {
        NativeMemory.putLongOpaque(alignedAddress(offset, Long.BYTES, true), value);
        Reference.reachabilityFence(this);
    }

    /**
     * Writes {@code value} at {@code offset}, in native byte order, with release order (as
     * {@link java.lang.invoke.VarHandle#setRelease}): no earlier load or store of this thread moves
     * after it, so a reader that acquire-loads the value also sees what was stored before.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}, and the
     *               address it gives a multiple of 8
     * @param value the long to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 8
     */
    public final void putLongRelease(long offset, long value) {
        NativeMemory.putLongRelease(alignedAddress(offset, Long.BYTES, true), value);
        Reference.reachabilityFence(this);
    }

    /**
     * Writes {@code value} at {@code offset}, in native byte order, with volatile order (as
     * {@link java.lang.invoke.VarHandle#setVolatile}): sequentially consistent with every other
     * volatile access.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}, and the
     *               address it gives a multiple of 8
     * @param value the long to store
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 8
     */
    public final void putLongVolatile(long offset, long value) {
        NativeMemory.putLongVolatile(alignedAddress(offset, Long.BYTES, true), value);
        Reference.reachabilityFence(this);
    }

    // ---- atomics (natural alignment required; all volatile) -------------------------------------

    /**
     * Atomically sets the int at {@code offset} to {@code value} if it holds {@code expected}, with
     * volatile order; native byte order.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}, and the
     *               address it gives a multiple of 4
     * @param expected the value the int must hold for the store to happen
     * @param value the value to store
     * @return true if the int held {@code expected} and now holds {@code value}; false if it held
     *         something else (left unchanged)
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 4
     */
    public final boolean compareAndSetInt(long offset, int expected, int value) {
        boolean ok = NativeMemory.compareAndSetInt(alignedAddress(offset, Integer.BYTES, true), expected, value);
        Reference.reachabilityFence(this);
        return ok;
    }

    /**
     * Atomically sets the long at {@code offset} to {@code value} if it holds {@code expected},
     * with volatile order; native byte order.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}, and the
     *               address it gives a multiple of 8
     * @param expected the value the long must hold for the store to happen
     * @param value the value to store
     * @return true if the long held {@code expected} and now holds {@code value}; false if it held
     *         something else (left unchanged)
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 8
     */
    public final boolean compareAndSetLong(long offset, long expected, long value) {
        boolean ok = NativeMemory.compareAndSetLong(alignedAddress(offset, Long.BYTES, true), expected, value);
        Reference.reachabilityFence(this);
        return ok;
    }

    /**
     * Atomically sets the int at {@code offset} to {@code value} if it holds {@code expected}, with
     * volatile order; native byte order. As {@link #compareAndSetInt}, but returns what was found.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}, and the
     *               address it gives a multiple of 4
     * @param expected the value the int must hold for the store to happen
     * @param value the value to store
     * @return the value found, which equals {@code expected} when the exchange happened
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 4
     */
    public final int compareAndExchangeInt(long offset, int expected, int value) {
        int old = NativeMemory.compareAndExchangeInt(alignedAddress(offset, Integer.BYTES, true), expected, value);
        Reference.reachabilityFence(this);
        return old;
    }

    /**
     * Atomically sets the long at {@code offset} to {@code value} if it holds {@code expected},
     * with volatile order; native byte order. As {@link #compareAndSetLong}, but returns what was
     * found.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}, and the
     *               address it gives a multiple of 8
     * @param expected the value the long must hold for the store to happen
     * @param value the value to store
     * @return the value found, which equals {@code expected} when the exchange happened
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 8
     */
    public final long compareAndExchangeLong(long offset, long expected, long value) {
        long old = NativeMemory.compareAndExchangeLong(alignedAddress(offset, Long.BYTES, true), expected, value);
        Reference.reachabilityFence(this);
        return old;
    }

    /**
     * Atomically adds {@code delta} to the int at {@code offset} (wrapping on overflow), with
     * volatile order; native byte order.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}, and the
     *               address it gives a multiple of 4
     * @param delta the amount to add; negative to subtract
     * @return the value before the addition
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 4
     */
    public final int getAndAddInt(long offset, int delta) {
        int old = NativeMemory.getAndAddInt(alignedAddress(offset, Integer.BYTES, true), delta);
        Reference.reachabilityFence(this);
        return old;
    }

    /**
     * Atomically adds {@code delta} to the long at {@code offset} (wrapping on overflow), with
     * volatile order; native byte order.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}, and the
     *               address it gives a multiple of 8
     * @param delta the amount to add; negative to subtract
     * @return the value before the addition
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 8
     */
    public final long getAndAddLong(long offset, long delta) {
        long old = NativeMemory.getAndAddLong(alignedAddress(offset, Long.BYTES, true), delta);
        Reference.reachabilityFence(this);
        return old;
    }

    /**
     * Atomically replaces the int at {@code offset} with {@code value}, with volatile order; native
     * byte order.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 4}, and the
     *               address it gives a multiple of 4
     * @param value the value to store
     * @return the value replaced
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 4
     */
    public final int getAndSetInt(long offset, int value) {
        int old = NativeMemory.getAndSetInt(alignedAddress(offset, Integer.BYTES, true), value);
        Reference.reachabilityFence(this);
        return old;
    }

    /**
     * Atomically replaces the long at {@code offset} with {@code value}, with volatile order;
     * native byte order.
     *
     * @param offset byte offset from the buffer's start; {@code 0 <= offset <= size() - 8}, and the
     *               address it gives a multiple of 8
     * @param value the value to store
     * @return the value replaced
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all inside the
     *         buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws IllegalArgumentException if the address ({@link #address()} + {@code offset}) is not
     *         a multiple of 8
     */
    public final long getAndSetLong(long offset, long value) {
        long old = NativeMemory.getAndSetLong(alignedAddress(offset, Long.BYTES, true), value);
        Reference.reachabilityFence(this);
        return old;
    }

    // ---- bulk -----------------------------------------------------------------------------------

    /**
     * Copies {@code length} bytes at {@code offset} into {@code dst[index]} to
     * {@code dst[index + length - 1]}.
     *
     * @param offset byte offset in this buffer of the first byte copied
     * @param dst the array copied into, not null
     * @param index where in {@code dst} the first byte goes
     * @param length bytes to copy, non-negative
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} and {@code length} do not describe a range
     *         of the array (negative, or past its end), or the bytes at {@code offset} are not all
     *         inside the buffer
     * @throws NullPointerException if {@code dst} is null
     */
    public final void get(long offset, byte[] dst, int index, int length) {
        copyOut(offset, ValueLayout.JAVA_BYTE, dst, index, length, dst.length);
    }

    /**
     * Copies {@code src[index]} to {@code src[index + length - 1]} to {@code length} bytes at
     * {@code offset}.
     *
     * @param offset byte offset in this buffer where the first byte goes
     * @param src the array copied from, not null
     * @param index where in {@code src} the first byte is
     * @param length bytes to copy, non-negative
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} and {@code length} do not describe a range
     *         of the array (negative, or past its end), or the bytes at {@code offset} are not all
     *         inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws NullPointerException if {@code src} is null
     */
    public final void put(long offset, byte[] src, int index, int length) {
        copyIn(offset, ValueLayout.JAVA_BYTE, src, index, length, src.length);
    }

    /**
     * Copies {@code length} ints (4 bytes each, native byte order) at {@code offset} into
     * {@code dst[index]} to {@code dst[index + length - 1]}. Any alignment.
     *
     * @param offset byte offset in this buffer of the first int copied
     * @param dst the array copied into, not null
     * @param index where in {@code dst} the first int goes
     * @param length ints to copy, non-negative
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} and {@code length} do not describe a range
     *         of the array (negative, or past its end), or the {@code length * 4} bytes at
     *         {@code offset} are not all inside the buffer
     * @throws NullPointerException if {@code dst} is null
     */
    public final void get(long offset, int[] dst, int index, int length) {
        get(offset, dst, index, length, NATIVE);
    }

    /**
     * As {@link #get(long, int[], int, int)}, with the ints stored in byte order {@code order}.
     *
     * @param offset byte offset in this buffer of the first int copied
     * @param dst the array copied into, not null
     * @param index where in {@code dst} the first int goes
     * @param length ints to copy, non-negative
     * @param order the byte order of the ints in the buffer, not null
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} and {@code length} do not describe a range
     *         of the array (negative, or past its end), or the {@code length * 4} bytes at
     *         {@code offset} are not all inside the buffer
     * @throws NullPointerException if {@code dst} or {@code order} is null
     */
    public final void get(long offset, int[] dst, int index, int length, ByteOrder order) {
        copyOut(offset, INT.withOrder(order), dst, index, length, dst.length);
    }

    /**
     * Copies {@code src[index]} to {@code src[index + length - 1]} to {@code length} ints (4 bytes
     * each, native byte order) at {@code offset}. Any alignment.
     *
     * @param offset byte offset in this buffer where the first int goes
     * @param src the array copied from, not null
     * @param index where in {@code src} the first int is
     * @param length ints to copy, non-negative
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} and {@code length} do not describe a range
     *         of the array (negative, or past its end), or the {@code length * 4} bytes at
     *         {@code offset} are not all inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws NullPointerException if {@code src} is null
     */
    public final void put(long offset, int[] src, int index, int length) {
        put(offset, src, index, length, NATIVE);
    }

    /**
     * As {@link #put(long, int[], int, int)}, storing the ints in byte order {@code order}.
     *
     * @param offset byte offset in this buffer where the first int goes
     * @param src the array copied from, not null
     * @param index where in {@code src} the first int is
     * @param length ints to copy, non-negative
     * @param order the byte order to store the ints in, not null
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} and {@code length} do not describe a range
     *         of the array (negative, or past its end), or the {@code length * 4} bytes at
     *         {@code offset} are not all inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws NullPointerException if {@code src} or {@code order} is null
     */
    public final void put(long offset, int[] src, int index, int length, ByteOrder order) {
        copyIn(offset, INT.withOrder(order), src, index, length, src.length);
    }

    /**
     * Copies {@code length} longs (8 bytes each, native byte order) at {@code offset} into
     * {@code dst[index]} to {@code dst[index + length - 1]}. Any alignment.
     *
     * @param offset byte offset in this buffer of the first long copied
     * @param dst the array copied into, not null
     * @param index where in {@code dst} the first long goes
     * @param length longs to copy, non-negative
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} and {@code length} do not describe a range
     *         of the array (negative, or past its end), or the {@code length * 8} bytes at
     *         {@code offset} are not all inside the buffer
     * @throws NullPointerException if {@code dst} is null
     */
    public final void get(long offset, long[] dst, int index, int length) {
        get(offset, dst, index, length, NATIVE);
    }

    /**
     * As {@link #get(long, long[], int, int)}, with the longs stored in byte order {@code order}.
     *
     * @param offset byte offset in this buffer of the first long copied
     * @param dst the array copied into, not null
     * @param index where in {@code dst} the first long goes
     * @param length longs to copy, non-negative
     * @param order the byte order of the longs in the buffer, not null
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} and {@code length} do not describe a range
     *         of the array (negative, or past its end), or the {@code length * 8} bytes at
     *         {@code offset} are not all inside the buffer
     * @throws NullPointerException if {@code dst} or {@code order} is null
     */
    public final void get(long offset, long[] dst, int index, int length, ByteOrder order) {
        copyOut(offset, LONG.withOrder(order), dst, index, length, dst.length);
    }

    /**
     * Copies {@code src[index]} to {@code src[index + length - 1]} to {@code length} longs (8 bytes
     * each, native byte order) at {@code offset}. Any alignment.
     *
     * @param offset byte offset in this buffer where the first long goes
     * @param src the array copied from, not null
     * @param index where in {@code src} the first long is
     * @param length longs to copy, non-negative
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} and {@code length} do not describe a range
     *         of the array (negative, or past its end), or the {@code length * 8} bytes at
     *         {@code offset} are not all inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws NullPointerException if {@code src} is null
     */
    public final void put(long offset, long[] src, int index, int length) {
        put(offset, src, index, length, NATIVE);
    }

    /**
     * As {@link #put(long, long[], int, int)}, storing the longs in byte order {@code order}.
     *
     * @param offset byte offset in this buffer where the first long goes
     * @param src the array copied from, not null
     * @param index where in {@code src} the first long is
     * @param length longs to copy, non-negative
     * @param order the byte order to store the longs in, not null
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code index} and {@code length} do not describe a range
     *         of the array (negative, or past its end), or the {@code length * 8} bytes at
     *         {@code offset} are not all inside the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     * @throws NullPointerException if {@code src} or {@code order} is null
     */
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
     * Copies {@code length} bytes at {@code offset} to {@code dst} at {@code dstOffset}; the
     * regions may overlap (as with memmove): {@code dst} may be this buffer.
     *
     * @param offset byte offset in this buffer of the first byte copied
     * @param dst the buffer copied into: writable, usable by this thread, not null
     * @param dstOffset byte offset in {@code dst} where the first byte goes
     * @param length bytes to copy, non-negative
     * @throws IllegalStateException if either buffer is closed
     * @throws WrongThreadException if either buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code length} is negative, or either range is not
     *         inside its buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if {@code dst} is
     *         read-only
     * @throws NullPointerException if {@code dst} is null
     */
    public final void copyTo(long offset, ExternalBuffer dst, long dstOffset, long length) {
        readAddress(offset, checkLength(length));
        dst.writeAddress(dstOffset, length);
        MemorySegment.copy(segment, segmentOffset + offset, dst.segment, dst.segmentOffset + dstOffset, length);
        Reference.reachabilityFence(this);
        Reference.reachabilityFence(dst);
    }

    /**
     * Copies {@code length} bytes of {@code src} at {@code srcOffset} to {@code offset} in this
     * buffer; the regions may overlap. The same as
     * {@code src.copyTo(srcOffset, this, offset, length)}.
     *
     * @param src the buffer copied from: usable by this thread, not null
     * @param srcOffset byte offset in {@code src} of the first byte copied
     * @param offset byte offset in this buffer where the first byte goes
     * @param length bytes to copy, non-negative
     * @throws IllegalStateException if either buffer is closed
     * @throws WrongThreadException if either buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code length} is negative, or either range is not
     *         inside its buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if this buffer is
     *         read-only
     * @throws NullPointerException if {@code src} is null
     */
    public final void copyFrom(ExternalBuffer src, long srcOffset, long offset, long length) {
        src.copyTo(srcOffset, this, offset, length);
    }

    /**
     * Sets {@code length} bytes at {@code offset} to {@code value}.
     *
     * @param offset byte offset of the first byte set
     * @param length bytes to set, non-negative
     * @param value the byte each of them gets
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws IndexOutOfBoundsException if {@code length} is negative or the range is not inside
     *         the buffer
     * @throws java.nio.ReadOnlyBufferException ({@link ReadOnlyViolation}) if the buffer is
     *         read-only
     */
    public final void fill(long offset, long length, byte value) {
        writeAddress(offset, checkLength(length));
        segment.asSlice(segmentOffset + offset, length).fill(value);
        Reference.reachabilityFence(this);
    }
}
