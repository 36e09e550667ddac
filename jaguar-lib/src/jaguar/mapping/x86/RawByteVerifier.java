/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.x86;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks a raw byte template against the JIT's contract (doc/code-mappings.md, "Raw bytes"): it
 * decodes to whole instructions, every one of them on the allow-list and available on this CPU;
 * it reaches memory only through its declared input registers; and it writes no
 * general-purpose register but its declared output and clobbers. The registers it does write,
 * implicit writes included, are what a JIT must treat as destroyed; flags always are.
 */
public final class RawByteVerifier {
    /** Registers HotSpot keeps for itself: rsp, rbp, r12 (heap base), r15 (thread). */
    private static final int RESERVED = 1 << 4 | 1 << 5 | 1 << 12 | 1 << 15;

    private RawByteVerifier() {
    }

    /**
     * The accepted bytes: their instructions, the registers they write (a mask by number), and
     * whether any instruction accesses memory or orders it (a JIT keeps such bytes a barrier
     * over all memory; others it orders by control alone).
     */
    public record Verified(List<Decoded> instructions, int writes, boolean touchesMemory) {
    }

    /** One instruction with what the allow-list says of it. */
    public record Decoded(X86Instruction instruction, X86AllowList.Allowed meaning) {
    }

    /**
     * Verifies {@code code}. {@code inputs} is the mask of registers the template loads with
     * values, {@code mayWrite} the mask of its output and clobbers.
     */
    public static Verified verify(byte[] code, int inputs, int mayWrite) throws RawBytesRefused {
        List<Decoded> out = new ArrayList<>();
        int writes = 0;
        boolean touchesMemory = false;
        for (int at = 0; at < code.length;) {
            X86Instruction i;
            try {
                i = X86Decoder.decode(code, at);
            } catch (X86DecodeException e) {
                throw new RawBytesRefused(at, hexFrom(code, at), null, e.getMessage());
            }
            X86AllowList.Allowed a;
            try {
                a = X86AllowList.classify(i);
            } catch (X86Refusal r) {
                throw new RawBytesRefused(at, i.hex(code), r.mnemonic(), r.getMessage());
            }
            if (a.feature() != null && !CpuFeatures.has(a.feature())) {
                throw new RawBytesRefused(at, i.hex(code), a.mnemonic(), "this CPU lacks it (no '" + a.feature() + "' in /proc/cpuinfo)");
            }
            boolean accesses = (i.memory() && a.memory() == X86AllowList.MemoryUse.ACCESS) || a.stringRegisters() != 0;
            if (accesses && !X86AllowList.steppableAfterFault(i)) {
                throw new RawBytesRefused(at, i.hex(code), a.mnemonic(), "HotSpot could not step over this instruction if its memory "
                                + "access faulted (a file truncated under a mapping): the JVM would stop; use a 32- or 64-bit "
                                + "register form, or a typed operation");
            }
            if (i.memory() && a.memory() == X86AllowList.MemoryUse.ACCESS) {
                if (i.ripRelative()) {
                    throw new RawBytesRefused(at, i.hex(code), a.mnemonic(), "a RIP-relative memory operand is not allowed");
                }
                if (i.absolute()) {
                    throw new RawBytesRefused(at, i.hex(code), a.mnemonic(), "an absolute memory operand is not allowed");
                }
                addressRegister(code, i, a, i.base(), inputs);
                addressRegister(code, i, a, i.index(), inputs);
            }
            for (int r = 0; r < 16; r++) {
                if ((a.stringRegisters() & (1 << r)) != 0) {
                    addressRegister(code, i, a, r, inputs);
                }
            }
            int undeclared = a.writes() & ~mayWrite;
            if (undeclared != 0) {
                int r = Integer.numberOfTrailingZeros(undeclared);
                throw new RawBytesRefused(at, i.hex(code), a.mnemonic(), "writes " + name(r) + ((RESERVED & (1 << r)) != 0
                                ? ", which HotSpot reserves" : ", which is neither the declared output nor a clobber"));
            }
            writes |= a.writes();
            touchesMemory |= accesses || a.ordersMemory();
            out.add(new Decoded(i, a));
            at += i.length();
        }
        return new Verified(List.copyOf(out), writes, touchesMemory);
    }

    private static void addressRegister(byte[] code, X86Instruction i, X86AllowList.Allowed a, int r, int inputs) throws RawBytesRefused {
        if (r >= 0 && (inputs & (1 << r)) == 0) {
            throw new RawBytesRefused(i.offset(), i.hex(code), a.mnemonic(), "addresses memory through " + name(r)
                            + ", which is not a declared input (memory is reached only through input registers)");
        }
    }

    private static String hexFrom(byte[] code, int at) {
        return java.util.HexFormat.ofDelimiter(" ").withUpperCase().formatHex(code, at, Math.min(code.length, at + X86Decoder.MAX_LENGTH));
    }

    /** rax ... r15. */
    public static String name(int r) {
        return new String[] {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"}[r];
    }
}
