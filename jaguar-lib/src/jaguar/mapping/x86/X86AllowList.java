/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.x86;

import static jaguar.mapping.x86.X86Instruction.*;

import jaguar.mapping.x86.X86Instruction.OpcodeMap;

/**
 * What a raw byte template may contain (doc/code-mappings.md, "Raw bytes"): general-purpose
 * integer instructions that neither jump, nor touch the stack, segments, or vector, x87, mask or
 * MXCSR state, nor fault by design, plus fences, cache and time-stamp instructions. Default
 * deny: an instruction not named here is refused. For an allowed one it gives the registers the
 * instruction writes (implicit ones included), how it uses its memory operand, and the CPU
 * feature it needs.
 */
public final class X86AllowList {
    private X86AllowList() {
    }

    /** How an allowed instruction uses a ModRM memory operand. */
    public enum MemoryUse {
        /** Reads or writes memory through it. */
        ACCESS,
        /** Only computes its address (lea, the long nop): nothing is accessed. */
        ADDRESS_ONLY
    }

    /**
     * An allowed instruction.
     *
     * @param mnemonic its name, for messages
     * @param writes the general-purpose registers it writes, a mask by register number
     * @param memory how it uses a ModRM memory operand (if it has one)
     * @param stringRegisters registers it addresses memory through implicitly (rsi, rdi), a mask
     * @param feature the /proc/cpuinfo flag the CPU needs, or null
     */
    public record Allowed(String mnemonic, int writes, MemoryUse memory, int stringRegisters, String feature) {
        /**
         * Whether it orders memory without a memory operand: the fences, cpuid and rdtscp
         * (serialising), and pause (a spin-wait hint; HotSpot's Thread.onSpinWait is a barrier).
         */
        public boolean ordersMemory() {
            return ORDERING.contains(mnemonic);
        }
    }

    private static final java.util.Set<String> ORDERING = java.util.Set.of("lfence", "mfence", "sfence", "cpuid", "rdtscp", "pause");

    static final int RAX = 0, RCX = 1, RDX = 2, RBX = 3, RSI = 6, RDI = 7;
    /**
     * Two- and three-byte-map instructions for which prefix 66 means a 16-bit operand (or is part
     * of the encoding). Not popcnt, tzcnt, lzcnt and crc32: their F3/F2 is a mandatory prefix, and
     * decoders disagree on 66 beside it (the fuzzing campaign found capstone refusing F3 66 0F B8).
     */
    private static final java.util.Set<String> OPERAND_SIZE_16 = java.util.Set.of("nop", "bt", "bts", "btr", "btc", "shld", "shrd",
                    "imul", "cmpxchg", "movzx", "movsx", "xadd", "bsf", "bsr", "rdrand", "rdseed", "movbe", "clflushopt", "clwb");
    private static final String[] ALU = {"add", "or", "adc", "sbb", "and", "sub", "xor", "cmp"};
    private static final String[] SHIFT = {"rol", "ror", "rcl", "rcr", "shl", "shr", null, "sar"};
    private static final String[] CC = {"o", "no", "b", "ae", "e", "ne", "be", "a", "s", "ns", "p", "np", "l", "ge", "le", "g"};

    /** The instruction's meaning if the allow-list names it; else a refusal saying why. */
    public static Allowed classify(X86Instruction i) throws X86Refusal {
        if (i.has(PREFIX_SEGMENT)) {
            throw new X86Refusal(null, "a segment override prefix is not allowed");
        }
        if (i.has(PREFIX_ADDRESS_SIZE)) {
            throw new X86Refusal(null, "32-bit addressing (prefix 67) is not allowed");
        }
        Allowed a = switch (i.map()) {
            case ONE_BYTE -> oneByte(i);
            case TWO_BYTE -> twoByte(i);
            case THREE_BYTE_38 -> threeByte38(i);
            case THREE_BYTE_3A -> throw new X86Refusal(null, "vector instructions (map 0F 3A) are not allowed");
            case VECTOR -> throw new X86Refusal(null, "VEX/EVEX/XOP-encoded instructions (vector state) are not allowed");
        };
        if (i.has(PREFIX_LOCK) && !lockable(i, a)) {
            throw new X86Refusal(a.mnemonic(), "lock is only allowed on a read-modify-write of memory (it would raise #UD)");
        }
        if (i.has(PREFIX_OPERAND_SIZE) && i.map() != OpcodeMap.ONE_BYTE && !OPERAND_SIZE_16.contains(a.mnemonic())
                        && !a.mnemonic().startsWith("cmov") && !a.mnemonic().startsWith("set")) {
            throw new X86Refusal(a.mnemonic(), "prefix 66 is not an operand size here: it selects another instruction");
        }
        if ((i.has(PREFIX_REP) || i.has(PREFIX_REPNE)) && !repeatable(i, a)) {
            throw new X86Refusal(a.mnemonic(), "a rep/repne prefix is only allowed on string instructions, pause, popcnt, tzcnt, lzcnt and crc32");
        }
        return a;
    }

