/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.mapping.InvalidMappingException;
import jaguar.mapping.template.Instruction;
import jaguar.mapping.template.MethodSignature;
import jaguar.mapping.template.Order;
import jaguar.mapping.template.Template;
import jaguar.mapping.template.TemplateException;
import jaguar.mapping.template.ValueType;

/** The template language: what it accepts, and the errors for what it refuses. */
class TemplateLanguageTest {

    static Template compile(String descriptor, boolean isStatic, String text) throws TemplateException {
        return Template.compile(MethodSignature.of("p.Owner", "m", descriptor, isStatic), text);
    }

    static String error(String descriptor, String text) {
        return assertThrows(TemplateException.class, () -> compile(descriptor, true, text)).getMessage();
    }

    @Test
    void shouldParseEveryInstructionKind() throws TemplateException {
        Template t = compile("(JJIJ)J", true, """
            # every kind once
            a = load.u8 [$0 + $1 + 16]
            b = load.i64.acquire [$0 - 8]
            store.i16.release [$0 + $2], a
            fence.full; fence.load; fence.store; sfence
            c = bswap.i64 b
            ok = cas.i32 [$0], 0, 1
            w = cmpxchg.i64.release [$0], $3, c
            g = getadd.i32 [$0], 3
            s = getset.i64 [$0], $3
            pause
            prefetch.nta [$0]
            t = rdtsc
            r = x86 "48 8D 04 37" in(rdi=$0, rsi=t) out(rax) clobber(rcx, r11)
            sum = add r, w
            return sum
            """);
        List<Instruction> code = t.instructions();
        assertEquals(18, code.size());
        assertEquals(ValueType.U8, t.localTypes().get("a"));
        assertEquals(ValueType.BOOL, t.localTypes().get("ok"));
        assertEquals(ValueType.I64, t.localTypes().get("r"));
        Instruction.Load b = assertInstanceOf(Instruction.Load.class, code.get(1));
        assertEquals(Order.ACQUIRE, b.order());
        assertEquals(-8, b.address().displacement());
        Instruction.ByteTemplate x = assertInstanceOf(Instruction.ByteTemplate.class, code.get(15));
        assertEquals(4, x.code().length);
        assertEquals(2, x.clobbers().size());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "(J)I | v = load.i32 [$0] | no return   | has no 'return'",
        "(J)I | v = load.i64 [$0]; return v | i64 into int | returns a i64 value where the method returns i32",
        "(J)V | v = load.i32 [$0]; return v | void return | method returns void",
        "(I)V | store.i32 [$0], 1 | int address | address base $0 is i32 but must be i64",
        "(J)V | store.i32 [$3], 1 | no such param | parameter $3 does not exist",
        "(J)V | store.i32.acquire [$0], 1 | acquire store | a store cannot have acquire order",
        "(J)I | v = load.i32.release [$0]; return v | release load | a load cannot have release order",
        "(J)V | v = frobnicate [$0] | unknown op | unknown operation 'frobnicate'",
        "(J)I | v = load.i32 [$0]; v = load.i32 [$0]; return v | redefinition | 'v' is already defined",
        "(J)I | return v | undefined | 'v' is used before it is defined",
        "(J)V | x86 \"0F AE F8\" clobber(rsp) | rsp clobber | register 'rsp' cannot be used",
        "(J)V | x86 \"0F AE F8\" in(r15=$0) | thread register | register 'r15' cannot be used",
        "(J)V | x86 \"GG\" | bad hex | bad hex in byte template",
        "(J)V | store.i8 [$0], 1; return 1 | after return | method returns void",
        "(J)I | ok = cas.i8 [$0], 0, 1; return ok | narrow cas | cas works on i32 or i64 only",
        "(D)V | store.i32 [$0], 1 | double param | parameter $0 has type D",
        "(J)V | store.i32 [$0], 4294967297 | wide constant | constant 4294967297 does not fit",
        "(JJJJJJ)J | r = syscall 9, $0, $1, $2, $3, $4, $5, 0; return r | seven syscall arguments | syscall takes at most 6 arguments after the number, not 7",
        "(I)J | r = syscall 39, $0; return r | 32-bit syscall argument | system call argument $0 is i32 but must be i64",
        "(J)I | r = syscall 39; return r | syscall result | returns a i64 value where the method returns i32",
        "(JJJ)J | r = syscall 1, $0, $1, $2; return r | write may block | system call 1 may block: a template's syscall runs in Java thread state",
        "(JJJJJJ)J | r = syscall 9, $0, $1, $2, $3, $4, $5; return r | mmap may block | call it through FFM (java.lang.foreign.Linker)",
        "(JJ)J | r = syscall $0, $1; return r | number not constant | the system call number $0 is not a constant",
        "()J | r = syscall 1000; return r | unknown number | A template may make: 24 (sched_yield), 39 (getpid)",
    })
    void shouldRefuseWithMethodLineAndFault(String descriptor, String text, String what, String expected) {
        String msg = error(descriptor, text);
        assertTrue(msg.startsWith("p.Owner.m" + descriptor + ": "), () -> what + ": message does not name the method: " + msg);
        assertTrue(msg.contains(expected), () -> what + ": expected '" + expected + "' in: " + msg);
    }

    @Test
    void shouldRefuseOverlongTemplatesAndCode() {
        String many = "fence.full\n".repeat(33);
        assertTrue(error("()V", many).contains("the limit is 32"));
        String bytes = "90 ".repeat(65);
        assertTrue(error("()V", "x86 \"" + bytes + "\"").contains("the limit is 64"));
    }

    @Test
    void shouldParseNonBlockingSyscallWithUpToSixArguments() throws TemplateException {
        Template t = compile("(JJJ)J", true, "r = syscall 309, $0, $1, $2\nreturn r");
        Instruction.SystemCall c = assertInstanceOf(Instruction.SystemCall.class, t.instructions().get(0));
        assertEquals(3, c.arguments().size());
        assertEquals(ValueType.I64, t.localTypes().get("r"));
        assertInstanceOf(Instruction.SystemCall.class, compile("()V", true, "syscall 24").instructions().get(0));
    }

    @Test
    void shouldNameTheLineOfTheFault() {
        String msg = error("(J)V", "store.i32 [$0], 1\nfence.full\nstore.i32 [$0], bogus\n");
        assertTrue(msg.contains("line 3:"), msg);
    }

    static final class Mapped {
        @CodeMapping("v = load.i32 [$0]; return v")
        static int ok(long a) {
            return 0;
        }

        @CodeMapping("store.i32 [$0], $1")
        synchronized void locked(long a, int v) {
        }
    }

    @Test
    void shouldRefuseSynchronizedMethodsAtRegistration() {
        InvalidMappingException e = assertThrows(InvalidMappingException.class, () -> CodeMappings.register(Mapped.class));
        assertTrue(e.getMessage().contains("Mapped.locked") && e.getMessage().contains("synchronized"), e.getMessage());
    }

    @Test
    void shouldRefuseStrictModeWithoutTheProperty() {
        if (!Boolean.getBoolean("jaguar.mapping.strict")) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> CodeMappings.setStrict(true));
            assertTrue(e.getMessage().contains("-Djaguar.mapping.strict=true"));
        }
    }
}
