/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import org.junit.jupiter.api.Test;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.InvalidMappingException;
import jaguar.mapping.RawBytes;

/**
 * jaguar.mapping.RawBytes, the Java body of a raw byte mapping: what it runs and what it refuses,
 * each refusal saying why. (jtreg jit/c2/RawBytesBodyTest compares these bodies with C2's inlined
 * bytes.)
 */
class RawBytesTest {
    static final MethodType JJ_J = MethodType.methodType(long.class, long.class, long.class);

    // xchg rax, rcx ; sub rax, rcx: both inputs and a register exchange
    @CodeMapping("r = x86 \"48 91 48 29 C8\" in(rax=$0, rcx=$1) out(rax) clobber(rcx)\nreturn r")
    static long swappedDifference(long a, long b) {
        throw new AssertionError("not called here");
    }

    // bool and short parameters arrive as 0/1 and sign-extended: lea rax, [rdi + rsi]
    @CodeMapping("r = x86 \"48 8D 04 37\" in(rdi=$0, rsi=$1) out(rax)\nreturn r")
    static long flagPlus(boolean flag, short s) {
        throw new AssertionError("not called here");
    }

    // mov rax, rdx (no result used): a void body
    @CodeMapping("x86 \"48 89 D0\" in(rdx=$0) clobber(rax)")
    static void discard(long v) {
    }

    @CodeMapping("v = load.i64 [$0]\nreturn v")
    static long typedLoad(long address, long unused) {
        return 0;
    }

    @CodeMapping("r = x86 \"EB FE\" out(rax)\nreturn r")
    static long endlessLoop(long a, long b) {
        return 0;
    }

    @CodeMapping("r = x86 \"48 89 F8\" in(rdi=$0) out(rax)\nreturn r")
    static long withObject(long a, Object o) {
        return a;
    }

    static long plain(long a, long b) {
        return a + b;
    }

    @Test
    void runsTheBytesWithTheArgumentsInTheirRegisters() throws Throwable {
        MethodHandle h = RawBytes.bodyOf(MethodHandles.lookup(), "swappedDifference", JJ_J);
        assertEquals(7L - 100L, (long) h.invokeExact(100L, 7L));
        assertEquals(Long.MIN_VALUE - 1, (long) h.invokeExact(1L, Long.MIN_VALUE));
    }

    @Test
    void aSecondCallGivesTheSameBody() {
        assertTrue(RawBytes.bodyOf(MethodHandles.lookup(), "swappedDifference", JJ_J)
                == RawBytes.bodyOf(MethodHandles.lookup(), "swappedDifference", JJ_J), "one executable page per method");
    }

    @Test
    void booleanAndShortParameters() throws Throwable {
        MethodHandle h = RawBytes.bodyOf(MethodHandles.lookup(), "flagPlus", MethodType.methodType(long.class, boolean.class, short.class));
        assertEquals(1L - 5L, (long) h.invokeExact(true, (short) -5));
        assertEquals(-32768L, (long) h.invokeExact(false, Short.MIN_VALUE));
    }

    @Test
    void voidBody() throws Throwable {
        MethodHandle h = RawBytes.bodyOf(MethodHandles.lookup(), "discard", MethodType.methodType(void.class, long.class));
        h.invokeExact(42L);
    }

    @Test
    void refusesTemplatesOfOtherShapes() {
        String m = assertThrows(IllegalArgumentException.class, () -> RawBytes.bodyOf(MethodHandles.lookup(), "typedLoad", JJ_J)).getMessage();
        assertTrue(m.contains("typedLoad") && m.contains("one raw byte instruction"), m);
    }

    @Test
    void refusesWhatTheVerifierRefuses() {
        String m = assertThrows(InvalidMappingException.class, () -> RawBytes.bodyOf(MethodHandles.lookup(), "endlessLoop", JJ_J)).getMessage();
        assertTrue(m.contains("endlessLoop") && m.contains("jmp"), m);
    }

    @Test
    void refusesNonIntegralParameters() {
        String m = assertThrows(IllegalArgumentException.class, () -> RawBytes.bodyOf(MethodHandles.lookup(), "withObject",
                MethodType.methodType(long.class, long.class, Object.class))).getMessage();
        assertTrue(m.contains("parameter 1") && m.contains("integral"), m);
    }

    @Test
    void refusesMethodsThatAreNotMappedOrMissing() {
        String m = assertThrows(IllegalArgumentException.class, () -> RawBytes.bodyOf(MethodHandles.lookup(), "plain", JJ_J)).getMessage();
        assertTrue(m.contains("not annotated @CodeMapping"), m);
        m = assertThrows(IllegalArgumentException.class, () -> RawBytes.bodyOf(MethodHandles.lookup(), "nothere", JJ_J)).getMessage();
        assertTrue(m.contains("declares no method nothere"), m);
        m = assertThrows(IllegalArgumentException.class, () -> RawBytes.bodyOf(MethodHandles.lookup(), "swappedDifference",
                MethodType.methodType(int.class, long.class, long.class))).getMessage();
        assertTrue(m.contains("returns long, not int"), m);
    }

    @Test
    void needsPrivateAccessInTheDeclaringClass() {
        String m = assertThrows(IllegalArgumentException.class, () -> RawBytes.bodyOf(MethodHandles.publicLookup(), "swappedDifference", JJ_J))
                .getMessage();
        assertTrue(m.contains("private access"), m);
    }

    @Test
    void needsTheLookupMadeInTheDeclaringClass() throws IllegalAccessException {
        // A privateLookupIn lookup has private access but not ORIGINAL: through it the JDK would
        // not check the declaring module's native access (RawBytes checks it with a caller-sensitive method).
        MethodHandles.Lookup teleported = MethodHandles.privateLookupIn(RawBytesTest.class, MethodHandles.lookup());
        String m = assertThrows(IllegalArgumentException.class, () -> RawBytes.bodyOf(teleported, "swappedDifference", JJ_J))
                .getMessage();
        assertTrue(m.contains("MethodHandles.lookup() called there"), m);
    }
}