    private static Allowed oneByte(X86Instruction i) throws X86Refusal {
        int op = i.opcode();
        if (op < 0x40 && (op & 7) < 6) {
            String m = ALU[op >> 3];
            int dst = (op >> 3) == 7 ? 0 : switch (op & 7) {
                case 0 -> rm8(i);
                case 1 -> rm(i);
                case 2 -> reg8(i, i.reg());
                case 3 -> bit(i.reg());
                default -> bit(RAX);
            };
            return gpr(m, dst);
        }
        if (op >= 0x50 && op <= 0x5F) {
            throw new X86Refusal(op < 0x58 ? "push" : "pop", "the stack pointer changes");
        }
        if (op >= 0x70 && op <= 0x7F) {
            throw new X86Refusal("j" + CC[op - 0x70], "a control transfer (jump) is not allowed");
        }
        if (op >= 0x91 && op <= 0x97) {
            return gpr("xchg", bit(RAX) | bit(i.reg()));
        }
        if (op >= 0xB0 && op <= 0xB7) {
            return gpr("mov", reg8(i, i.reg()));
        }
        if (op >= 0xB8 && op <= 0xBF) {
            return gpr("mov", bit(i.reg()));
        }
        if (op >= 0xD8 && op <= 0xDF) {
            throw new X86Refusal("x87", "x87 state is not allowed");
        }
        return switch (op) {
            case 0x63 -> gpr("movsxd", bit(i.reg()));
            case 0x69, 0x6B -> gpr("imul", bit(i.reg()));
            case 0x80, 0x81, 0x83 -> gpr(ALU[i.digit()], i.digit() == 7 ? 0 : op == 0x80 ? rm8(i) : rm(i));
            case 0x84, 0x85 -> gpr("test", 0);
            case 0x86 -> gpr("xchg", rm8(i) | reg8(i, i.reg()));
            case 0x87 -> gpr("xchg", rm(i) | bit(i.reg()));
            case 0x88 -> gpr("mov", rm8(i));
            case 0x89 -> gpr("mov", rm(i));
            case 0x8A -> gpr("mov", reg8(i, i.reg()));
            case 0x8B -> gpr("mov", bit(i.reg()));
            case 0x8D -> {
                if (!i.memory()) {
                    throw new X86Refusal("lea", "lea with a register operand is invalid (#UD)");
                }
                yield new Allowed("lea", bit(i.reg()), MemoryUse.ADDRESS_ONLY, 0, null);
            }
            case 0x8C, 0x8E -> throw new X86Refusal("mov sreg", "segment registers are not allowed");
            case 0x8F -> throw new X86Refusal("pop", "the stack pointer changes");
            // 90 is nop, F3 90 pause, REX.B 90 xchg rax, r8 (F3 does not make that a pause: the
            // fuzzing campaign saw F3 41 90 swap the registers). Other REX bits on 90 are refused:
            // decoders disagree on what they mean.
            case 0x90 -> {
                if ((i.rex() & 1) != 0) {
                    if (i.has(PREFIX_REP)) {
                        throw new X86Refusal("xchg", "F3 before xchg rax, r8 (REX.B 90) is not allowed: it reads as pause but swaps");
                    }
                    yield gpr("xchg", bit(RAX) | bit(8));
                }
                if (i.rex() != 0) {
                    throw new X86Refusal(i.has(PREFIX_REP) ? "pause" : "nop", "a REX prefix on nop or pause is not allowed (decoders disagree on it)");
                }
                yield i.has(PREFIX_REP) ? gpr("pause", 0) : gpr("nop", 0);
            }
            case 0x98 -> gpr("cbw/cwde/cdqe", bit(RAX));
            case 0x99 -> gpr("cwd/cdq/cqo", bit(RDX));
            case 0x9E -> gpr("sahf", 0);
            case 0x9F -> gpr("lahf", bit(RAX));
            case 0x9C, 0x9D -> throw new X86Refusal(op == 0x9C ? "pushf" : "popf", "the stack pointer changes");
            case 0xA0, 0xA1, 0xA2, 0xA3 -> throw new X86Refusal("mov moffs", "an absolute memory operand is not allowed");
            case 0xA8, 0xA9 -> gpr("test", 0);
            case 0xA4, 0xA5 -> string(i, "movs", bit(RSI) | bit(RDI), bit(RSI) | bit(RDI));
            case 0xA6, 0xA7 -> string(i, "cmps", bit(RSI) | bit(RDI), bit(RSI) | bit(RDI));
            case 0xAA, 0xAB -> string(i, "stos", bit(RDI), bit(RDI));
            case 0xAC, 0xAD -> string(i, "lods", bit(RSI) | bit(RAX), bit(RSI));
            case 0xAE, 0xAF -> string(i, "scas", bit(RDI), bit(RDI));
            case 0xC0, 0xC1, 0xD0, 0xD1, 0xD2, 0xD3 -> {
                String m = SHIFT[i.digit()];
                if (m == null) {
                    throw new X86Refusal("sal (/6)", "the undocumented encoding of shl is not allowed");
                }
                yield gpr(m, (op & 1) == 0 ? rm8(i) : rm(i));
            }
            case 0xC6, 0xC7 -> {
                if (i.digit() == 7 && !i.memory()) {
                    throw new X86Refusal(op == 0xC6 ? "xabort" : "xbegin", "transactional memory (a control transfer) is not allowed");
                }
                if (i.digit() != 0) {
                    throw new X86Refusal(null, "group 11 /" + i.digit() + " is undefined");
                }
                yield gpr("mov", op == 0xC6 ? rm8(i) : rm(i));
            }
            case 0xC2, 0xC3, 0xCA, 0xCB, 0xCF -> throw new X86Refusal("ret/iret", "a control transfer (return) is not allowed");
            case 0xC8, 0xC9 -> throw new X86Refusal(op == 0xC8 ? "enter" : "leave", "the frame and stack pointers change");
            case 0xCC, 0xCD, 0xF1 -> throw new X86Refusal("int", "a control transfer (interrupt) is not allowed");
            case 0xE0, 0xE1, 0xE2, 0xE3 -> throw new X86Refusal("loop/jrcxz", "a control transfer (jump) is not allowed");
            case 0xE8, 0xE9, 0xEB -> throw new X86Refusal(op == 0xE8 ? "call" : "jmp", "a control transfer is not allowed");
            case 0xE4, 0xE5, 0xE6, 0xE7, 0xEC, 0xED, 0xEE, 0xEF, 0x6C, 0x6D, 0x6E, 0x6F ->
                throw new X86Refusal("in/out", "port I/O is privileged");
            case 0xF4, 0xFA, 0xFB -> throw new X86Refusal(op == 0xF4 ? "hlt" : "cli/sti", "privileged");
            case 0xF5 -> gpr("cmc", 0);
            case 0xF8 -> gpr("clc", 0);
            case 0xF9 -> gpr("stc", 0);
            case 0xFC -> gpr("cld", 0);
            case 0xFD -> throw new X86Refusal("std", "setting the direction flag breaks the compiled code around it");
            case 0xF6, 0xF7 -> switch (i.digit()) {
                case 0, 1 -> gpr("test", 0);
                case 2 -> gpr("not", op == 0xF6 ? rm8(i) : rm(i));
                case 3 -> gpr("neg", op == 0xF6 ? rm8(i) : rm(i));
                case 4, 5 -> gpr(i.digit() == 4 ? "mul" : "imul", bit(RAX) | (op == 0xF7 ? bit(RDX) : 0));
                default -> throw new X86Refusal(i.digit() == 6 ? "div" : "idiv", "a divide error (#DE) in compiled code is fatal");
            };
            case 0xFE, 0xFF -> switch (i.digit()) {
                case 0, 1 -> gpr(i.digit() == 0 ? "inc" : "dec", op == 0xFE ? rm8(i) : rm(i));
                case 2, 3 -> throw new X86Refusal("call", "a control transfer is not allowed");
                case 4, 5 -> throw new X86Refusal("jmp", "a control transfer is not allowed");
                case 6 -> throw new X86Refusal("push", "the stack pointer changes");
                default -> throw new X86Refusal(null, "group 5 /7 is undefined");
            };
            default -> throw new X86Refusal(null, String.format("opcode %02X is not in the allow-list", op));
        };
    }

