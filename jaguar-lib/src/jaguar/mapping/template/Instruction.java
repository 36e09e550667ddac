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

    /**
     * Line of the template text this instruction came from.
     *
     * @return the 1-based source line, counting every line of the text (comment and blank lines
     *         included); instructions separated by {@code ;} share a line
     */
    int line();

    /**
     * Name of the value this instruction defines, or null.
     *
     * @return the result's name, unique within the template; null if the instruction defines no
     *         value (a store, a fence, a {@code syscall} or {@code x86} whose result is not named)
     */
    default String result() {
        return null;
    }

    /**
     * {@code r = load.W.ORDER [addr]}: a load, sign- or zero-extended as the width says.
     *
     * @param line the 1-based line of the template text it came from
     * @param result the name of the loaded value
     * @param width the access size; {@code u8}/{@code u16} zero-extend, {@code i8}/{@code i16}
     *        sign-extend
     * @param order plain (the default), opaque, acquire or volatile; the checker refuses release
     * @param address where to load from; ordered loads must be naturally aligned
     */
    record Load(int line, String result, Width width, Order order, Address address) implements Instruction {
    }

    /**
     * {@code store.W.ORDER [addr], value}: the value is truncated to the width.
     *
     * @param line the 1-based line of the template text it came from
     * @param width the access size
     * @param order plain (the default), opaque, release or volatile; the checker refuses acquire
     * @param address where to store; ordered stores must be naturally aligned
     * @param value what to store: an i64 for {@code i64}, a 32-bit or narrower value otherwise
     */
    record Store(int line, Width width, Order order, Address address, Operand value) implements Instruction {
    }

    /**
     * {@code fence.load}, {@code fence.store}, {@code fence.full}, {@code sfence}.
     *
     * @param line the 1-based line of the template text it came from
     * @param kind which fence
     */
    record Fence(int line, FenceKind kind) implements Instruction {
    }

    /**
     * {@code r = bswap.W v}: byte-reverse a 16/32/64-bit value.
     *
     * @param line the 1-based line of the template text it came from
     * @param result the name of the reversed value, of the width's type
     * @param width {@code i16}, {@code u16}, {@code i32} or {@code i64}: how many low bytes are
     *        reversed, and how a 16-bit result is extended
     * @param value the value to reverse: an i64 for {@code i64}, a 32-bit or narrower value otherwise
     */
    record ByteSwap(int line, String result, Width width, Operand value) implements Instruction {
    }

    /**
     * {@code ok = cas.W.ORDER [addr], expected, new}: atomic compare-and-set, bool result.
     *
     * @param line the 1-based line of the template text it came from
     * @param result the name of the outcome: 1 if the value was {@code expected} and is now
     *        {@code newValue}, 0 otherwise
     * @param width {@code i32} or {@code i64}
     * @param order the {@code VarHandle} mode of the access; volatile by default
     * @param address the naturally aligned location
     * @param expected the value the location must hold for the store to happen
     * @param newValue the value stored if it does
     */
    record CompareAndSet(int line, String result, Width width, Order order, Address address, Operand expected, Operand newValue)
                    implements Instruction {
    }

    /**
     * {@code old = cmpxchg.W.ORDER [addr], expected, new}: compare-and-exchange, witness result.
     *
     * @param line the 1-based line of the template text it came from
     * @param result the name of the witness: the value the location held before, which equals
     *        {@code expected} exactly when the exchange happened
     * @param width {@code i32} or {@code i64}
     * @param order the {@code VarHandle} mode of the access; volatile by default
     * @param address the naturally aligned location
     * @param expected the value the location must hold for the store to happen
     * @param newValue the value stored if it does
     */
    record CompareAndExchange(int line, String result, Width width, Order order, Address address, Operand expected, Operand newValue)
                    implements Instruction {
    }

    /**
     * {@code old = getadd.W [addr], delta}: atomic fetch-and-add (volatile order).
     *
     * @param line the 1-based line of the template text it came from
     * @param result the name of the value the location held before the addition
     * @param width {@code i32} or {@code i64}
     * @param address the naturally aligned location
     * @param delta what is added, wrapping on overflow
     */
    record GetAndAdd(int line, String result, Width width, Address address, Operand delta) implements Instruction {
    }

    /**
     * {@code old = getset.W [addr], value}: atomic exchange (volatile order).
     *
     * @param line the 1-based line of the template text it came from
     * @param result the name of the value the location held before
     * @param width {@code i32} or {@code i64}
     * @param address the naturally aligned location
     * @param value the value stored
     */
    record GetAndSet(int line, String result, Width width, Address address, Operand value) implements Instruction {
    }

    /**
     * {@code r = add a, b}: integer addition, both i64 or both int, wrapping on overflow.
     *
     * @param line the 1-based line of the template text it came from
     * @param result the name of the sum: i64 if the operands are, i32 otherwise
     * @param left the first operand; at most one of the two may be a constant
     * @param right the second operand
     */
    record Add(int line, String result, Operand left, Operand right) implements Instruction {
    }

    /**
     * {@code pause}: the spin-wait hint.
     *
     * @param line the 1-based line of the template text it came from
     */
    record SpinWait(int line) implements Instruction {
    }

    /**
     * {@code prefetch.HINT [addr]}: a cache hint; never faults.
     *
     * @param line the 1-based line of the template text it came from
     * @param hint the cache level asked for; {@code t0} by default
     * @param address the line to prefetch; any address, valid or not
     */
    record Prefetch(int line, PrefetchHint hint, Address address) implements Instruction {
    }

    /**
     * {@code t = rdtsc}: the 64-bit time-stamp counter.
     *
     * @param line the 1-based line of the template text it came from
     * @param result the name of the counter's value, an i64 in ticks
     */
    record Timestamp(int line, String result) implements Instruction {
    }

    /**
     * {@code r = syscall number, a1, ..., a6}: a Linux x86-64 system call, made inline (no libc,
     * no thread-state change): the number in rax, up to six i64 arguments in rdi, rsi, rdx, r10,
     * r8, r9; the result is the kernel's rax (a negative errno on failure). The kernel may read
     * and write any memory, so the optimiser treats it as a full memory barrier. It runs in Java
     * thread state, where a call that blocks holds up every safepoint: the number must be a
     * constant among {@link NonBlockingSyscalls}.
     *
     * @param line the 1-based line of the template text it came from
     * @param result the name of the kernel's answer, an i64; null if the call's result is not
     *        named (written {@code syscall n, ...} without {@code r =})
     * @param number the system call number; the checker accepts only a constant that
     *        {@link NonBlockingSyscalls#allows} allows
     * @param arguments the arguments, i64 each, in the kernel's order; at most
     *        {@link #MAX_ARGUMENTS}, unmodifiable
     */
    record SystemCall(int line, String result, Operand number, List<Operand> arguments) implements Instruction {
        /** Most arguments a system call takes after its number: the six argument registers. */
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
     *
     * @param line the 1-based line of the template text it came from
     * @param result the name of the output's value; null exactly when there is no {@code out}
     * @param code the machine code, 1 to {@link TemplateParser#MAX_CODE_BYTES} bytes; the array is
     *        shared, not copied, and must not be changed
     * @param inputs the {@code in(...)} bindings, in written order, each register at most once;
     *        unmodifiable
     * @param output the {@code out} register, or null if the bytes produce no result
     * @param output32 whether {@code out} named the 32-bit form ({@code eax}, {@code r8d}, ...),
     *        making the result an i32
     * @param clobbers the {@code clobber(...)} registers, which the bytes may write besides the
     *        output; unmodifiable
     * @param writes the registers the verifier found written, as a mask with bit
     *        {@link X86Register#encoding()} set for each; 0 until checked
     * @param touchesMemory whether the verifier found that the bytes access or order memory;
     *        {@code true} until checked
     */
    record ByteTemplate(int line, String result, byte[] code, List<Binding> inputs, X86Register output, boolean output32,
                    List<X86Register> clobbers, int writes, boolean touchesMemory) implements Instruction {

        /**
         * One {@code reg=value} input binding.
         *
         * @param register the register the value is placed in before the bytes run
         * @param value the value: a parameter, an earlier result (a 32-bit one sign-extended to
         *        64 bits) or a constant
         */
        public record Binding(X86Register register, Operand value) {
        }

        ByteTemplate withVerified(int verifiedWrites, boolean verifiedTouchesMemory) {
            return new ByteTemplate(line, result, code, inputs, output, output32, clobbers, verifiedWrites, verifiedTouchesMemory);
        }
    }

    /**
     * {@code return v}: the mapped method's result; must be last.
     *
     * @param line the 1-based line of the template text it came from
     * @param value the result; its type must fit the method's return type (any value of 32 bits
     *        or fewer fits {@code int})
     */
    record Return(int line, Operand value) implements Instruction {
    }
}
