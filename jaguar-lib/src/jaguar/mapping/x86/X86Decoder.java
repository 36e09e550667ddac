/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.x86;

import static jaguar.mapping.x86.X86Instruction.*;

import jaguar.mapping.x86.X86Instruction.OpcodeMap;

/**
 * A length and structure decoder for x86-64 (64-bit mode) machine code, after the opcode maps of
 * the Intel SDM volume 2 (appendix A) and the AMD APM volume 3: legacy prefixes, REX, the one-,
 * two- and three-byte maps, VEX/EVEX/XOP, ModRM, SIB, displacements and immediates. It says how
 * an instruction is built, not what it does ({@link X86AllowList}); it decodes instructions it
 * will not allow too, so that a refusal can name them.
 */
public final class X86Decoder {
    /** The architectural limit on an instruction's length. */
    public static final int MAX_LENGTH = 15;

    private final byte[] code;
    private int p;

    private X86Decoder(byte[] code, int at) {
        this.code = code;
        this.p = at;
    }

    /** The instruction at {@code at}; a byte string that ends inside it, or an invalid encoding, throws. */
    public static X86Instruction decode(byte[] code, int at) throws X86DecodeException {
        return new X86Decoder(code, at).run(at);
    }

    private int next() throws X86DecodeException {
        if (p >= code.length) {
            throw new X86DecodeException("the bytes end inside an instruction");
        }
        return code[p++] & 0xFF;
    }

    private int peek() {
        return p < code.length ? code[p] & 0xFF : -1;
    }

    private X86Instruction run(int start) throws X86DecodeException {
        int prefixes = 0;
        for (;;) {
            int b = peek();
            int bit = switch (b) {
                case 0xF0 -> PREFIX_LOCK;
                case 0xF3 -> PREFIX_REP;
                case 0xF2 -> PREFIX_REPNE;
                case 0x66 -> PREFIX_OPERAND_SIZE;
                case 0x67 -> PREFIX_ADDRESS_SIZE;
                case 0x26, 0x2E, 0x36, 0x3E, 0x64, 0x65 -> PREFIX_SEGMENT;
                default -> 0;
            };
            if (bit == 0) {
                break;
            }
            prefixes |= bit;
            p++;
        }
        int rex = 0;
        if (peek() >= 0x40 && peek() <= 0x4F) {
            rex = next();
        }
        int op = next();
        if (rex != 0 && isLegacyPrefix(op)) {
            throw new X86DecodeException("a REX prefix followed by a legacy prefix (the REX byte would be ignored)");
        }
        X86Instruction insn;
        if (op == 0xC4 || op == 0xC5 || op == 0x62 || (op == 0x8F && ((peek() >> 3) & 7) != 0 && peek() >= 0)) {
            insn = vector(start, prefixes, op);
        } else if (op == 0x0F) {
            int op2 = next();
            if (op2 == 0x38) {
                insn = operands(start, prefixes, rex, OpcodeMap.THREE_BYTE_38, next(), true, 0);
            } else if (op2 == 0x3A) {
                insn = operands(start, prefixes, rex, OpcodeMap.THREE_BYTE_3A, next(), true, 1);
            } else {
                insn = twoByte(start, prefixes, rex, op2);
            }
        } else {
            insn = oneByte(start, prefixes, rex, op);
        }
        if (insn.length() > MAX_LENGTH) {
            throw new X86DecodeException("an instruction of " + insn.length() + " bytes (15 at most)");
        }
        return insn;
    }

    private static boolean isLegacyPrefix(int b) {
        return switch (b) {
            case 0xF0, 0xF2, 0xF3, 0x66, 0x67, 0x26, 0x2E, 0x36, 0x3E, 0x64, 0x65 -> true;
            default -> false;
        };
    }

    private X86Instruction oneByte(int start, int prefixes, int rex, int op) throws X86DecodeException {
        // An Iz immediate: 16 bits under prefix 66, unless REX.W makes the operand 64-bit (REX.W
        // wins over 66; the fuzzing campaign found the decoder reading 2 bytes there).
        int z = (prefixes & PREFIX_OPERAND_SIZE) != 0 && (rex & 8) == 0 ? 2 : 4;
        switch (op) {
            case 0x06, 0x07, 0x0E, 0x16, 0x17, 0x1E, 0x1F, 0x27, 0x2F, 0x37, 0x3F, 0x60, 0x61, 0x82, 0x9A, 0xCE, 0xD4, 0xD5, 0xD6, 0xEA ->
                throw new X86DecodeException(String.format("opcode %02X is invalid in 64-bit mode", op));
            default -> {
            }
        }
        if (op < 0x40 && (op & 7) < 6) {   // add, or, adc, sbb, and, sub, xor, cmp
            return switch (op & 7) {
                case 4 -> operands(start, prefixes, rex, OpcodeMap.ONE_BYTE, op, false, 1);
                case 5 -> operands(start, prefixes, rex, OpcodeMap.ONE_BYTE, op, false, z);
                default -> operands(start, prefixes, rex, OpcodeMap.ONE_BYTE, op, true, 0);
            };
        }
        boolean modrm = switch (op) {
            case 0x63, 0x69, 0x6B, 0xC0, 0xC1, 0xC6, 0xC7, 0xD0, 0xD1, 0xD2, 0xD3, 0xF6, 0xF7, 0xFE, 0xFF -> true;
            default -> (op >= 0x80 && op <= 0x8F) || (op >= 0xD8 && op <= 0xDF);
        };
        int imm = switch (op) {
            case 0x6A, 0x6B, 0x80, 0x83, 0xA8, 0xC0, 0xC1, 0xC6, 0xCD, 0xEB -> 1;
            case 0x68, 0x69, 0x81, 0xA9, 0xC7 -> z;
            case 0xE8, 0xE9 -> 4;
            case 0xC2, 0xCA -> 2;
            case 0xC8 -> 3;
            case 0xA0, 0xA1, 0xA2, 0xA3 -> (prefixes & PREFIX_ADDRESS_SIZE) != 0 ? 4 : 8;
            default -> (op >= 0x70 && op <= 0x7F) || (op >= 0xB0 && op <= 0xB7) || (op >= 0xE0 && op <= 0xE7) ? 1
                            : op >= 0xB8 && op <= 0xBF ? ((rex & 8) != 0 ? 8 : z) : 0;
        };
        if (op == 0xF6 || op == 0xF7) {   // test r/m, imm is /0 and /1 of group 3
            int digit = (peek() >> 3) & 7;
            if (peek() >= 0 && digit < 2) {
                imm = op == 0xF6 ? 1 : z;
            }
        }
        return operands(start, prefixes, rex, OpcodeMap.ONE_BYTE, op, modrm, imm);
    }