    private static Allowed twoByte(X86Instruction i) throws X86Refusal {
        int op = i.opcode();
        if (op >= 0x80 && op <= 0x8F) {
            throw new X86Refusal("j" + CC[op - 0x80], "a control transfer (jump) is not allowed");
        }
        if (op >= 0x40 && op <= 0x4F) {
            return gpr("cmov" + CC[op - 0x40], bit(i.reg()));
        }
        if (op >= 0x90 && op <= 0x9F) {
            return gpr("set" + CC[op - 0x90], rm8(i));
        }
        if (op >= 0xC8 && op <= 0xCF) {
            return gpr("bswap", bit(i.reg()));
        }
        boolean rep = i.has(PREFIX_REP);
        return switch (op) {
            case 0x05 -> throw new X86Refusal("syscall", "write it as the typed operation 'syscall' (doc/code-mappings.md)");
            case 0x34, 0x35, 0x07 -> throw new X86Refusal("sysenter/sysexit/sysret", "a control transfer is not allowed");
            case 0x0B, 0xB9, 0xFF -> throw new X86Refusal("ud", "an undefined-instruction trap is not allowed");
            case 0x0D -> {
                memoryOnly(i, "prefetchw");
                // Only /1 is prefetchw; the other /digits are AMD's aliases, which decoders
                // disagree on (found by the fuzzing campaign).
                if (i.digit() != 1) {
                    throw new X86Refusal("prefetch", "0F 0D /" + i.digit() + " is not allowed: only /1, prefetchw");
                }
                yield new Allowed("prefetchw", 0, MemoryUse.ACCESS, 0, "3dnowprefetch");
            }
            case 0x18 -> {
                memoryOnly(i, "prefetch");
                if (i.digit() > 3) {
                    throw new X86Refusal("prefetch", "hint /" + i.digit() + " is reserved");
                }
                yield new Allowed(new String[] {"prefetchnta", "prefetcht0", "prefetcht1", "prefetcht2"}[i.digit()], 0, MemoryUse.ACCESS, 0, null);
            }
            case 0x1F -> {
                // The multi-byte NOP the manuals document (and assemblers emit) is 0F 1F /0 with a
                // memory operand; the register and other /digit forms are reserved hint space that
                // decoders disagree on (the fuzzing campaign found capstone refusing them).
                if (i.digit() != 0 || !i.memory()) {
                    throw new X86Refusal("nop", "only the documented multi-byte NOP, 0F 1F /0 with a memory operand, is allowed");
                }
                yield new Allowed("nop", 0, MemoryUse.ADDRESS_ONLY, 0, null);
            }
            case 0x31 -> gpr("rdtsc", bit(RAX) | bit(RDX));
            case 0xA2 -> gpr("cpuid", bit(RAX) | bit(RBX) | bit(RCX) | bit(RDX));
            case 0x01 -> {
                if (i.modrm() == 0xF9) {
                    yield new Allowed("rdtscp", bit(RAX) | bit(RDX) | bit(RCX), MemoryUse.ACCESS, 0, "rdtscp");
                }
                throw new X86Refusal(null, "group 7 (system instructions) is not allowed");
            }
            case 0xA3 -> gpr("bt", 0);
            case 0xAB, 0xB3, 0xBB -> gpr(op == 0xAB ? "bts" : op == 0xB3 ? "btr" : "btc", rm(i));
            case 0xBA -> switch (i.digit()) {
                case 4 -> gpr("bt", 0);
                case 5, 6, 7 -> gpr(new String[] {"bts", "btr", "btc"}[i.digit() - 5], rm(i));
                default -> throw new X86Refusal(null, "group 8 /" + i.digit() + " is undefined");
            };
            case 0xA4, 0xA5 -> gpr("shld", rm(i));
            case 0xAC, 0xAD -> gpr("shrd", rm(i));
            case 0xAF -> gpr("imul", bit(i.reg()));
            case 0xB0 -> gpr("cmpxchg", rm8(i) | bit(RAX));
            case 0xB1 -> gpr("cmpxchg", rm(i) | bit(RAX));
            case 0xB6, 0xB7 -> gpr("movzx", bit(i.reg()));
            case 0xBE, 0xBF -> gpr("movsx", bit(i.reg()));
            case 0xC0 -> gpr("xadd", rm8(i) | reg8(i, i.reg()));
            case 0xC1 -> gpr("xadd", rm(i) | bit(i.reg()));
            case 0xC3 -> {
                memoryOnly(i, "movnti");
                yield gpr("movnti", 0);
            }
            case 0xB8 -> {
                if (!rep) {
                    throw new X86Refusal("jmpe", "a control transfer is not allowed");
                }
                yield new Allowed("popcnt", bit(i.reg()), MemoryUse.ACCESS, 0, "popcnt");
            }
            case 0xBC -> rep ? new Allowed("tzcnt", bit(i.reg()), MemoryUse.ACCESS, 0, "bmi1") : gpr("bsf", bit(i.reg()));
            case 0xBD -> rep ? new Allowed("lzcnt", bit(i.reg()), MemoryUse.ACCESS, 0, "abm") : gpr("bsr", bit(i.reg()));
            case 0xC7 -> {
                if (i.memory() && i.digit() == 1) {
                    yield i.rexW() ? new Allowed("cmpxchg16b", bit(RAX) | bit(RDX), MemoryUse.ACCESS, 0, "cx16")
                                    : gpr("cmpxchg8b", bit(RAX) | bit(RDX));
                }
                if (!i.memory() && i.digit() == 6 && !i.has(PREFIX_REP)) {
                    yield new Allowed("rdrand", rm(i), MemoryUse.ACCESS, 0, "rdrand");
                }
                if (!i.memory() && i.digit() == 7 && !i.has(PREFIX_REP)) {
                    yield new Allowed("rdseed", rm(i), MemoryUse.ACCESS, 0, "rdseed");
                }
                throw new X86Refusal(null, "group 9 /" + i.digit() + " is not in the allow-list");
            }
            case 0xAE -> fenceOrCache(i);
            default -> throw new X86Refusal(null, String.format("opcode 0F %02X is not in the allow-list (vector, system or undefined)", op));
        };
    }

