/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

import java.lang.invoke.MethodHandles;
import java.lang.ref.Reference;
import java.nio.ByteOrder;

import jaguar.ext.BufferScope;
import jaguar.memory.NativeMemory;

/**
 * A Pre-Serialized Object: a Java object whose fields live in the bytes of a container (an
 * external buffer, a mapped file, a network buffer), so that sending or storing it is sending or
 * storing those bytes, and receiving one is pointing a PSO at them.
 *
 * <pre>{@code
 * public class MyObject extends PSO {
 *     public int someInt;
 *     public byte someByte;
 *     public MyObject someRef;
 * }
 * MyObject o = container.allocate(MyObject.class);
 * o.someInt = 42;                  // a store into the container
 * }</pre>
 *
 * <p>Jaguar's JDK (or, on another JDK, {@code -javaagent:jaguar-lib.jar}) runs a class rewriter
 * (doc/pso.md) that turns every {@code getfield} and {@code putfield} of a primitive or PSO-typed
 * instance field of a PSO class, in every class, into a call of a static accessor it adds to the
 * PSO class; the accessor loads or stores at a constant offset from the object's address through
 * Jaguar's code mappings, so the JIT compiles a field access to one machine load or store behind a
 * liveness check. The bounds were checked once, when the object was placed. Reference fields
 * store the offset of a PSO in the same container, or 0 (null) for anything else, which then stays
 * reachable from this JVM only; references are recovered lazily and cached. Transient fields,
 * fields of other types and static fields are plain Java fields.
 *
 * <p>The static {@code $get...}/{@code $put...} methods are the accessors' targets and are meant
 * for rewritten code only.
 */
public abstract class PSO {
    private static final boolean SWAP = ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN;

    /** The container: its base, its reference recovery, its buffer for the exceptions. */
    final PSOContainer container;
    /**
     * The container's access scope, which each field access tests (reads for liveness and owner,
     * writes also for writability): one load from this object and one from the scope, which all
     * the container's objects share. Through the container it was two loads and a dependent
     * third; the field fills a gap in the object's layout, so Figure 7's MyObject stays 32 bytes
     * (doc/pso.md, The Java object).
     */
    final BufferScope scope;
    /** Absolute address of the header. */
    final long address;

    /**
     * Runs as part of {@code container.allocate(...)}, which has reserved this object's bytes;
     * any other {@code new} of a PSO class is refused.
     *
     * @throws IllegalStateException if no allocation on this thread is waiting for its object (a
     *         {@code new} outside {@code allocate}), or the one waiting is of another class
     */
    protected PSO() {
        PSOPlacement p = PSOContainer.takePending();
        this(p);
        if (p.type != getClass()) {
            throw new IllegalStateException("allocation of " + p.type.getName() + " constructed a " + getClass().getName());
        }
    }

    /**
     * The constructor of objects mapped onto existing bytes; for rewritten code only. No check is
     * made here: the container checked the bytes before it made the placement.
     *
     * @param p where the object's bytes are; null when a subclass constructor was reached by a
     *        {@code new} outside {@code allocate}
     * @throws IllegalStateException if {@code p} is null, saying how to allocate instead
     */
    protected PSO(PSOPlacement p) {
        if (p == null) {
            throw new IllegalStateException("a PSO lives in a container: create it with container.allocate("
                            + getClass().getSimpleName() + ".class), not with new");
        }
        PSOContainer c = p.container;
        this.container = c;
        this.scope = c.accessScope;
        // No offset field: it is address - container.base (PSOs are made by the hundred per message).
        this.address = c.base + p.offset;
    }

    /**
     * The container this object's bytes are in.
     *
     * @return the container that allocated or placed this object; never null
     */
    public final PSOContainer container() {
        return container;
    }

    /**
     * Offset of this object's first byte (its header) from the start of its container.
     *
     * @return the offset in bytes, a multiple of 8 past the container header: what a reference to
     *         this object stores
     */
    public final long offset() {
        return address - container.base;
    }

    /**
     * Bytes this object takes in its container, header included.
     *
     * @return the layout's size, a multiple of 8; for arrays, the size for this array's length
     */
    public int sizeInBytes() {
        return PSOTypes.layoutOf(getClass()).size();
    }

