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
    RAX(0), RCX(1), RDX(2), RBX(3), RSI(6), RDI(7), R8(8), R9(9), R10(10), R11(11), R13(13), R14(14);

    private final int encoding;

    X86Register(int encoding) {
        this.encoding = encoding;
    }

    /** The register number in the x86-64 encoding (rax=0 ... r15=15). */
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