    private X86Instruction twoByte(int start, int prefixes, int rex, int op) throws X86DecodeException {
        boolean modrm = switch (op) {
            case 0x05, 0x06, 0x07, 0x08, 0x09, 0x0B, 0x0E, 0x77, 0xA0, 0xA1, 0xA2, 0xA8, 0xA9, 0xAA -> false;
            case 0x04, 0x0A, 0x0C, 0x24, 0x25, 0x26, 0x27, 0x36, 0x39, 0x3B, 0x3C, 0x3D, 0x3E, 0x3F, 0x7A, 0x7B ->
                throw new X86DecodeException(String.format("opcode 0F %02X is undefined", op));
            default -> !((op >= 0x30 && op <= 0x37) || (op >= 0x80 && op <= 0x8F) || (op >= 0xC8 && op <= 0xCF));
        };
        int imm = switch (op) {
            case 0x70, 0x71, 0x72, 0x73, 0xA4, 0xAC, 0xBA, 0xC2, 0xC4, 0xC5, 0xC6, 0x0F -> 1;
            default -> op >= 0x80 && op <= 0x8F ? 4 : 0;
        };
        return operands(start, prefixes, rex, OpcodeMap.TWO_BYTE, op, modrm, imm);
    }

    /** VEX (C4, C5), EVEX (62) and XOP (8F): decoded for their length only. */
    private X86Instruction vector(int start, int prefixes, int escape) throws X86DecodeException {
        int map;
        int opcode;
        if (escape == 0xC5) {
            next();
            map = 1;
        } else if (escape == 0xC4 || escape == 0x8F) {
            map = next() & 0x1F;
            next();
        } else {
            map = next() & 7;
            next();
            next();
        }
        opcode = next();
        boolean modrm = !(escape != 0x62 && escape != 0x8F && map == 1 && opcode == 0x77);   // vzeroupper/vzeroall
        int imm;
        if (escape == 0x8F) {
            imm = map == 8 ? 1 : map == 0x0A ? 4 : 0;
        } else {
            imm = map == 3 || (map == 1 && (opcode >= 0x70 && opcode <= 0x73 || opcode == 0xC2 || (opcode >= 0xC4 && opcode <= 0xC6))) ? 1 : 0;
        }
        return operands(start, prefixes, 0, OpcodeMap.VECTOR, opcode, modrm, imm);
    }

    /** ModRM (if any), SIB, displacement and an immediate of {@code imm} bytes. */
    private X86Instruction operands(int start, int prefixes, int rex, OpcodeMap map, int op, boolean hasModrm, int imm)
                    throws X86DecodeException {
        int modrm = -1;
        int reg = (op & 7) | ((rex & 1) << 3);   // for opcodes that name a register in their low bits
        boolean memory = false;
        int rm = -1;
        int base = -1;
        int index = -1;
        boolean rip = false;
        if (hasModrm) {
            modrm = next();
            int mod = modrm >> 6;
            reg = ((modrm >> 3) & 7) | ((rex & 4) << 1);
            int low = modrm & 7;
            if (mod == 3) {
                rm = low | ((rex & 1) << 3);
            } else {
                memory = true;
                int disp = mod == 1 ? 1 : mod == 2 ? 4 : 0;
                if (low == 4) {
                    int sib = next();
                    int x = ((sib >> 3) & 7) | ((rex & 2) << 2);
                    index = x == 4 ? -1 : x;
                    int b = sib & 7;
                    if (b == 5 && mod == 0) {
                        disp = 4;
                    } else {
                        base = b | ((rex & 1) << 3);
                    }
                } else if (low == 5 && mod == 0) {
                    rip = true;
                    disp = 4;
                } else {
                    base = low | ((rex & 1) << 3);
                }
                for (int k = 0; k < disp; k++) {
                    next();
                }
            }
        }
        long value = 0;
        for (int k = 0; k < imm; k++) {
            value |= (long) next() << (8 * k);
        }
        if (imm > 0 && imm < 8) {
            value = (value << (64 - 8 * imm)) >> (64 - 8 * imm);
        }
        return new X86Instruction(start, p - start, prefixes, rex, map, op, modrm, reg, memory, rm, base, index, rip, value, imm);
    }
}