    /**
     * Bytes an object of a PSO class takes. Rewritten classes get a static {@code getPSOSize()} of
     * their own, which is what {@code MyObject.getPSOSize()} calls; this one is PSO's own header.
     *
     * @return {@link PSOLayout#HEADER_SIZE}, 8 bytes
     */
    public static int getPSOSize() {
        return PSOLayout.HEADER_SIZE;
    }

    /**
     * The layout of a PSO class (its fields, offsets, size and fingerprint). Initialises the class
     * if it is not yet.
     *
     * @param type a subclass of {@code PSO}, abstract or not; not {@code PSO} itself
     * @return the layout the class registered when it was initialised
     * @throws IllegalArgumentException if {@code type} is {@code PSO} itself
     * @throws IllegalStateException if the class was not rewritten (loaded on another JDK without
     *         the rewriter's {@code -javaagent})
     */
    public static PSOLayout layoutOf(Class<? extends PSO> type) {
        return PSOTypes.layoutOf(type);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(getClass().getSimpleName()).append("@").append(offset()).append('{');
        String sep = "";
        for (PSOField f : PSOTypes.layoutOf(getClass()).fields()) {
            sb.append(sep).append(f.name()).append('=');
            sep = ", ";
            int o = f.offset();
            switch (f.type()) {
                case BOOLEAN -> sb.append($getBoolean(this, o));
                case BYTE -> sb.append($getByte(this, o));
                case CHAR -> sb.append((int) $getChar(this, o));
                case SHORT -> sb.append($getShort(this, o));
                case INT -> sb.append($getInt(this, o));
                case FLOAT -> sb.append($getFloat(this, o));
                case LONG -> sb.append($getLong(this, o));
                case DOUBLE -> sb.append($getDouble(this, o));
                case REFERENCE -> {
                    int r = $getInt(this, o);
                    sb.append(r == 0 ? "null" : "@" + Integer.toUnsignedString(r));
                }
            }
        }
        return sb.append('}').toString();
    }

    // ---- targets of the rewritten field accesses ------------------------------------------------
    // One liveness check, then a raw access at a constant offset inside bounds checked at
    // placement: the JIT inlines these and maps NativeMemory's calls to single instructions.
    // The checks are two compares of the object's scope word, which C2 moves out of any loop that
    // reaches the same object again and again (loop predication of an invariant test). The fence
    // after each access keeps p, hence its scope and a shared buffer's memory, reachable until
    // the access is done (as ExternalBuffer's accessors do for themselves).

    private long read(int field) {
        checkReadable();
        return address + field;
    }

    private long write(int field) {
        checkWritable();
        return address + field;
    }

    /** Throws unless the current thread may read this object's bytes now. */
    final void checkReadable() {
        if (!scope.readableByCurrentThread()) {
            throw denied();
        }
    }

    /** Throws unless the current thread may write this object's bytes now. */
    final void checkWritable() {
        if (!scope.writableByCurrentThread()) {
            throw denied();
        }
    }

    /** Why a check failed: the buffer's own exception (closed, wrong thread), else read-only. */
    private RuntimeException denied() {
        container.buffer.checkAccessible();
        return container.writable ? new IllegalStateException("access denied: " + container) : container.readOnly();
    }

    /**
     * Registers a rewritten PSO class; called from its static initializer.
     *
     * @param layoutDescriptor the layout the rewriter computed, as {@link PSOLayout#descriptor()}
     *        wrote it
     * @param lookup the class's own full-privilege lookup, through which the runtime calls the
     *        constructors and factories the rewriter added
     * @throws IllegalArgumentException if {@code lookup} is not a full-privilege lookup of a PSO
     *         class, or the descriptor is malformed or names another class
     * @throws IllegalStateException if the class lacks the constructors the rewriter adds
     */
    protected static void $register(String layoutDescriptor, MethodHandles.Lookup lookup) {
        PSOTypes.register(layoutDescriptor, lookup);
    }

