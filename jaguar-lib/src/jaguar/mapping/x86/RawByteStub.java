/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.x86;

import java.io.ByteArrayOutputStream;
import java.util.List;

import jaguar.mapping.template.Instruction.ByteTemplate;
import jaguar.mapping.template.Operand;
import jaguar.mapping.template.ValueType;
import jaguar.mapping.template.X86Register;

/**
 * A checked raw byte template as a System V function, so that the template's own bytes can be the
 * Java body of its mapping (through an FFM downcall, {@code jaguar.mapping.RawBytes}): the
 * interpreter and C1 then do exactly what C2's inlined bytes do. The function takes the mapped
 * method's parameters in order and returns the template's output.
 *
 * <p>Layout: save the callee-saved registers the bytes write or the inputs occupy (rbx, r13, r14;
 * the verifier refuses rbp, r12 and r15); spill the argument registers; load each declared input
 * from its spill or stack slot (an int-slot value sign-extended to 64 bits, as C2 does) or as a
 * constant; the bytes; the output into rax; restore; ret. Reading every input from memory makes the
 * argument-to-register permutation correct whatever cycles it has. The bytes cannot reach the
 * stack: the verifier refuses rsp as an operand and every register not declared as an input.
 */
public final class RawByteStub {
    private static final int[] ARGUMENT_REGISTERS = {7, 6, 2, 1, 8, 9}; // rdi rsi rdx rcx r8 r9
    private static final int CALLEE_SAVED_NAMEABLE = 1 << 3 | 1 << 13 | 1 << 14; // rbx r13 r14
    private static final int RAX = 0, RSP = 4;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private RawByteStub() {
    }

    /**
     * The stub's code for {@code template} (checked: its {@code writes} set by the verifier) of a
     * method whose parameters have {@code parameterTypes}.
     */
    public static byte[] build(ByteTemplate template, List<ValueType> parameterTypes) {
        RawByteStub s = new RawByteStub();
        int occupied = template.writes();
        for (ByteTemplate.Binding in : template.inputs()) {
            occupied |= 1 << in.register().encoding();
        }
        int saved = occupied & CALLEE_SAVED_NAMEABLE;
        int pushes = Integer.bitCount(saved);
        for (int r = 0; r < 16; r++) {
            if ((saved & 1 << r) != 0) {
                s.push(r);
            }
        }
        int spilled = Math.min(parameterTypes.size(), ARGUMENT_REGISTERS.length);
        int spillBytes = 8 * spilled;
        if (spillBytes > 0) {
            s.addRsp(-spillBytes);
            for (int i = 0; i < spilled; i++) {
                s.storeToStack(ARGUMENT_REGISTERS[i], 8 * i);
            }
        }
        for (ByteTemplate.Binding in : template.inputs()) {
            int r = in.register().encoding();
            switch (in.value()) {
                case Operand.Constant c -> s.moveImmediate(r, c.value());
                case Operand.Parameter p -> {
                    // Parameters past the sixth are the caller's stack arguments, above the
                    // return address and the saved registers.
                    int slot = p.index() < spilled ? 8 * p.index() : spillBytes + 8 * pushes + 8 + 8 * (p.index() - ARGUMENT_REGISTERS.length);
                    boolean wide = parameterTypes.get(p.index()) == ValueType.I64;
                    s.loadFromStack(r, slot, wide);
                }
                case Operand.Local l -> throw new IllegalArgumentException(
                        "input " + in.register() + " is bound to '" + l.name() + "', a result of another instruction");
            }
        }
        s.out.writeBytes(template.code());
        X86Register output = template.output();
        if (output != null && (output.encoding() != RAX || template.output32())) {
            s.moveToRax(output.encoding(), !template.output32());
        }
        if (spillBytes > 0) {
            s.addRsp(spillBytes);
        }
        for (int r = 15; r >= 0; r--) {
            if ((saved & 1 << r) != 0) {
                s.pop(r);
            }
        }
        s.out.write(0xC3); // ret
        return s.out.toByteArray();
    }

    private void push(int r) {
        if (r >= 8) {
            out.write(0x41);
        }
        out.write(0x50 + (r & 7));
    }

    private void pop(int r) {
        if (r >= 8) {
            out.write(0x41);
        }
        out.write(0x58 + (r & 7));
    }

    /** {@code add rsp, imm32} (or sub, for a negative amount). */
    private void addRsp(int amount) {
        out.write(0x48);
        out.write(0x81);
        out.write(amount >= 0 ? 0xC4 : 0xEC);
        imm32(Math.abs(amount));
    }

    /** {@code mov [rsp + disp32], r64}. */
    private void storeToStack(int r, int disp) {
        out.write(0x48 | (r >= 8 ? 0x04 : 0));
        out.write(0x89);
        rspOperand(r, disp);
    }

    /** {@code mov r64, [rsp + disp32]}, or {@code movsxd r64, dword [rsp + disp32]}. */
    private void loadFromStack(int r, int disp, boolean wide) {
        out.write(0x48 | (r >= 8 ? 0x04 : 0));
        out.write(wide ? 0x8B : 0x63);
        rspOperand(r, disp);
    }

    /** {@code mov r64, imm64}. */
    private void moveImmediate(int r, long value) {
        out.write(0x48 | (r >= 8 ? 0x01 : 0));
        out.write(0xB8 + (r & 7));
        for (int i = 0; i < 8; i++) {
            out.write((int) (value >>> (8 * i)) & 0xFF);
        }
    }

    /** {@code mov rax, r64}, or {@code mov eax, r32} (which clears rax's upper half). */
    private void moveToRax(int r, boolean wide) {
        int rex = (wide ? 0x48 : 0x40) | (r >= 8 ? 0x01 : 0);
        if (rex != 0x40) {
            out.write(rex);
        }
        out.write(0x8B);
        out.write(0xC0 | (r & 7)); // mod=11, reg=rax, rm=r
    }

    /** ModRM mod=10 (disp32) with rm=100 and a SIB naming rsp as base, no index. */
    private void rspOperand(int reg, int disp) {
        out.write(0x80 | (reg & 7) << 3 | 0x04);
        out.write(0x20 | RSP); // scale 1, index none (100), base rsp
        imm32(disp);
    }

    private void imm32(int v) {
        for (int i = 0; i < 4; i++) {
            out.write(v >>> (8 * i) & 0xFF);
        }
    }
}