    private static Allowed fenceOrCache(X86Instruction i) throws X86Refusal {
        if (i.has(PREFIX_REP) || i.has(PREFIX_REPNE)) {
            throw new X86Refusal("rd/wrfsbase, rd/wrgsbase, ptwrite", "segment bases and trace packets are not allowed");
        }
        if (!i.memory()) {
            if (i.has(PREFIX_OPERAND_SIZE)) {
                throw new X86Refusal("pcommit/tpause", "prefix 66 makes this fence another (deprecated or waiting) instruction");
            }
            if (i.rm() != 0) {
                // 0F AE E8, F0 and F8 are the documented encodings; other r/m values are
                // reserved forms decoders disagree on (found by the fuzzing campaign).
                throw new X86Refusal(null, "a fence is encoded 0F AE E8, F0 or F8 only (r/m " + i.rm() + " is a reserved form)");
            }
            return switch (i.digit()) {
                case 5 -> gpr("lfence", 0);
                case 6 -> gpr("mfence", 0);
                case 7 -> gpr("sfence", 0);
                default -> throw new X86Refusal(null, "group 15 /" + i.digit() + " with a register operand is undefined");
            };
        }
        boolean opsize = i.has(PREFIX_OPERAND_SIZE);
        if (i.digit() == 7) {
            return opsize ? new Allowed("clflushopt", 0, MemoryUse.ACCESS, 0, "clflushopt") : gpr("clflush", 0);
        }
        if (i.digit() == 6 && opsize) {
            return new Allowed("clwb", 0, MemoryUse.ACCESS, 0, "clwb");
        }
        String[] names = {"fxsave", "fxrstor", "ldmxcsr", "stmxcsr", "xsave", "xrstor", "xsaveopt", "clflush"};
        throw new X86Refusal(names[i.digit()], "x87, vector and MXCSR state are not allowed");
    }

