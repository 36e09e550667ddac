/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

import jaguar.ext.BufferScope;
import jaguar.ext.ExternalBuffer;
import jaguar.ext.ReadOnlyViolation;
import jaguar.memory.NativeMemory;

/**
 * The bytes PSOs live in: a region of an {@link ExternalBuffer} (off-heap, a mapped file, shared
 * memory, a network buffer, or a region of another container) with a bump allocator. The region
 * starts with a 32-byte header ({@link PSOContainerDescriptor}: magic, version, bytes used,
 * capacity, root offset).
 *
 * <p>Objects follow at 8-byte-aligned offsets. Sending a container is sending its first
 * {@link #used()} bytes ({@link #bytes()}); the receiver {@link #open opens} them and reads the
 * {@link #root} or {@link #map maps} objects at known offsets. Every offset read from the bytes is
 * checked (range, alignment, layout fingerprint, size) before an object is placed there; an
 * object's fields are then accessed without further bounds checks.
 *
 * <p>A container is not thread-safe for allocation. Objects recovered from the same offset are the
 * same Java object, so cyclic structures recover to cycles.
 */
public class PSOContainer {
    /** Bytes of the container header ({@link PSOContainerDescriptor#HEADER_SIZE}). */
    public static final int HEADER_SIZE = PSOContainerDescriptor.HEADER_SIZE;
    private static final int MAGIC = PSOContainerDescriptor.MAGIC;
    private static final int VERSION = PSOContainerDescriptor.VERSION;
    private static final int USED = PSOContainerDescriptor.USED_OFFSET;
    private static final int CAPACITY = PSOContainerDescriptor.CAPACITY_OFFSET;
    private static final int ROOT = PSOContainerDescriptor.ROOT_OFFSET;
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final ThreadLocal<PSOPlacement> PENDING = new ThreadLocal<>();

    final ExternalBuffer buffer;
    /** The buffer's scope, shared with its slices: a PSO whose container has this scope is in the same memory. */
    final BufferScope scope;
    /** The scope its objects keep and test: {@link #scope}, or its read-only twin if the container is read-only. */
    final BufferScope accessScope;
    /** Offset of the region in the buffer. */
    final long start;
    /** Absolute address of the region. */
    final long base;
    /** Bytes of the region. */
    final long size;
    final boolean writable;
    private long used;
    /** The type this container allocated or placed last: most loops use one class (ClassValue.get costs more than a field compare). */
    private PSOTypes.Type lastType;
    /** Objects placed by recovery, by offset; guarded by this (reset, not thread-safe anyway, tests it unlocked). */
    private Map<Long, PSO> recovered;

    PSOContainer(ExternalBuffer buffer, long start, long size, long used) {
        this.buffer = buffer;
        this.scope = buffer.scope();
        this.accessScope = buffer.accessScope();
        this.start = start;
        this.size = size;
        this.used = used;
        this.writable = !buffer.isReadOnly();
        this.base = buffer.address() + start;
    }

    // ---- creating and opening -------------------------------------------------------------------