    /**
     * Reserves a {@code type} object of {@code bytes} with layout {@code fingerprint} in {@code c}:
     * the first half of a rewritten class's {@code $pso$new(PSOContainer)}, to which the rewriter
     * turns {@code c.allocate(Type.class)} (constants instead of the type's lookup).
     *
     * @param c the container to allocate in
     * @param type the class being allocated, for the object's constructor to check
     * @param bytes the layout's size, a multiple of 8 and at least the 8-byte header
     * @param fingerprint the layout's fingerprint, written into the object's header
     * @return the placement to construct the object on; its bytes zeroed after the header
     * @throws IllegalArgumentException if {@code bytes} is not a size an object can have
     * @throws ContainerFullException if the bytes do not fit in what is left of {@code c}
     * @throws jaguar.ext.ReadOnlyViolation if {@code c} is read-only
     * @throws IllegalStateException if {@code c}'s buffer is closed
     * @throws WrongThreadException if {@code c}'s buffer is confined to another thread
     */
    protected static PSOPlacement $reserve(PSOContainer c, Class<?> type, int bytes, int fingerprint) {
        return c.reserve(type, bytes, fingerprint);
    }

    /**
     * Gives back the bytes of {@link #$reserve} when the constructor's body threw: the container's
     * used count goes back to the placement's offset, unless something was allocated since.
     *
     * @param p the placement {@link #$reserve} returned
     * @param bytes the size passed to {@link #$reserve}
     */
    protected static void $unreserve(PSOPlacement p, int bytes) {
        p.container.unreserve(p, bytes);
    }

    /**
     * Reads a {@code boolean} field: one byte, nonzero read as {@code true}; written as 0 or 1.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @return the field's value
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    protected static boolean $getBoolean(PSO p, int field) {
        byte v = NativeMemory.getByte(p.read(field));
        Reference.reachabilityFence(p);
        return v != 0;
    }

    /**
     * Writes a {@code boolean} field: one byte, nonzero read as {@code true}; written as 0 or 1.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @param v the value to store
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws jaguar.ext.ReadOnlyViolation if the container is read-only
     */
    protected static void $putBoolean(PSO p, int field, boolean v) {
        NativeMemory.putByte(p.write(field), v ? (byte) 1 : (byte) 0);
        Reference.reachabilityFence(p);
    }

    /**
     * Reads a {@code byte} field: one byte.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @return the field's value
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    protected static byte $getByte(PSO p, int field) {
        byte v = NativeMemory.getByte(p.read(field));
        Reference.reachabilityFence(p);
        return v;
    }

    /**
     * Writes a {@code byte} field: one byte.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @param v the value to store
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws jaguar.ext.ReadOnlyViolation if the container is read-only
     */
    protected static void $putByte(PSO p, int field, byte v) {
        NativeMemory.putByte(p.write(field), v);
        Reference.reachabilityFence(p);
    }

    /**
     * Reads a {@code char} field: two bytes, little-endian.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @return the field's value
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    protected static char $getChar(PSO p, int field) {
        char v = NativeMemory.getChar(p.read(field));
        Reference.reachabilityFence(p);
        return SWAP ? Character.reverseBytes(v) : v;
    }

    /**
     * Writes a {@code char} field: two bytes, little-endian.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @param v the value to store
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws jaguar.ext.ReadOnlyViolation if the container is read-only
     */
    protected static void $putChar(PSO p, int field, char v) {
        NativeMemory.putChar(p.write(field), SWAP ? Character.reverseBytes(v) : v);
        Reference.reachabilityFence(p);
    }

    /**
     * Reads a {@code short} field: two bytes, little-endian.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @return the field's value
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    protected static short $getShort(PSO p, int field) {
        short v = NativeMemory.getShort(p.read(field));
        Reference.reachabilityFence(p);
        return SWAP ? Short.reverseBytes(v) : v;
    }

    /**
     * Writes a {@code short} field: two bytes, little-endian.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @param v the value to store
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws jaguar.ext.ReadOnlyViolation if the container is read-only
     */
    protected static void $putShort(PSO p, int field, short v) {
        NativeMemory.putShort(p.write(field), SWAP ? Short.reverseBytes(v) : v);
        Reference.reachabilityFence(p);
    }

