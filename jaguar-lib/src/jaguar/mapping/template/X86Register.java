/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

/**
 * General-purpose registers a byte template may name. {@code rsp}, {@code rbp}, {@code r12}
 * (compressed-oop base) and {@code r15} (current thread) belong to HotSpot and are refused.
 */
public enum X86Register {
    /** {@code rax}, register number 0. */
    RAX(0),
    /** {@code rcx}, register number 1. */
    RCX(1),
    /** {@code rdx}, register number 2. */
    RDX(2),
    /** {@code rbx}, register number 3 (callee-saved in the native ABI). */
    RBX(3),
    /** {@code rsi}, register number 6. */
    RSI(6),
    /** {@code rdi}, register number 7. */
    RDI(7),
    /** {@code r8}, register number 8. */
    R8(8),
    /** {@code r9}, register number 9. */
    R9(9),
    /** {@code r10}, register number 10. */
    R10(10),
    /** {@code r11}, register number 11. */
    R11(11),
    /** {@code r13}, register number 13 (callee-saved in the native ABI). */
    R13(13),
    /** {@code r14}, register number 14 (callee-saved in the native ABI). */
    R14(14);

    private final int encoding;

    X86Register(int encoding) {
        this.encoding = encoding;
    }

    /**
     * The register number in the x86-64 encoding (rax=0 ... r15=15).
     *
     * @return 0 to 15: the low three bits go in ModRM or SIB, the fourth in REX; also the bit of
     *         this register in {@link Instruction.ByteTemplate#writes()}
     */
    public int encoding() {
        return encoding;
    }

    static X86Register parse(String s) {
        for (X86Register r : values()) {
            if (r.name().equalsIgnoreCase(s)) {
                return r;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