    /**
     * Formats the whole of {@code buffer} as an empty container.
     *
     * @param buffer a writable buffer at an 8-byte-aligned address, of at least 32 bytes
     * @return the container, whose capacity is the buffer's size
     * @throws IllegalArgumentException if the buffer is smaller than a container header or not
     *         8-byte aligned
     * @throws jaguar.ext.ReadOnlyViolation if the buffer is read-only
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public static PSOContainer format(ExternalBuffer buffer) {
        return format(buffer, 0, buffer.size());
    }

    /**
     * Formats {@code size} bytes of {@code buffer} at {@code offset} as an empty container. Only
     * the 32-byte header is written; the rest is zeroed as objects are allocated.
     *
     * @param buffer a writable buffer
     * @param offset where the container starts in the buffer, in bytes; the address there must be
     *        8-byte aligned
     * @param size the container's capacity in bytes, at least the 32-byte header
     * @return the container
     * @throws IndexOutOfBoundsException if the region is not within the buffer
     * @throws IllegalArgumentException if {@code size} is smaller than a container header or the
     *         region's start is not 8-byte aligned
     * @throws jaguar.ext.ReadOnlyViolation if the buffer is read-only
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public static PSOContainer format(ExternalBuffer buffer, long offset, long size) {
        checkRegion(buffer, offset, size);
        if (buffer.isReadOnly()) {
            throw new ReadOnlyViolation("cannot format a container in a read-only buffer " + buffer);
        }
        buffer.fill(offset, HEADER_SIZE, (byte) 0);
        buffer.putInt(offset + PSOContainerDescriptor.MAGIC_OFFSET, MAGIC, LE);
        buffer.putShort(offset + PSOContainerDescriptor.VERSION_OFFSET, (short) VERSION, LE);
        buffer.putShort(offset + PSOContainerDescriptor.HEADER_SIZE_OFFSET, (short) HEADER_SIZE, LE);
        buffer.putLong(offset + USED, HEADER_SIZE, LE);
        buffer.putLong(offset + CAPACITY, size, LE);
        return new PSOContainer(buffer, offset, size, HEADER_SIZE);
    }

    /**
     * Opens the container that starts at byte 0 of {@code buffer}, every byte of which may
     * belong to it.
     *
     * @param buffer the bytes, received or mapped; read-only buffers give read-only containers
     * @return the container, allocating after its used bytes if the buffer is writable
     * @throws PSOFormatException if the bytes there are not a container Jaguar can read
     * @throws IllegalArgumentException if the buffer's address is not 8-byte aligned
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public static PSOContainer open(ExternalBuffer buffer) {
        return open(buffer, 0, buffer.size());
    }

    /**
     * Opens the container whose header is at {@code offset} of {@code buffer}, of which at most
     * {@code available} bytes belong to it (a received message may be shorter than the capacity the
     * sender formatted; it must hold every used byte).
     *
     * @param buffer the bytes, received or mapped; read-only buffers give read-only containers
     * @param offset where the container's header is in the buffer, in bytes; the address there
     *        must be 8-byte aligned
     * @param available the bytes from {@code offset} that belong to the container; its capacity
     *        is the smaller of this and the capacity in the header
     * @return the container
     * @throws PSOFormatException if the bytes there are not a container Jaguar can read: too few
     *         for a header, a wrong magic, version or header size, a used count that is misaligned,
     *         above the capacity or above {@code available}
     * @throws IndexOutOfBoundsException if the region is not within the buffer
     * @throws IllegalArgumentException if the region's start is not 8-byte aligned
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public static PSOContainer open(ExternalBuffer buffer, long offset, long available) {
        Objects.requireNonNull(buffer, "buffer");
        Objects.checkFromIndexSize(offset, available, buffer.size());
        if (available < HEADER_SIZE) {
            // Received bytes, not a caller's mistake: too few to hold a header is a format fault.
            throw new PSOFormatException("PSO container at offset " + offset + ": only " + available + " bytes, less than a "
                            + HEADER_SIZE + "-byte container header (truncated?)");
        }
        checkRegion(buffer, offset, available);
        int magic = buffer.getInt(offset + PSOContainerDescriptor.MAGIC_OFFSET, LE);
        if (magic != MAGIC) {
            throw new PSOFormatException("no PSO container at offset " + offset + " of " + buffer + ": magic 0x"
                            + Integer.toHexString(magic) + " is not 0x" + Integer.toHexString(MAGIC) + " (\"JPSO\")");
        }
        int version = buffer.getShort(offset + PSOContainerDescriptor.VERSION_OFFSET, LE);
        int headerSize = buffer.getShort(offset + PSOContainerDescriptor.HEADER_SIZE_OFFSET, LE);
        if (version != VERSION || headerSize != HEADER_SIZE) {
            throw new PSOFormatException("PSO container at offset " + offset + " has format version " + version + " and header size "
                            + headerSize + "; this Jaguar reads version " + VERSION + " with header size " + HEADER_SIZE);
        }
        long used = buffer.getLong(offset + USED, LE);
        long capacity = buffer.getLong(offset + CAPACITY, LE);
        if (used < HEADER_SIZE || (used & (PSOLayout.ALIGNMENT - 1)) != 0 || Long.compareUnsigned(used, capacity) > 0) {
            throw new PSOFormatException("PSO container at offset " + offset + ": used=" + Long.toUnsignedString(used) + " capacity="
                            + Long.toUnsignedString(capacity) + " are inconsistent");
        }
        if (used > available) {
            throw new PSOFormatException("PSO container at offset " + offset + " uses " + used + " bytes but only " + available
                            + " are there (truncated?)");
        }
        // capacity is unsigned in the bytes: a hostile 2^63 must not become a negative size.
        return new PSOContainer(buffer, offset, Long.compareUnsigned(capacity, available) < 0 ? capacity : available, used);
    }

    private static void checkRegion(ExternalBuffer buffer, long offset, long size) {
        Objects.requireNonNull(buffer, "buffer");
        Objects.checkFromIndexSize(offset, size, buffer.size());
        if (size < HEADER_SIZE) {
            throw new IllegalArgumentException("size=" + size + " is smaller than a container header (" + HEADER_SIZE + " bytes)");
        }
        long address = buffer.address() + offset;
        if ((address & (PSOLayout.ALIGNMENT - 1)) != 0) {
            throw new IllegalArgumentException("offset=" + offset + ": a container must start at an 8-byte-aligned address, not 0x"
                            + Long.toHexString(address));
        }
    }

    // ---- state ----------------------------------------------------------------------------------

    /**
     * The buffer this container is in.
     *
     * @return the buffer given when the container was formatted or opened (a nested container's
     *         is its parent's)
     */
    public final ExternalBuffer buffer() {
        return buffer;
    }