    /**
     * Reads a {@code int} field: four bytes, little-endian.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @return the field's value
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    protected static int $getInt(PSO p, int field) {
        int v = NativeMemory.getInt(p.read(field));
        Reference.reachabilityFence(p);
        return SWAP ? Integer.reverseBytes(v) : v;
    }

    /**
     * Writes a {@code int} field: four bytes, little-endian.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @param v the value to store
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws jaguar.ext.ReadOnlyViolation if the container is read-only
     */
    protected static void $putInt(PSO p, int field, int v) {
        NativeMemory.putInt(p.write(field), SWAP ? Integer.reverseBytes(v) : v);
        Reference.reachabilityFence(p);
    }

    /**
     * Reads a {@code float} field: the four little-endian bytes of its raw bits.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @return the field's value
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    protected static float $getFloat(PSO p, int field) {
        return Float.intBitsToFloat($getInt(p, field));
    }

    /**
     * Writes a {@code float} field: the four little-endian bytes of its raw bits.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @param v the value to store
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws jaguar.ext.ReadOnlyViolation if the container is read-only
     */
    protected static void $putFloat(PSO p, int field, float v) {
        $putInt(p, field, Float.floatToRawIntBits(v));
    }

    /**
     * Reads a {@code long} field: eight bytes, little-endian.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @return the field's value
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    protected static long $getLong(PSO p, int field) {
        long v = NativeMemory.getLong(p.read(field));
        Reference.reachabilityFence(p);
        return SWAP ? Long.reverseBytes(v) : v;
    }

    /**
     * Writes a {@code long} field: eight bytes, little-endian.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @param v the value to store
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws jaguar.ext.ReadOnlyViolation if the container is read-only
     */
    protected static void $putLong(PSO p, int field, long v) {
        NativeMemory.putLong(p.write(field), SWAP ? Long.reverseBytes(v) : v);
        Reference.reachabilityFence(p);
    }

    /**
     * Reads a {@code double} field: the eight little-endian bytes of its raw bits.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @return the field's value
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    protected static double $getDouble(PSO p, int field) {
        return Double.longBitsToDouble($getLong(p, field));
    }

    /**
     * Writes a {@code double} field: the eight little-endian bytes of its raw bits.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @param v the value to store
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws jaguar.ext.ReadOnlyViolation if the container is read-only
     */
    protected static void $putDouble(PSO p, int field, double v) {
        $putLong(p, field, Double.doubleToRawLongBits(v));
    }

    /**
     * The value of a reference field: {@code cached} (the Java field the rewriter keeps beside the
     * bytes) while the stored offset still names it, else the object the bytes name now, recovered
     * through the container; the caller stores the result back into the Java field.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @param cached the object recovered or stored last, from the field's Java cache; null if none
     * @param type the field's declared PSO class
     * @return the object the field refers to; null if the stored offset is 0, unless
     *         {@code cached} lies outside this container (a reference only this JVM keeps, which
     *         is returned)
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws PSOFormatException if the bytes at the stored offset are not a {@code type}
     *         within the container's used bytes
     */
    protected static PSO $getRef(PSO p, int field, PSO cached, Class<? extends PSO> type) {
        int stored = $getInt(p, field);
        PSOContainer c = p.container;
        if (cached != null) {
            if (stored == 0 ? !c.holds(cached) : cached.container.scope == c.scope && cached.address == c.base + Integer.toUnsignedLong(stored)) {
                return cached;
            }
        }
        return stored == 0 ? null : c.recover(Integer.toUnsignedLong(stored), type);
    }

    /**
     * Stores a reference field's bytes: the target's offset if it is in p's container, else 0.
     * The caller keeps {@code value} in the field's Java cache, so a reference stored as 0 still
     * works in this JVM.
     *
     * @param p the object whose field it is
     * @param field the field's offset from the object's header, in bytes, as the layout gives it
     * @param value the object referred to; null stores 0
     * @throws IllegalStateException if the object's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws jaguar.ext.ReadOnlyViolation if the container is read-only
     */
    protected static void $putRef(PSO p, int field, PSO value) {
        PSOContainer c = p.container;
        // Placed in p's own container: its offset was checked then (the common case, one compare).
        long rel = value == null ? 0 : value.address - c.base;
        int stored = value == null ? 0 : value.container == c && rel <= 0xFFFF_FFFFL ? (int) rel : c.offsetOf(value);
        $putInt(p, field, stored);
    }
}
