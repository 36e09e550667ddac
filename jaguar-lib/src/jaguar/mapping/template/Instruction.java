/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

import java.util.List;

/**
 * The instruction set of the template language. Every instruction is typed, none jumps, so a
 * template is a straight line of at most {@link TemplateChecker#MAX_INSTRUCTIONS} operations.
 * {@code line} is the 1-based source line, for error messages.
 */
public sealed interface Instruction {

    /** Line of the template text this instruction came from. */
    int line();

    /** Name of the value this instruction defines, or null. */
    default String result() {
        return null;
    }

    /** {@code r = load.W.ORDER [addr]}. */
    record Load(int line, String result, Width width, Order order, Address address) implements Instruction {
    }

    /** {@code store.W.ORDER [addr], value}: the value is truncated to the width. */
    record Store(int line, Width width, Order order, Address address, Operand value) implements Instruction {
    }

    /** {@code fence.load}, {@code fence.store}, {@code fence.full}, {@code sfence}. */
    record Fence(int line, FenceKind kind) implements Instruction {
    }

    /** {@code r = bswap.W v}: byte-reverse a 16/32/64-bit value. */
    record ByteSwap(int line, String result, Width width, Operand value) implements Instruction {
    }

    /** {@code ok = cas.W.ORDER [addr], expected, new}: atomic compare-and-set, bool result. */
    record CompareAndSet(int line, String result, Width width, Order order, Address address, Operand expected, Operand newValue)
                    implements Instruction {
    }

    /** {@code old = cmpxchg.W.ORDER [addr], expected, new}: compare-and-exchange, witness result. */
    record CompareAndExchange(int line, String result, Width width, Order order, Address address, Operand expected, Operand newValue)
                    implements Instruction {
    }

    /** {@code old = getadd.W [addr], delta}: atomic fetch-and-add (volatile order). */
    record GetAndAdd(int line, String result, Width width, Address address, Operand delta) implements Instruction {
    }

    /** {@code old = getset.W [addr], value}: atomic exchange (volatile order). */
    record GetAndSet(int line, String result, Width width, Address address, Operand value) implements Instruction {
    }

    /** {@code r = add a, b}: integer addition, both i64 or both int. */
    record Add(int line, String result, Operand left, Operand right) implements Instruction {
    }

    /** {@code pause}: the spin-wait hint. */
    record SpinWait(int line) implements Instruction {
    }

    /** {@code prefetch.HINT [addr]}: a cache hint; never faults. */
    record Prefetch(int line, PrefetchHint hint, Address address) implements Instruction {
    }

    /** {@code t = rdtsc}: the 64-bit time-stamp counter. */
    record Timestamp(int line, String result) implements Instruction {
    }

    /**
     * {@code r = syscall number, a1, ..., a6}: a Linux x86-64 system call, made inline (no libc,
     * no thread-state change): the number in rax, up to six i64 arguments in rdi, rsi, rdx, r10,
     * r8, r9; the result is the kernel's rax (a negative errno on failure). The kernel may read
     * and write any memory, so the optimiser treats it as a full memory barrier. It runs in Java
     * thread state, where a call that blocks holds up every safepoint: the number must be a
     * constant among {@link NonBlockingSyscalls}.
     */
    record SystemCall(int line, String result, Operand number, List<Operand> arguments) implements Instruction {
        public static final int MAX_ARGUMENTS = 6;
    }

    /**
     * {@code r = x86 "hex bytes" in(reg=v, ...) out(reg) clobber(reg, ...)}: raw machine code, the
     * escape hatch. Inputs are placed in the named registers, the output (64-bit unless named as
     * its 32-bit form, e.g. {@code eax}) read from one; the bytes may write only the output and
     * the clobbers. {@code writes} and {@code touchesMemory} are what the checker's raw byte
     * verifier found: the registers the bytes write (a mask by register number, implicit writes
     * included; 0 as parsed, the JITs' kill set once checked), and whether they access or order
     * memory (true as parsed): if they do, the template is a full memory barrier for the
     * optimiser; if not, it is ordered by control only, as rdtsc is.
     */
    record ByteTemplate(int line, String result, byte[] code, List<Binding> inputs, X86Register output, boolean output32,
                    List<X86Register> clobbers, int writes, boolean touchesMemory) implements Instruction {

        /** One {@code reg=value} input binding. */
        public record Binding(X86Register register, Operand value) {
        }

        ByteTemplate withVerified(int verifiedWrites, boolean verifiedTouchesMemory) {
            return new ByteTemplate(line, result, code, inputs, output, output32, clobbers, verifiedWrites, verifiedTouchesMemory);
        }
    }

    /** {@code return v}: the mapped method's result; must be last. */
    record Return(int line, Operand value) implements Instruction {
    }
}
