/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;

/**
 * A user's code mappings (application class loader, never registered by hand): every typed
 * operation C2 expands, each beside a Java body that means the same.
 */
final class UserOps {
    static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
    static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    static final ValueLayout.OfInt INT_U = ValueLayout.JAVA_INT_UNALIGNED;
    static final ValueLayout.OfLong LONG_U = ValueLayout.JAVA_LONG_UNALIGNED;

    UserOps() {
    }

    @CodeMapping("v = load.i8 [$0 + $1]; return v")
    static byte getByte(long base, long offset) {
        CodeMappings.enterJavaBody("UserOps.getByte");
        return ALL.get(ValueLayout.JAVA_BYTE, base + offset);
    }

    @CodeMapping("v = load.u8 [$0 + $1 + 1]; return v")
    static int getUnsignedByteAfter(long base, int offset) {
        CodeMappings.enterJavaBody("UserOps.getUnsignedByteAfter");
        return Byte.toUnsignedInt(ALL.get(ValueLayout.JAVA_BYTE, base + offset + 1));
    }

    @CodeMapping("store.i8 [$0], $1")
    static void putByte(long address, byte v) {
        CodeMappings.enterJavaBody("UserOps.putByte");
        ALL.set(ValueLayout.JAVA_BYTE, address, v);
    }

    @CodeMapping("v = load.i16 [$0]; return v")
    static short getShort(long address) {
        CodeMappings.enterJavaBody("UserOps.getShort");
        return ALL.get(ValueLayout.JAVA_SHORT_UNALIGNED, address);
    }

    @CodeMapping("v = load.u16 [$0]; return v")
    static char getChar(long address) {
        CodeMappings.enterJavaBody("UserOps.getChar");
        return ALL.get(ValueLayout.JAVA_CHAR_UNALIGNED, address);
    }

    @CodeMapping("store.u16 [$0 - 2], $1")
    static void putCharBefore(long address, char v) {
        CodeMappings.enterJavaBody("UserOps.putCharBefore");
        ALL.set(ValueLayout.JAVA_CHAR_UNALIGNED, address - 2, v);
    }

    @CodeMapping("v = load.i32 [$0]; return v")
    static int getInt(long address) {
        CodeMappings.enterJavaBody("UserOps.getInt");
        return ALL.get(INT_U, address);
    }

    @CodeMapping("store.i32 [$0], $1")
    static void putInt(long address, int v) {
        CodeMappings.enterJavaBody("UserOps.putInt");
        ALL.set(INT_U, address, v);
    }

    @CodeMapping("v = load.i64.acquire [$0]; return v")
    static long getLongAcquire(long address) {
        CodeMappings.enterJavaBody("UserOps.getLongAcquire");
        return (long) LONG.getAcquire(ALL, address);
    }

    @CodeMapping("store.i64.release [$0], $1")
    static void putLongRelease(long address, long v) {
        CodeMappings.enterJavaBody("UserOps.putLongRelease");
        LONG.setRelease(ALL, address, v);
    }

    @CodeMapping("v = load.i32.volatile [$0]; return v")
    static int getIntVolatile(long address) {
        CodeMappings.enterJavaBody("UserOps.getIntVolatile");
        return (int) INT.getVolatile(ALL, address);
    }

    @CodeMapping("store.i32.opaque [$0], $1; fence.full")
    static void putIntOpaqueThenFence(long address, int v) {
        CodeMappings.enterJavaBody("UserOps.putIntOpaqueThenFence");
        INT.setOpaque(ALL, address, v);
        VarHandle.fullFence();
    }

    @CodeMapping("ok = cas.i32 [$0], $1, $2; return ok")
    static boolean casInt(long address, int expected, int v) {
        CodeMappings.enterJavaBody("UserOps.casInt");
        return INT.compareAndSet(ALL, address, expected, v);
    }

    @CodeMapping("w = cmpxchg.i64.acquire [$0], $1, $2; return w")
    static long cmpxchgLong(long address, long expected, long v) {
        CodeMappings.enterJavaBody("UserOps.cmpxchgLong");
        return (long) LONG.compareAndExchangeAcquire(ALL, address, expected, v);
    }

    @CodeMapping("old = getadd.i64 [$0], $1; return old")
    static long getAndAddLong(long address, long delta) {
        CodeMappings.enterJavaBody("UserOps.getAndAddLong");
        return (long) LONG.getAndAdd(ALL, address, delta);
    }

    @CodeMapping("old = getset.i32 [$0], $1; return old")
    static int getAndSetInt(long address, int v) {
        CodeMappings.enterJavaBody("UserOps.getAndSetInt");
        return (int) INT.getAndSet(ALL, address, v);
    }

    /** Two loads, an add and byte swaps: values flow between operations. */
    @CodeMapping("""
        a = load.i32 [$0]
        b = load.i32 [$0 + 4]
        s = add a, b
        fence.load
        r = bswap.i32 s
        return r
        """)
    static int swappedSum(long address) {
        CodeMappings.enterJavaBody("UserOps.swappedSum");
        int a = ALL.get(INT_U, address);
        int b = ALL.get(INT_U, address + 4);
        VarHandle.acquireFence();
        return Integer.reverseBytes(a + b);
    }

    @CodeMapping("r = bswap.i16 $0; return r")
    static short swapShort(short v) {
        CodeMappings.enterJavaBody("UserOps.swapShort");
        return Short.reverseBytes(v);
    }

    @CodeMapping("r = bswap.u16 $0; return r")
    static char swapChar(char v) {
        CodeMappings.enterJavaBody("UserOps.swapChar");
        return Character.reverseBytes(v);
    }

    @CodeMapping("r = bswap.i64 $0; pause; return r")
    static long swapLong(long v) {
        CodeMappings.enterJavaBody("UserOps.swapLong");
        Thread.onSpinWait();
        return Long.reverseBytes(v);
    }

    /** An instance mapping: a null receiver must throw as the Java body's call does. */
    final int word(long address) {
        return getWord(address);
    }

    @CodeMapping("v = load.i32 [$0 + 8]; return v")
    final int getWord(long address) {
        CodeMappings.enterJavaBody("UserOps.getWord");
        return ALL.get(INT_U, address + 8);
    }
}