    /**
     * Offset of this container's header in {@link #buffer()}.
     *
     * @return the offset in bytes; 0 unless the container is nested or was formatted at an offset
     */
    public final long offsetInBuffer() {
        return start;
    }

    /**
     * Bytes of this container's region.
     *
     * @return the capacity, header included: as formatted, or for an opened container the smaller
     *         of the header's capacity and the bytes available
     */
    public final long capacity() {
        return size;
    }

    /**
     * Bytes in use: the header and every object allocated so far.
     *
     * @return the allocation pointer, a multiple of 8 from 32 to {@link #capacity()}
     */
    public final long used() {
        return used;
    }

    /**
     * The used bytes, as a slice of the buffer: what to send or store.
     *
     * @return a view (not a copy) of the first {@link #used()} bytes, sharing the buffer's
     *         lifetime; later allocations are not in it
     */
    public final ExternalBuffer bytes() {
        return buffer.slice(start, used);
    }

    @Override
    public String toString() {
        return "PSOContainer[used=" + used + " capacity=" + size + " at offset " + start + " of " + buffer + "]";
    }

    // ---- allocation -----------------------------------------------------------------------------

    /**
     * A new {@code type} object in this container, its bytes zeroed, its no-argument constructor
     * run (field initializers write into the container). Where the argument is a class literal,
     * Jaguar's class rewriter calls the class's {@code $pso$new(this)} instead: the same steps
     * with the layout's size and fingerprint as constants (doc/pso.md, Allocation).
     *
     * <p>If the constructor throws, the bytes are given back (unless something was allocated
     * since) and the exception propagates. Not thread-safe.
     *
     * @param <T> the object's class
     * @param type a concrete, rewritten PSO class with a no-argument constructor
     * @return the new object
     * @throws ContainerFullException if it does not fit
     * @throws IllegalArgumentException if {@code type} is not a PSO class, is abstract, or has no
     *         no-argument constructor
     * @throws IllegalStateException if {@code type} was not rewritten (another JDK, no agent), or the
     *         container's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws jaguar.ext.ReadOnlyViolation if the buffer is read-only
     */
    public final <T extends PSO> T allocate(Class<T> type) {
        PSOTypes.Type t = typeOf(type);
        if (t.allocator() != null) {
            // The rewriter split the constructor: place the object, then run the body on it.
            int size = t.layout().size();
            long before = used;
            long off = reserve(size, t.layout().fingerprint());
            try {
                return type.cast(t.allocator().apply(new PSOPlacement(this, type, off, 0)));
            } catch (Throwable e) {
                rollback(before, off + size);
                throw e;
            }
        }
        if (t.constructor() == null) {
            throw new IllegalArgumentException(type.getName() + (t.mapper() == null ? " is abstract" : " has no no-argument constructor")
                            + ": use allocate(" + type.getSimpleName() + ".class, () -> new " + type.getSimpleName() + "(...))");
        }
        return type.cast(construct(t, () -> {
            try {
                return (PSO) t.constructor().invokeExact();
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }));
    }

    /**
     * A new {@code type} object in this container, built by {@code constructor}, which must
     * construct exactly one {@code type} with {@code new} (for example {@code MyObject::new}).
     * The bytes are reserved and zeroed first; the constructor receives them through a
     * thread-local hand-off, which costs more than {@link #allocate(Class)} unless the rewriter
     * sees a constructor reference of the no-argument constructor at the call site. If
     * {@code constructor} throws, the bytes are given back and the exception propagates. Not
     * thread-safe.
     *
     * @param <T> the object's class
     * @param type a concrete, rewritten PSO class
     * @param constructor makes the object with {@code new type(...)}, any constructor
     * @return the object {@code constructor} returned
     * @throws ContainerFullException if it does not fit
     * @throws IllegalArgumentException if {@code type} is not a PSO class or is abstract
     * @throws IllegalStateException if {@code type} was not rewritten, if {@code constructor}
     *         did not construct one new {@code type} here, or if the container's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws jaguar.ext.ReadOnlyViolation if the buffer is read-only
     */
    public final <T extends PSO> T allocate(Class<T> type, Supplier<? extends T> constructor) {
        return type.cast(construct(typeOf(type), constructor));
    }

    private PSOTypes.Type typeOf(Class<?> type) {
        PSOTypes.Type t = lastType;
        if (t == null || t.type() != type) {
            lastType = t = PSOTypes.of(type);
        }
        return t;
    }

    private PSO construct(PSOTypes.Type t, Supplier<? extends PSO> constructor) {
        if (t.mapper() == null) {
            throw new IllegalArgumentException("cannot allocate an abstract PSO class " + t.type().getName());
        }
        long before = used;
        long off = reserve(t.layout().size(), t.layout().fingerprint());
        PSOPlacement p = new PSOPlacement(this, t.type(), off, 0);
        PENDING.set(p);
        PSO o;
        try {
            o = constructor.get();
        } catch (Throwable e) {
            PENDING.set(null);
            rollback(before, off + t.layout().size());
            throw e;
        }
        if (o == null || o.container != this || o.offset() != off) {
            PENDING.set(null);
            rollback(before, off + t.layout().size());
            throw new IllegalStateException("the constructor given to allocate(" + t.type().getSimpleName()
                            + ".class, ...) did not construct one new " + t.type().getName());
        }
        return o;
    }

    /** The placement allocate() is handing to a PSO constructor on this thread, taken once. */
    static PSOPlacement takePending() {
        PSOPlacement p = PENDING.get();
        if (p != null) {
            PENDING.set(null);
        }
        return p;
    }

    /** Reserves and zeroes {@code bytes}, writes the object header, returns the offset. */
    long reserve(long bytes, int fingerprint) {
        checkWritableAndLive();
        long off = used;
        if (bytes > size - off) {
            throw new ContainerFullException("no room for " + bytes + " bytes at offset " + off + " of a container of " + size
                            + " bytes (" + (size - off) + " free)");
        }
        long a = base + off;
        // The header's two u32 (fingerprint, size) as one little-endian u64, then zeroes: a
        // rewritten class's $pso$new passes constants, and the JIT unrolls this to a few stores.
        // An int counter: C2 unrolls a counted int loop with a constant trip count completely,
        // where a long one became two nested loops with a safepoint poll.
        long header = Integer.toUnsignedLong(fingerprint) | (bytes & 0xFFFF_FFFFL) << 32;
        NativeMemory.putLong(a, ByteOrder.nativeOrder() == LE ? header : Long.reverseBytes(header));
        if (bytes <= 256) {
            int words = (int) bytes >>> 3;
            for (int i = 1; i < words; i++) {
                NativeMemory.putLong(a + ((long) i << 3), 0);
            }
        } else {
            buffer.fill(start + off + PSOLayout.HEADER_SIZE, bytes - PSOLayout.HEADER_SIZE, (byte) 0);
        }
        used = off + bytes;
        NativeMemory.putLong(base + USED, ByteOrder.nativeOrder() == LE ? used : Long.reverseBytes(used));
        return off;
    }

    /**
     * Reserves a {@code type} object of {@code bytes} for a rewritten class's {@code $pso$new},
     * which then runs the constructor's body on the object placed there.
     */
    PSOPlacement reserve(Class<?> type, int bytes, int fingerprint) {
        // Rewritten code passes constants, so this costs nothing compiled; PSO's subclasses can call
        // $reserve by hand, and a size that is not whole 8-byte words would misalign what follows.
        if (bytes < PSOLayout.HEADER_SIZE || (bytes & (PSOLayout.ALIGNMENT - 1)) != 0) {
            throw new IllegalArgumentException("an object of " + type.getName() + " cannot take " + bytes + " bytes");
        }
        return new PSOPlacement(this, type, reserve(bytes, fingerprint), 0);
    }

    /** Undoes {@link #reserve(Class, int, int)} after the constructor's body threw. */
    void unreserve(PSOPlacement p, int bytes) {
        rollback(p.offset, p.offset + bytes);
    }

    /** Undoes a failed allocation if nothing was allocated after it. */
    private void rollback(long before, long end) {
        if (used == end) {
            used = before;
            buffer.putLong(start + USED, used, LE);
        }
    }

    private void checkWritable() {
        if (!writable) {
            throw readOnly();
        }
    }

    /** Writability and liveness in one test (see {@link ExternalBuffer#accessScope()}). */
    private void checkWritableAndLive() {
        if (!accessScope.writableByCurrentThread()) {
            checkWritable();
            buffer.checkAccessible();
            throw new IllegalStateException("access denied: " + this);
        }
    }

    RuntimeException readOnly() {
        return new ReadOnlyViolation("PSO container in a read-only buffer " + buffer);
    }

    /**
     * A nested container of {@code capacity} bytes allocated in this one, formatted empty. Its
     * bytes are part of this container's; references inside it are offsets from its own start.
     *
     * @param capacity the nested container's bytes, header included; rounded up to a multiple of 8
     * @return the nested container, in the same buffer; the difference of its
     *         {@link #offsetInBuffer()} and this one's is what {@link #openContainer} takes
     * @throws IllegalArgumentException if {@code capacity} is smaller than a container header
     * @throws ContainerFullException if it does not fit
     * @throws jaguar.ext.ReadOnlyViolation if the buffer is read-only
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public PSOContainer allocateContainer(long capacity) {
        if (capacity < HEADER_SIZE) {
            throw new IllegalArgumentException("capacity=" + capacity + " is smaller than a container header (" + HEADER_SIZE + " bytes)");
        }
        long bytes = PSOLayout.roundUp(capacity);
        long off = reserve(bytes, MAGIC);
        return format(buffer, start + off, bytes);
    }

    /**
     * Opens the nested container whose header is at {@code offset} in this one.
     *
     * @param offset the nested container's offset from this container's start, as
     *        {@code nested.offsetInBuffer() - offsetInBuffer()} was when it was allocated
     * @return the nested container, with at most this container's used bytes past {@code offset}
     *         available to it
     * @throws PSOFormatException if {@code offset} is not an aligned offset within the used bytes,
     *         or the bytes there are not a container Jaguar can read
     */
    public PSOContainer openContainer(long offset) {
        if (offset < HEADER_SIZE || offset >= used || (offset & (PSOLayout.ALIGNMENT - 1)) != 0) {
            throw new PSOFormatException("nested container offset " + offset + " is not an aligned offset in [" + HEADER_SIZE + ", "
                            + used + ")");
        }
        return open(buffer, start + offset, used - offset);
    }

    /**
     * Empties the container (objects placed in it before read whatever is allocated next). Like
     * allocation, not to be raced with other threads' use of the container. The root is cleared
     * and the cache of recovered objects dropped.
     *
     * @throws jaguar.ext.ReadOnlyViolation if the buffer is read-only
     */
    public void reset() {
        checkWritable();
        buffer.putLong(start + USED, HEADER_SIZE, LE);
        buffer.putInt(start + ROOT, 0, LE);
        used = HEADER_SIZE;
        // Most containers reset per message never recover a reference: no lock for them.
        if (recovered != null) {
            synchronized (this) {
                recovered = null;
            }
        }
    }

    /**
     * Forgets every object allocated since the container used {@code used} bytes: a transaction's
     * rollback, after it restored the container's bytes (the header's count among them). Objects
     * placed since then read whatever is allocated next. Not to be raced with other threads' use.
     *
     * @param used the count to go back to, in bytes: as {@link #used()} answered before
     * @throws IllegalArgumentException unless {@code used} is an aligned count the container has passed
     * @throws jaguar.ext.ReadOnlyViolation if the buffer is read-only
     */
    public void rollBackTo(long used) {
        checkWritable();
        if (used < HEADER_SIZE || used > this.used || (used & (PSOLayout.ALIGNMENT - 1)) != 0) {
            throw new IllegalArgumentException("cannot roll a container that uses " + this.used + " bytes back to " + used);
        }
        this.used = used;
        buffer.putLong(start + USED, used, LE);
        if (recovered != null) {
            synchronized (this) {
                recovered = null;   // references recovered since may point past the new end
            }
        }
    }

    // ---- root -----------------------------------------------------------------------------------

    /**
     * Records {@code root} (an object in this container, or null) in the header.
     *
     * @param root the object a receiver finds first with {@link #root(Class)}; null clears it
     * @throws IllegalArgumentException if {@code root} is not in this container
     * @throws jaguar.ext.ReadOnlyViolation if the buffer is read-only
     */
    public void setRoot(PSO root) {
        checkWritable();
        int off = root == null ? 0 : offsetOf(root);
        if (root != null && off == 0) {
            throw new IllegalArgumentException(root.getClass().getName() + "@" + root.offset() + " is not in this container");
        }
        buffer.putInt(start + ROOT, off, LE);
    }

    /**
     * The root object recorded in the header, as a {@code type}; null if none.
     *
     * @param <T> the root's expected class
     * @param type the root's class or a superclass of it; subclasses are known only once loaded
     * @return the root object, checked and placed as {@link #map} does; null if none
     * @throws PSOFormatException if the bytes at the root offset are not a {@code type}
     */
    public <T extends PSO> T root(Class<T> type) {
        long off = Integer.toUnsignedLong(buffer.getInt(start + ROOT, LE));
        return off == 0 ? null : map(type, off);
    }

    // ---- mapping and recovery -------------------------------------------------------------------

    /**
     * The {@code type} object whose header is at {@code offset}: the one recovered there before,
     * else a new Java object placed on those bytes (no constructor runs).
     *
     * @param <T> the object's expected class
     * @param type the object's class or a superclass of it ({@code PSO.class} takes any loaded
     *        PSO class)
     * @param offset the object's header offset from the container's start, in bytes
     * @return the object: the same Java object as earlier calls at that offset returned, until
     *         {@link #reset} or {@link #rollBackTo}
     * @throws PSOFormatException if the bytes there are not a {@code type} that fits the container
     */
    public <T extends PSO> T map(Class<T> type, long offset) {
        return type.cast(recover(offset, type));
    }

    PSO recover(long off, Class<? extends PSO> type) {
        Long key = off;
        synchronized (this) {
            PSO o = recovered == null ? null : recovered.get(key);
            if (o != null && type.isInstance(o)) {
                return o;
            }
        }
        PSO o = place(off, type);
        synchronized (this) {
            if (recovered == null) {
                recovered = new HashMap<>();
            }
            PSO prev = recovered.putIfAbsent(key, o);
            return prev != null && type.isInstance(prev) ? prev : o;
        }
    }

    /** Checks the bytes at off and places a new {@code type} object there. */
    private PSO place(long off, Class<? extends PSO> type) {
        // A field of type PSO itself takes any PSO class; others start with their own layout.
        PSOTypes.Type declared = type == PSO.class ? null : typeOf(type);
        long limit = used;
        if ((off & (PSOLayout.ALIGNMENT - 1)) != 0 || off < HEADER_SIZE || off > limit - PSOLayout.HEADER_SIZE) {
            throw new PSOFormatException("no " + type.getName() + " at offset " + off + ": objects are 8-byte aligned in [" + HEADER_SIZE
                            + ", " + limit + ") of this container");
        }
        int fingerprint = buffer.getInt(start + off, LE);
        long bytes = Integer.toUnsignedLong(buffer.getInt(start + off + 4, LE));
        PSOTypes.Type t = declared != null && declared.layout().fingerprint() == fingerprint ? declared
                        : PSOTypes.byFingerprint(fingerprint, type);
        if (t == null) {
            throw new PSOFormatException("no " + type.getName() + " at offset " + off + ": its header has layout fingerprint 0x"
                            + Integer.toHexString(fingerprint) + (declared == null ? "" : ", " + type.getSimpleName() + "'s is 0x"
                                            + Integer.toHexString(declared.layout().fingerprint()))
                            + " and no loaded subclass has it (bytes of another class, or of another version of this one)");
        }
        int length = 0;
        long expected = t.layout().size();
        if (t.layout().isArray()) {
            if (off + PSOArray.DATA_OFFSET > limit) {
                throw new PSOFormatException(t.type().getName() + " at offset " + off + " has no room for its length before " + limit);
            }
            length = buffer.getInt(start + off + 8, LE);
            expected = PSOArray.sizeFor(t.layout().elementType(), length);
        }
        if (bytes != expected) {
            throw new PSOFormatException(t.type().getName() + " at offset " + off + ": header says " + bytes + " bytes, the layout "
                            + (t.layout().isArray() ? "and length " + length + " need " : "has ") + expected);
        }
        if (bytes > limit - off) {
            throw new PSOFormatException(t.type().getName() + " at offset " + off + " (" + bytes + " bytes) extends past the " + limit
                            + " used bytes of its container");
        }
        return t.map(new PSOPlacement(this, t.type(), off, length));
    }

    /**
     * True if {@code o}'s bytes are in this container's region: the same memory (one scope covers a
     * buffer and its slices) at an address inside the region.
     */
    final boolean holds(PSO o) {
        long rel = o.address - base;
        return o.container.scope == scope && rel >= HEADER_SIZE && rel < size;
    }

    /** What a reference to {@code o} stores: its offset if this container holds it, else 0. */
    final int offsetOf(PSO o) {
        long rel = o.address - base;
        return o.container.scope == scope && rel >= HEADER_SIZE && rel < size && rel <= 0xFFFF_FFFFL ? (int) rel : 0;
    }
}
