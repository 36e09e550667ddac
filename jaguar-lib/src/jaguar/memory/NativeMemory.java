/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.memory;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;

/**
 * Jaguar's raw memory primitives: unchecked accesses at absolute addresses, each a code mapping
 * that the JIT inlines as one or two machine instructions. The Java bodies do the same through
 * FFM and VarHandles. Nothing here checks anything; {@code jaguar.ext.ExternalBuffer} is the safe
 * API built on top. Not exported: a caller of these can read or write any address.
 *
 * <p>Ordered and atomic accesses require natural alignment; the Java bodies throw if it is
 * missing, so callers check alignment before they come here (the templates would not fault).
 */
public final class NativeMemory {
    private static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    // The two machine-code stubs are linked when first called, each in a holder class: linking
    // spins three FFM downcalls (20-30 ms on a cold JVM), which every user of an ExternalBuffer
    // accessor paid at start, though only timestamps and write-combining fences need them.
    private static final class Rdtsc {
        /** rdtsc; shl rdx, 32; or rax, rdx; ret. */
        static final MethodHandle STUB = ExecutableStub.link(
                        new byte[]{0x0F, 0x31, 0x48, (byte) 0xC1, (byte) 0xE2, 0x20, 0x48, 0x09, (byte) 0xD0, (byte) 0xC3},
                        FunctionDescriptor.of(ValueLayout.JAVA_LONG));
    }

    private static final class Sfence {
        /** sfence; ret. */
        static final MethodHandle STUB = ExecutableStub.link(new byte[]{0x0F, (byte) 0xAE, (byte) 0xF8, (byte) 0xC3}, FunctionDescriptor.ofVoid());
    }

    static {
        CodeMappings.register(NativeMemory.class);
    }

    private NativeMemory() {
    }

    private static void enter(String name) {
        CodeMappings.enterJavaBody(name); // a constant: no string built per Java-body call
    }

    // ---- plain ------------------------------------------------------------------------------

    @CodeMapping("v = load.i8 [$0]; return v")
    public static byte getByte(long address) {
        enter("NativeMemory.getByte");
        return ALL.get(ValueLayout.JAVA_BYTE, address);
    }

    @CodeMapping("store.i8 [$0], $1")
    public static void putByte(long address, byte value) {
        enter("NativeMemory.putByte");
        ALL.set(ValueLayout.JAVA_BYTE, address, value);
    }

    @CodeMapping("v = load.i16 [$0]; return v")
    public static short getShort(long address) {
        enter("NativeMemory.getShort");
        return ALL.get(ValueLayout.JAVA_SHORT_UNALIGNED, address);
    }

    @CodeMapping("store.i16 [$0], $1")
    public static void putShort(long address, short value) {
        enter("NativeMemory.putShort");
        ALL.set(ValueLayout.JAVA_SHORT_UNALIGNED, address, value);
    }

    @CodeMapping("v = load.u16 [$0]; return v")
    public static char getChar(long address) {
        enter("NativeMemory.getChar");
        return ALL.get(ValueLayout.JAVA_CHAR_UNALIGNED, address);
    }

    @CodeMapping("store.i16 [$0], $1")
    public static void putChar(long address, char value) {
        enter("NativeMemory.putChar");
        ALL.set(ValueLayout.JAVA_CHAR_UNALIGNED, address, value);
    }

    @CodeMapping("v = load.i32 [$0]; return v")
    public static int getInt(long address) {
        enter("NativeMemory.getInt");
        return ALL.get(ValueLayout.JAVA_INT_UNALIGNED, address);
    }

    @CodeMapping("store.i32 [$0], $1")
    public static void putInt(long address, int value) {
        enter("NativeMemory.putInt");
        ALL.set(ValueLayout.JAVA_INT_UNALIGNED, address, value);
    }

    @CodeMapping("v = load.i64 [$0]; return v")
    public static long getLong(long address) {
        enter("NativeMemory.getLong");
        return ALL.get(ValueLayout.JAVA_LONG_UNALIGNED, address);
    }

    @CodeMapping("store.i64 [$0], $1")
    public static void putLong(long address, long value) {
        enter("NativeMemory.putLong");
        ALL.set(ValueLayout.JAVA_LONG_UNALIGNED, address, value);
    }

    // ---- ordered ----------------------------------------------------------------------------

    @CodeMapping("v = load.i32.opaque [$0]; return v")
    public static int getIntOpaque(long address) {
        enter("NativeMemory.getIntOpaque");
        return (int) INT.getOpaque(ALL, address);
    }

    @CodeMapping("v = load.i32.acquire [$0]; return v")
    public static int getIntAcquire(long address) {
        enter("NativeMemory.getIntAcquire");
        return (int) INT.getAcquire(ALL, address);
    }

    @CodeMapping("v = load.i32.volatile [$0]; return v")
    public static int getIntVolatile(long address) {
        enter("NativeMemory.getIntVolatile");
        return (int) INT.getVolatile(ALL, address);
    }

    @CodeMapping("store.i32.opaque [$0], $1")
    public static void putIntOpaque(long address, int value) {
        enter("NativeMemory.putIntOpaque");
        INT.setOpaque(ALL, address, value);
    }

