/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.x86;

import java.util.HexFormat;

/**
 * One decoded x86-64 instruction: its bytes' structure, not its meaning ({@link X86AllowList}
 * gives that). Register numbers are the encoding's (rax = 0 ... r15 = 15), REX/VEX extensions
 * applied.
 *
 * @param offset where it starts in the template's bytes
 * @param length its length in bytes
 * @param prefixes the legacy prefixes present, a mask of the {@code PREFIX_*} bits
 * @param rex the REX byte, or 0
 * @param map the opcode map
 * @param opcode the opcode byte within its map
 * @param modrm the ModRM byte, or -1 when the opcode has none
 * @param reg ModRM.reg extended by REX.R (for an opcode with a register in its low bits, that register)
 * @param memory whether the r/m operand is memory (else, with a ModRM, it is register {@code rm})
 * @param rm ModRM.rm extended by REX.B when the operand is a register
 * @param base the memory operand's base register, or -1
 * @param index its index register, or -1
 * @param ripRelative a [rip + disp32] operand
 * @param immediate the immediate's value, sign-extended from its size
 * @param immediateSize the immediate's size in bytes (0 if none)
 */
public record X86Instruction(int offset, int length, int prefixes, int rex, OpcodeMap map, int opcode, int modrm, int reg,
                boolean memory, int rm, int base, int index, boolean ripRelative, long immediate, int immediateSize) {

    public static final int PREFIX_LOCK = 1, PREFIX_REP = 2, PREFIX_REPNE = 4, PREFIX_OPERAND_SIZE = 8, PREFIX_ADDRESS_SIZE = 16,
                    PREFIX_SEGMENT = 32;

    /** Where the opcode byte was found. */
    public enum OpcodeMap {
        ONE_BYTE, TWO_BYTE, THREE_BYTE_38, THREE_BYTE_3A,
        /** VEX-, EVEX- or XOP-encoded: vector (or vector-encoded) instructions. */
        VECTOR
    }

    public boolean has(int prefix) {
        return (prefixes & prefix) != 0;
    }

    public boolean rexW() {
        return (rex & 8) != 0;
    }

    /** ModRM.reg without REX.R: the /digit of a group opcode. */
    public int digit() {
        return (modrm >> 3) & 7;
    }

    /** A memory operand with neither base nor index: an absolute address. */
    public boolean absolute() {
        return memory && !ripRelative && base < 0 && index < 0;
    }

    /** The instruction's bytes in hex, for messages. */
    public String hex(byte[] code) {
        return HexFormat.ofDelimiter(" ").withUpperCase().formatHex(code, offset, offset + length);
    }
}