    private static Allowed threeByte38(X86Instruction i) throws X86Refusal {
        int op = i.opcode();
        if (op == 0xF0 || op == 0xF1) {
            if (i.has(PREFIX_REPNE)) {
                return new Allowed("crc32", bit(i.reg()), MemoryUse.ACCESS, 0, "sse4_2");
            }
            memoryOnly(i, "movbe");
            return new Allowed("movbe", op == 0xF0 ? bit(i.reg()) : 0, MemoryUse.ACCESS, 0, "movbe");
        }
        throw new X86Refusal(null, String.format("opcode 0F 38 %02X is not in the allow-list (vector)", op));
    }

    /** A string instruction: its implicit pointer registers are its memory operands. */
    private static Allowed string(X86Instruction i, String mnemonic, int writes, int pointers) {
        boolean repeated = i.has(PREFIX_REP) || i.has(PREFIX_REPNE);
        return new Allowed((repeated ? "rep " : "") + mnemonic, writes | (repeated ? bit(RCX) : 0), MemoryUse.ACCESS, pointers, null);
    }

    private static Allowed gpr(String mnemonic, int writes) {
        return new Allowed(mnemonic, writes, MemoryUse.ACCESS, 0, null);
    }

    /**
     * Whether HotSpot's SIGBUS handler can step over this instruction when its memory access
     * faults (a file truncated under a mapping): it decodes the faulting instruction with
     * {@code Assembler::locate_operand} (25.0.3 with Jaguar's assembler_x86.cpp patch) and stops
     * the VM on a form it does not know. Only the forms it decodes may access memory in raw
     * bytes; prefetches never fault.
     */
    static boolean steppableAfterFault(X86Instruction i) {
        int op = i.opcode();
        if (i.has(PREFIX_OPERAND_SIZE)) {
            return i.map() == OpcodeMap.ONE_BYTE && (op == 0x89 || op == 0x8B || op == 0xC7);
        }
        return switch (i.map()) {
            case ONE_BYTE -> (op < 0x40 && (op & 7) < 4) || switch (op) {
                case 0x63, 0x69, 0x6B, 0x80, 0x81, 0x83, 0x85, 0x87, 0x88, 0x89, 0x8A, 0x8B, 0xC1, 0xC6, 0xC7, 0xF7, 0xFF -> true;
                default -> false;
            };
            case TWO_BYTE -> (op >= 0x40 && op <= 0x4F) || (op >= 0x90 && op <= 0x9F) || (op == 0x18 || op == 0x0D) || switch (op) {
                case 0xAC, 0xAD, 0xAE, 0xAF, 0xB0, 0xB1, 0xB6, 0xB7, 0xBE, 0xBF, 0xC1, 0xC7 -> true;
                case 0xB8, 0xBC, 0xBD -> i.has(PREFIX_REP);   // popcnt, tzcnt, lzcnt: HotSpot skips F3 0F and the opcode
                default -> false;
            };
            case THREE_BYTE_38 -> !i.has(PREFIX_REPNE);   // movbe yes; F2 0F 38 (crc32) is decoded one byte short
            default -> false;
        };
    }