    @CodeMapping("store.i32.release [$0], $1")
    public static void putIntRelease(long address, int value) {
        enter("NativeMemory.putIntRelease");
        INT.setRelease(ALL, address, value);
    }

    @CodeMapping("store.i32.volatile [$0], $1")
    public static void putIntVolatile(long address, int value) {
        enter("NativeMemory.putIntVolatile");
        INT.setVolatile(ALL, address, value);
    }

    @CodeMapping("v = load.i64.opaque [$0]; return v")
    public static long getLongOpaque(long address) {
        enter("NativeMemory.getLongOpaque");
        return (long) LONG.getOpaque(ALL, address);
    }

    @CodeMapping("v = load.i64.acquire [$0]; return v")
    public static long getLongAcquire(long address) {
        enter("NativeMemory.getLongAcquire");
        return (long) LONG.getAcquire(ALL, address);
    }

    @CodeMapping("v = load.i64.volatile [$0]; return v")
    public static long getLongVolatile(long address) {
        enter("NativeMemory.getLongVolatile");
        return (long) LONG.getVolatile(ALL, address);
    }

    @CodeMapping("store.i64.opaque [$0], $1")
    public static void putLongOpaque(long address, long value) {
        enter("NativeMemory.putLongOpaque");
        LONG.setOpaque(ALL, address, value);
    }

    @CodeMapping("store.i64.release [$0], $1")
    public static void putLongRelease(long address, long value) {
        enter("NativeMemory.putLongRelease");
        LONG.setRelease(ALL, address, value);
    }

    @CodeMapping("store.i64.volatile [$0], $1")
    public static void putLongVolatile(long address, long value) {
        enter("NativeMemory.putLongVolatile");
        LONG.setVolatile(ALL, address, value);
    }

    // ---- atomic -----------------------------------------------------------------------------

    @CodeMapping("ok = cas.i32 [$0], $1, $2; return ok")
    public static boolean compareAndSetInt(long address, int expected, int value) {
        enter("NativeMemory.compareAndSetInt");
        return INT.compareAndSet(ALL, address, expected, value);
    }

    @CodeMapping("ok = cas.i64 [$0], $1, $2; return ok")
    public static boolean compareAndSetLong(long address, long expected, long value) {
        enter("NativeMemory.compareAndSetLong");
        return LONG.compareAndSet(ALL, address, expected, value);
    }

    @CodeMapping("old = cmpxchg.i32 [$0], $1, $2; return old")
    public static int compareAndExchangeInt(long address, int expected, int value) {
        enter("NativeMemory.compareAndExchangeInt");
        return (int) INT.compareAndExchange(ALL, address, expected, value);
    }

    @CodeMapping("old = cmpxchg.i64 [$0], $1, $2; return old")
    public static long compareAndExchangeLong(long address, long expected, long value) {
        enter("NativeMemory.compareAndExchangeLong");
        return (long) LONG.compareAndExchange(ALL, address, expected, value);
    }

    @CodeMapping("old = getadd.i32 [$0], $1; return old")
    public static int getAndAddInt(long address, int delta) {
        enter("NativeMemory.getAndAddInt");
        return (int) INT.getAndAdd(ALL, address, delta);
    }

    @CodeMapping("old = getadd.i64 [$0], $1; return old")
    public static long getAndAddLong(long address, long delta) {
        enter("NativeMemory.getAndAddLong");
        return (long) LONG.getAndAdd(ALL, address, delta);
    }

    @CodeMapping("old = getset.i32 [$0], $1; return old")
    public static int getAndSetInt(long address, int value) {
        enter("NativeMemory.getAndSetInt");
        return (int) INT.getAndSet(ALL, address, value);
    }

    @CodeMapping("old = getset.i64 [$0], $1; return old")
    public static long getAndSetLong(long address, long value) {
        enter("NativeMemory.getAndSetLong");
        return (long) LONG.getAndSet(ALL, address, value);
    }

    // ---- fences and hints -------------------------------------------------------------------

    @CodeMapping("fence.load")
    public static void loadFence() {
        enter("NativeMemory.loadFence");
        VarHandle.acquireFence();
    }

    @CodeMapping("fence.store")
    public static void storeFence() {
        enter("NativeMemory.storeFence");
        VarHandle.releaseFence();
    }

    @CodeMapping("fence.full")
    public static void fullFence() {
        enter("NativeMemory.fullFence");
        VarHandle.fullFence();
    }

    /** x86 {@code sfence}: also drains write-combining buffers (device registers, doorbells). */
    @CodeMapping("sfence")
    public static void writeCombiningFence() {
        enter("NativeMemory.writeCombiningFence");
        try {
            Sfence.STUB.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** A cache hint: never faults, whatever the address; the Java body does nothing. */
    @CodeMapping("prefetch.t0 [$0]")
    public static void prefetch(long address) {
        enter("NativeMemory.prefetch");
    }

    /** The time-stamp counter (x86 {@code rdtsc}); ticks, not nanoseconds. */
    @CodeMapping("t = rdtsc; return t")
    public static long timestampCounter() {
        enter("NativeMemory.timestampCounter");
        try {
            return (long) Rdtsc.STUB.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
