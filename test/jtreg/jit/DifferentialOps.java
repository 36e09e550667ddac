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
 * One code mapping per template instruction kind (and address form), each with a Java body of the
 * same meaning. DifferentialTest runs random sequences of them in the interpreter, in C1 and under
 * the Jaguar JIT and requires identical results.
 */
public final class DifferentialOps {
    static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
    static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    /** The names under which CodeMappings counts Java-body runs. */
    static final String BOTH_JITS = "DifferentialOps", C2_ONLY = "DifferentialOps (C2 only)";

    static {
        CodeMappings.register(DifferentialOps.class);
    }

    /**
     * The C1 run's strict mode, scoped to the mappings C1 expands: the others stay calls of their
     * Java bodies under C1 by design, so CodeMappings' strict mode (all or nothing) cannot be armed.
     */
    static boolean strictC1;

    /** First call of the Java body of a mapping both JITs expand. */
    private static void enter() {
        CodeMappings.enterJavaBody(BOTH_JITS);
        if (strictC1) {
            throw new IllegalStateException("strict mode (C1): the Java body of a mapping C1 expands ran; its caller was not C1-mapped");
        }
    }

    /** First call of the Java body of a mapping C1 leaves as a call: cmpxchg, raw bytes, sfence, prefetch. */
    private static void enterC2Only() {
        CodeMappings.enterJavaBody(C2_ONLY);
    }

    @CodeMapping("v = load.i8 [$0 + $1]; return v")
    static int loadI8(long a, long off) {
        enter();
        return ALL.get(ValueLayout.JAVA_BYTE, a + off);
    }

    @CodeMapping("v = load.u8 [$0 + $1]; return v")
    static int loadU8(long a, long off) {
        enter();
        return ALL.get(ValueLayout.JAVA_BYTE, a + off) & 0xFF;
    }

    @CodeMapping("v = load.i16 [$0 + $1 + 2]; return v")
    static int loadI16(long a, int off) {
        enter();
        return ALL.get(ValueLayout.JAVA_SHORT_UNALIGNED, a + off + 2);
    }

    @CodeMapping("v = load.u16 [$0 + $1 - 2]; return v")
    static int loadU16(long a, int off) {
        enter();
        return ALL.get(ValueLayout.JAVA_CHAR_UNALIGNED, a + off - 2);
    }

    @CodeMapping("v = load.i32.acquire [$0 + 4]; return v")
    static int loadI32(long a) {
        enter();
        return ALL.get(ValueLayout.JAVA_INT_UNALIGNED, a + 4);
    }

    @CodeMapping("v = load.i64.volatile [$0]; return v")
    static long loadI64(long a) {
        enter();
        return (long) LONG.getVolatile(ALL, a);
    }

    @CodeMapping("store.i8 [$0 + $1], $2")
    static void storeI8(long a, long off, int v) {
        enter();
        ALL.set(ValueLayout.JAVA_BYTE, a + off, (byte) v);
    }

    @CodeMapping("store.i16.opaque [$0], $1")
    static void storeI16(long a, int v) {
        enter();
        ALL.set(ValueLayout.JAVA_SHORT_UNALIGNED, a, (short) v);
    }

    @CodeMapping("store.i32.release [$0 + $1], $2")
    static void storeI32(long a, int off, int v) {
        enter();
        ALL.set(ValueLayout.JAVA_INT_UNALIGNED, a + off, v);
    }

    @CodeMapping("store.i64 [$0 + 8], $1")
    static void storeI64(long a, long v) {
        enter();
        ALL.set(ValueLayout.JAVA_LONG_UNALIGNED, a + 8, v);
    }

    @CodeMapping("r = bswap.i16 $0; return r")
    static int bswapI16(int v) {
        enter();
        return Short.reverseBytes((short) v);
    }

    @CodeMapping("r = bswap.u16 $0; return r")
    static int bswapU16(int v) {
        enter();
        return Character.reverseBytes((char) v);
    }

    @CodeMapping("r = bswap.i32 $0; return r")
    static int bswapI32(int v) {
        enter();
        return Integer.reverseBytes(v);
    }

    @CodeMapping("r = bswap.i64 $0; return r")
    static long bswapI64(long v) {
        enter();
        return Long.reverseBytes(v);
    }

