/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import jaguar.mapping.template.Instruction;
import jaguar.mapping.template.MethodSignature;
import jaguar.mapping.template.Template;
import jaguar.mapping.template.TemplateException;

/**
 * The raw byte verifier through the template checker (doc/code-mappings.md, "Raw bytes"): what it
 * accepts, the write set it computes, and a refusal naming method, line, byte offset,
 * instruction and reason for each thing issue 28 lists.
 */
class RawByteVerifierTest {
    static final int RAX = 1, RCX = 1 << 1, RDX = 1 << 2, RSI = 1 << 6, RDI = 1 << 7;

    static Template compile(String text) throws TemplateException {
        return Template.compile(MethodSignature.of("p.Owner", "m", "(JJ)J", true), text);
    }

    /** The byte template as the checker left it, with the verifier's findings. */
    static Instruction.ByteTemplate checked(String text) throws TemplateException {
        return compile(text).instructions().stream().filter(i -> i instanceof Instruction.ByteTemplate)
                        .map(i -> (Instruction.ByteTemplate) i).findFirst().orElseThrow();
    }

    /** The checked byte template's verified write set. */
    static int writes(String text) throws TemplateException {
        return checked(text).writes();
    }

    /** Whether the checked byte template accesses or orders memory, as the verifier found. */
    static boolean touchesMemory(String text) throws TemplateException {
        return checked(text).touchesMemory();
    }