    private static boolean repeatable(X86Instruction i, Allowed a) {
        return switch (a.mnemonic()) {
            case "pause", "popcnt", "tzcnt", "lzcnt" -> !i.has(PREFIX_REPNE);
            case "crc32" -> !i.has(PREFIX_REP);
            default -> a.mnemonic().startsWith("rep ");
        };
    }

    private static void memoryOnly(X86Instruction i, String mnemonic) throws X86Refusal {
        if (!i.memory()) {
            throw new X86Refusal(mnemonic, "needs a memory operand (a register operand is invalid)");
        }
    }

    private static boolean lockable(X86Instruction i, Allowed a) {
        if (!i.memory() || (i.map() == OpcodeMap.ONE_BYTE && i.opcode() < 0x40 && (i.opcode() & 7) >= 2)) {
            return false;   // a register destination (or no memory operand at all)
        }
        return switch (a.mnemonic()) {
            case "add", "or", "adc", "sbb", "and", "sub", "xor", "not", "neg", "inc", "dec", "xchg", "xadd", "cmpxchg", "cmpxchg8b",
                            "cmpxchg16b", "bts", "btr", "btc" -> true;
            default -> false;
        };
    }

    /** The register an r/m operand writes (none if it is memory). */
    private static int rm(X86Instruction i) {
        return i.memory() ? 0 : bit(i.rm());
    }

    private static int rm8(X86Instruction i) {
        return i.memory() ? 0 : reg8(i, i.rm());
    }

    /** An 8-bit register operand: without REX, numbers 4-7 are ah, ch, dh, bh (of rax ... rbx). */
    private static int reg8(X86Instruction i, int r) {
        return bit(i.rex() == 0 && r >= 4 && r <= 7 ? r - 4 : r);
    }

    static int bit(int r) {
        return 1 << r;
    }
}