    @CodeMapping("ok = cas.i32 [$0], $1, $2; return ok")
    static boolean casI32(long a, int e, int n) {
        enter();
        return INT.compareAndSet(ALL, a, e, n);
    }

    @CodeMapping("ok = cas.i64.acquire [$0], $1, $2; return ok")
    static boolean casI64(long a, long e, long n) {
        enter();
        return (long) LONG.compareAndExchangeAcquire(ALL, a, e, n) == e;
    }

    @CodeMapping("w = cmpxchg.i32.release [$0], $1, $2; return w")
    static int cmpxchgI32(long a, int e, int n) {
        enterC2Only();
        return (int) INT.compareAndExchangeRelease(ALL, a, e, n);
    }

    @CodeMapping("w = cmpxchg.i64 [$0], $1, $2; return w")
    static long cmpxchgI64(long a, long e, long n) {
        enterC2Only();
        return (long) LONG.compareAndExchange(ALL, a, e, n);
    }

    @CodeMapping("old = getadd.i32 [$0], $1; return old")
    static int getAddI32(long a, int d) {
        enter();
        return (int) INT.getAndAdd(ALL, a, d);
    }

    @CodeMapping("old = getset.i64 [$0], $1; return old")
    static long getSetI64(long a, long v) {
        enter();
        return (long) LONG.getAndSet(ALL, a, v);
    }

    @CodeMapping("r = add $0, $1; return r")
    static int addI32(int x, int y) {
        enter();
        return x + y;
    }

    @CodeMapping("r = add $0, -12345678901; return r")
    static long addI64Const(long x) {
        enter();
        return x - 12345678901L;
    }

    /** lea rax, [rdi + rsi]. */
    @CodeMapping("r = x86 \"48 8D 04 37\" in(rdi=$0, rsi=$1) out(rax); return r")
    static long leaI64(long x, long y) {
        enterC2Only();
        return x + y;
    }

    /** lea eax, [rdi + rsi]: a 32-bit output. */
    @CodeMapping("r = x86 \"8D 04 37\" in(rdi=$0, rsi=$1) out(eax); return r")
    static int leaI32(int x, int y) {
        enterC2Only();
        return x + y;
    }

    /** mov rcx, rdi; add rcx, rcx; mov rax, rcx: a declared clobber. */
    @CodeMapping("r = x86 \"48 89 F9 48 01 C9 48 89 C8\" in(rdi=$0) out(rax) clobber(rcx); return r")
    static long twiceI64(long x) {
        enterC2Only();
        return 2 * x;
    }

    /** lock xadd [rdi], rax: memory through a declared input, the old value out. */
    @CodeMapping("r = x86 \"F0 48 0F C1 07\" in(rdi=$0, rax=$1) out(rax); return r")
    static long xaddRaw(long address, long delta) {
        enterC2Only();
        return (long) java.lang.foreign.ValueLayout.JAVA_LONG.varHandle().getAndAdd(ALL, address, delta);
    }

    /** movsxd rax, edi: a 32-bit input, sign-extended. */
    @CodeMapping("r = x86 \"48 63 C7\" in(rdi=$0) out(rax); return r")
    static long signExtendRaw(int x) {
        enterC2Only();
        return x;
    }

    /** Several side effects before the result: the frame state after the template must carry it. */
    @CodeMapping("""
        old = getadd.i32 [$0], 1     # a counter
        store.i32 [$0 + 4], old      # remember the old value
        fence.full
        sfence
        v = load.i32 [$0 + 8]
        s = add v, old
        return s
        """)
    static int bumpAndRead(long a) {
        enterC2Only();
        int old = (int) INT.getAndAdd(ALL, a, 1);
        ALL.set(ValueLayout.JAVA_INT_UNALIGNED, a + 4, old);
        VarHandle.fullFence();
        return ALL.get(ValueLayout.JAVA_INT_UNALIGNED, a + 8) + old;
    }

    @CodeMapping("fence.load; fence.store; pause; prefetch.nta [$0]; prefetch.w [$0]")
    static void hints(long a) {
        enterC2Only();
        VarHandle.acquireFence();
        VarHandle.releaseFence();
        Thread.onSpinWait();
    }
}