    // What decides whether C2 keeps the bytes a barrier over all memory (doc/hotspot.md,
    // "Machine templates and memory"): any access through an operand or a string register,
    // any fence, serialising instruction or spin-wait hint.
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "registers only                   | r = x86 \"48 89 F9 48 01 C9 48 89 C8\" in(rdi=$0) out(rax) clobber(rcx); return r | false",
        "rdtsc                            | r = x86 \"0F 31\" out(rax) clobber(rdx); return r | false",
        "lea and the long nop (no access) | r = x86 \"48 8D 04 37 0F 1F 44 00 00\" in(rdi=$0, rsi=$1) out(rax); return r | false",
        "mov eax, [rdi]                   | r = x86 \"8B 07\" in(rdi=$0) out(rax); return r | true",
        "lock xadd [rdi], rax             | r = x86 \"F0 48 0F C1 07\" in(rdi=$0, rax=$1) out(rax); return r | true",
        "lfence                           | r = x86 \"0F AE E8 0F 31\" out(rax) clobber(rdx); return r | true",
        "mfence                           | x86 \"0F AE F0\"; return 0 | true",
        "sfence                           | x86 \"0F AE F8\"; return 0 | true",
        "pause                            | x86 \"F3 90\"; return 0 | true",
        "cpuid                            | r = x86 \"0F A2\" in(rax=$0) out(rax) clobber(rbx, rcx, rdx); return r | true",
    })
    void findsWhetherTheBytesTouchMemory(String what, String text, boolean expected) throws TemplateException {
        assertEquals(expected, touchesMemory(text), what);
    }

    static String refusal(String text) {
        return assertThrows(TemplateException.class, () -> compile(text)).getMessage();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "lea rax, [rdi + rsi]                  | r = x86 \"48 8D 04 37\" in(rdi=$0, rsi=$1) out(rax); return r | 1",
        "lea eax, [rdi + rsi], 32-bit out      | r = x86 \"8D 04 37\" in(rdi=$0, rsi=$1) out(eax); return 0   | 1",
        "mov rcx, rdi; add rcx, rcx; mov rax, rcx | r = x86 \"48 89 F9 48 01 C9 48 89 C8\" in(rdi=$0) out(rax) clobber(rcx); return r | 3",
        "mov eax, [rdi] through an input       | r = x86 \"8B 07\" in(rdi=$0) out(rax); return r              | 1",
        "lock xadd [rdi], rax                  | r = x86 \"F0 48 0F C1 07\" in(rdi=$0, rax=$1) out(rax); return r | 1",
        "mul rcx: rdx:rax                      | r = x86 \"48 F7 E1\" in(rax=$0, rcx=$1) out(rax) clobber(rdx); return r | 5",
        "mov al, ah: the high byte is rax      | r = x86 \"88 E0\" in(rax=$0) out(rax); return r              | 1",
        "sfence; lfence; mfence; pause; nop    | x86 \"0F AE F8 0F AE E8 0F AE F0 F3 90 90 0F 1F 44 00 00\"; return 0 | 0",
        "66 and REX.W: imm32, not imm16     | r = x86 \"66 48 25 78 56 34 12 48 F7 D0\" in(rax=$0) out(rax); return r | 1",
        "xchg rax, r8 (REX.B 90)              | r = x86 \"41 90\" in(rax=$0, r8=$1) out(rax) clobber(r8); return r | 257",
        "lea through any register (no access)  | r = x86 \"48 8D 04 24\" out(rax); return r                   | 1",
        "shl al, 1; add cx, ax (register forms)| r = x86 \"D0 E0 66 01 C1\" in(rax=$0, rcx=$1) out(rax) clobber(rcx); return r | 3",
        "bswap rcx, cmovz rax, rcx             | r = x86 \"48 0F C9 48 0F 44 C1\" in(rcx=$0, rax=$1) out(rax) clobber(rcx); return r | 3",
    })
    void acceptsAndComputesTheWriteSet(String what, String text, int expected) throws TemplateException {
        assertEquals(expected, writes(text), what);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "endless loop           | x86 \"EB FE\"                          | byte 0 (EB FE, jmp): a control transfer is not allowed",
        "jump out               | x86 \"E9 00 01 00 00\"                 | byte 0 (E9 00 01 00 00, jmp): a control transfer",
        "conditional jump       | x86 \"90 74 02\"                       | byte 1 (74 02, je): a control transfer (jump)",
        "call                   | x86 \"FF D0\" in(rax=$0)               | byte 0 (FF D0, call): a control transfer",
        "ret                    | x86 \"C3\"                             | byte 0 (C3, ret/iret): a control transfer (return)",
        "int3                   | x86 \"CC\"                             | (CC, int): a control transfer (interrupt)",
        "ud2                    | x86 \"0F 0B\"                          | (0F 0B, ud): an undefined-instruction trap",
        "push without pop       | x86 \"50\"                             | (50, push): the stack pointer changes",
        "leave                  | x86 \"C9\"                             | (C9, leave): the frame and stack pointers change",
        "RIP-relative           | r = x86 \"8B 05 00 00 00 00\" out(rax); return r | a RIP-relative memory operand is not allowed",
        "absolute address       | r = x86 \"8B 04 25 00 10 00 00\" out(rax); return r | an absolute memory operand is not allowed",
        "segment override       | r = x86 \"64 8B 07\" in(rdi=$0) out(rax); return r | a segment override prefix is not allowed",
        "divide                 | r = x86 \"F7 F1\" in(rax=$0, rcx=$1) out(rax) clobber(rdx); return r | (F7 F1, div): a divide error (#DE)",
        "vzeroupper             | x86 \"C5 F8 77\"                       | VEX/EVEX/XOP-encoded instructions (vector state) are not allowed",
        "ldmxcsr                | x86 \"0F AE 17\" in(rdi=$0)            | (0F AE 17, ldmxcsr): x87, vector and MXCSR state",
        "std                    | x86 \"FD\"                             | (FD, std): setting the direction flag",
        "wrfsbase               | x86 \"F3 48 0F AE D7\" in(rdi=$0)      | segment bases and trace packets are not allowed",
        "xrstor                 | x86 \"0F AE 2F\" in(rdi=$0)            | (0F AE 2F, xrstor)",
        "reserved sfence form   | x86 \"0F AE F9\"                       | a fence is encoded 0F AE E8, F0 or F8 only",
        "F3 REX.B 90            | r = x86 \"F3 41 90\" in(rax=$0) out(rax) clobber(r8); return r | reads as pause but swaps",
        "REX on pause           | x86 \"F3 48 90\"                       | a REX prefix on nop or pause is not allowed",
        "0F 0D /2               | x86 \"0F 0D 17\" in(rdi=$0)            | only /1, prefetchw",
        "66 beside F3 popcnt    | r = x86 \"F3 66 0F B8 C7\" in(rdi=$0) out(rax); return r | prefix 66 is not an operand size here",
        "register-form nop      | x86 \"0F 1F C0\"                       | (0F 1F C0, nop): only the documented multi-byte NOP",
        "undeclared rcx         | x86 \"48 31 C9\"                       | byte 0 (48 31 C9, xor): writes rcx, which is neither the declared output nor a clobber",
        "r15 hidden in the bytes| x86 \"4D 31 FF\"                       | writes r15, which HotSpot reserves",
        "rdtsc's implicit rdx   | r = x86 \"0F 31\" out(rax); return r   | (0F 31, rdtsc): writes rdx",
        "cpuid's implicit rbx   | r = x86 \"0F A2\" in(rax=$0) out(rax) clobber(rcx, rdx); return r | (0F A2, cpuid): writes rbx",
        "string op              | x86 \"F3 A4\" in(rsi=$0, rdi=$1, rcx=8) clobber(rsi, rdi, rcx) | (F3 A4, rep movs): HotSpot could not step over this instruction",
        "8-bit shift of memory  | x86 \"D0 27\" in(rdi=$0)              | (D0 27, shl): HotSpot could not step over this instruction",
        "16-bit add to memory   | x86 \"66 01 07\" in(rdi=$0, rax=$1)    | (66 01 07, add): HotSpot could not step over this instruction",
        "memory not via input   | r = x86 \"8B 06\" in(rdi=$0) out(rax); return r | addresses memory through rsi, which is not a declared input",
        "stack memory           | r = x86 \"8B 04 24\" out(rax); return r | addresses memory through rsp",
        "lock on a register     | x86 \"F0 48 01 C0\" in(rax=$0) clobber(rax) | lock is only allowed on a read-modify-write of memory",
        "truncated              | x86 \"48 8B\"                          | byte 0 (48 8B): the bytes end inside an instruction",
        "bare REX               | x86 \"90 48\"                          | byte 1 (48): the bytes end inside an instruction",
        "syscall in bytes       | x86 \"0F 05\"                          | write it as the typed operation",
        "invalid in 64-bit mode | x86 \"06\"                             | opcode 06 is invalid in 64-bit mode",
        "port I/O               | x86 \"EC\"                             | port I/O is privileged",
        "hlt                    | x86 \"F4\"                             | (F4, hlt): privileged",
    })
    void refusesNamingOffsetInstructionAndReason(String what, String text, String expected) {
        String m = refusal(text.endsWith(")") || text.endsWith("\"") ? text + "; return 0" : text);
        assertTrue(m.startsWith("p.Owner.m(JJ)J: line 1: x86 "), () -> what + ": " + m);
        assertTrue(m.contains(expected), () -> what + ": expected '" + expected + "' in: " + m);
    }

    @Test
    void refusesWhatTheCpuLacksNamingTheFeature() throws Exception {
        // Every feature the allow-list names is checked against /proc/cpuinfo; an absent one is refused by name.
        java.util.Set<String> flags = java.util.Set.of();
        for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/cpuinfo"))) {
            if (line.startsWith("flags")) {
                flags = java.util.Set.of(line.substring(line.indexOf(':') + 1).trim().split("\\s+"));
                break;
            }
        }
        String popcnt = "r = x86 \"F3 48 0F B8 C7\" in(rdi=$0) out(rax); return r";   // popcnt rax, rdi
        if (flags.contains("popcnt")) {
            assertEquals(RAX, writes(popcnt));
        } else {
            assertTrue(refusal(popcnt).contains("this CPU lacks it (no 'popcnt'"));
        }
    }
}
