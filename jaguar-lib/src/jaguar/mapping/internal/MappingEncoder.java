/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.internal;

import static jaguar.mapping.internal.MappingEncodingDescriptor.*;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jaguar.mapping.template.Address;
import jaguar.mapping.template.Instruction;
import jaguar.mapping.template.Operand;
import jaguar.mapping.template.Template;
import jaguar.mapping.template.ValueType;
import jaguar.mapping.template.Width;

/**
 * Writes a checked {@link Template} in the layout of {@link MappingEncodingDescriptor}. Constants
 * take the type their use gives them (as in the template language), so one literal used as an
 * i32 and as an i64 becomes two slots.
 */
public final class MappingEncoder {
    private final Template template;
    private final List<long[]> slots = new ArrayList<>();            // {kind, type, parameter, constant}
    private final Map<Integer, Integer> parameterSlots = new HashMap<>();
    private final Map<String, Integer> resultSlots = new HashMap<>();
    private final Map<List<Long>, Integer> constantSlots = new HashMap<>();
    private final ByteArrayOutputStream raw = new ByteArrayOutputStream();

    private MappingEncoder(Template template) {
        this.template = template;
    }

    /** The encoding of {@code template}, which the checker has accepted. */
    public static byte[] encode(Template template) {
        return new MappingEncoder(template).run();
    }

    private byte[] run() {
        List<ByteBuffer> code = new ArrayList<>();
        List<ValueType> params = template.signature().parameters();
        for (int i = 0; i < params.size(); i++) {
            if (params.get(i) != null) {
                parameterSlots.put(i, addSlot(SLOT_PARAMETER, typeCode(params.get(i)), i, 0));
            }
        }
        for (Instruction insn : template.instructions()) {
            code.add(instruction(insn));
        }
        if (slots.size() > MAX_SLOTS) {
            throw new IllegalArgumentException(template.signature().display() + ": template needs " + slots.size() + " values; the limit is " + MAX_SLOTS);
        }
        byte[] rawBytes = raw.toByteArray();
        ByteBuffer out = ByteBuffer.allocate(HEADER_LENGTH + slots.size() * SLOT_LENGTH + code.size() * INSTRUCTION_LENGTH + rawBytes.length)
                        .order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(MAGIC_OFFSET, MAGIC);
        out.put(VERSION_OFFSET, (byte) VERSION);
        out.put(SLOT_COUNT_OFFSET, (byte) slots.size());
        out.put(PARAMETER_COUNT_OFFSET, (byte) params.size());
        out.put(INSTRUCTION_COUNT_OFFSET, (byte) code.size());
        out.put(RETURN_TYPE_OFFSET, (byte) (template.signature().returnsVoid() ? TYPE_VOID
                        : template.signature().returnType() == null ? TYPE_OTHER : typeCode(template.signature().returnType())));
        out.put(FLAGS_OFFSET, (byte) (template.signature().isStatic() ? FLAG_STATIC : 0));
        out.putShort(RAW_LENGTH_OFFSET, (short) rawBytes.length);
        int at = HEADER_LENGTH;
        for (long[] s : slots) {
            out.put(at + SLOT_KIND_OFFSET, (byte) s[0]);
            out.put(at + SLOT_TYPE_OFFSET, (byte) s[1]);
            out.put(at + SLOT_PARAMETER_OFFSET, (byte) s[2]);
            out.putLong(at + SLOT_CONSTANT_OFFSET, s[3]);
            at += SLOT_LENGTH;
        }
        for (ByteBuffer insn : code) {
            out.put(at, insn, 0, INSTRUCTION_LENGTH);
            at += INSTRUCTION_LENGTH;
        }
        out.put(at, rawBytes);
        return out.array();
    }

    private ByteBuffer instruction(Instruction insn) {
        ByteBuffer b = ByteBuffer.allocate(INSTRUCTION_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        b.put(RESULT_OFFSET, (byte) NO_SLOT).put(BASE_OFFSET, (byte) NO_SLOT).put(INDEX_OFFSET, (byte) NO_SLOT)
                        .put(OPERAND_B_OFFSET, (byte) NO_SLOT).put(OPERAND_C_OFFSET, (byte) NO_SLOT);
        switch (insn) {
            case Instruction.Load l -> {
                op(b, OP_LOAD, l.width(), order(l.order()));
                address(b, l.address());
            }
            case Instruction.Store s -> {
                op(b, OP_STORE, s.width(), order(s.order()));
                address(b, s.address());
                b.put(OPERAND_B_OFFSET, slot(s.value(), wide(s.width())));
            }
            case Instruction.Fence f -> {
                switch (f.kind()) {
                    case LOAD -> op(b, OP_FENCE, null, FENCE_LOAD);
                    case STORE -> op(b, OP_FENCE, null, FENCE_STORE);
                    case FULL -> op(b, OP_FENCE, null, FENCE_FULL);
                    case X86_SFENCE -> op(b, OP_SFENCE, null, 0);
                }
            }
            case Instruction.ByteSwap s -> {
                op(b, OP_BSWAP, s.width(), 0);
                b.put(BASE_OFFSET, slot(s.value(), wide(s.width())));
            }
            case Instruction.CompareAndSet c -> {
                op(b, OP_CAS, c.width(), order(c.order()));
                address(b, c.address());
                b.put(OPERAND_B_OFFSET, slot(c.expected(), wide(c.width()))).put(OPERAND_C_OFFSET, slot(c.newValue(), wide(c.width())));
            }
            case Instruction.CompareAndExchange c -> {
                op(b, OP_CMPXCHG, c.width(), order(c.order()));
                address(b, c.address());
                b.put(OPERAND_B_OFFSET, slot(c.expected(), wide(c.width()))).put(OPERAND_C_OFFSET, slot(c.newValue(), wide(c.width())));
            }
            case Instruction.GetAndAdd g -> {
                op(b, OP_GETADD, g.width(), ORDER_VOLATILE);
                address(b, g.address());
                b.put(OPERAND_B_OFFSET, slot(g.delta(), wide(g.width())));
            }
            case Instruction.GetAndSet g -> {
                op(b, OP_GETSET, g.width(), ORDER_VOLATILE);
                address(b, g.address());
                b.put(OPERAND_B_OFFSET, slot(g.value(), wide(g.width())));
            }
            case Instruction.Add a -> {
                op(b, OP_ADD, null, 0);
                ValueType t = template.localTypes().get(a.result());
                b.put(BASE_OFFSET, slot(a.left(), t)).put(OPERAND_B_OFFSET, slot(a.right(), t));
            }
            case Instruction.SpinWait p -> op(b, OP_PAUSE, null, 0);
            case Instruction.Prefetch p -> {
                op(b, OP_PREFETCH, null, switch (p.hint()) {
                    case T0 -> PREFETCH_T0;
                    case T1 -> PREFETCH_T1;
                    case T2 -> PREFETCH_T2;
                    case NTA -> PREFETCH_NTA;
                    case W -> PREFETCH_W;
                });
                address(b, p.address());
            }
            case Instruction.Timestamp t -> op(b, OP_RDTSC, null, 0);
            case Instruction.SystemCall c -> {
                op(b, OP_SYSCALL, null, 0);
                int start = raw.size();
                raw.write(1 + c.arguments().size());
                raw.write(slot(c.number(), ValueType.I64));
                for (Operand a : c.arguments()) {
                    raw.write(slot(a, ValueType.I64));
                }
                b.putShort(RAW_OFFSET_OFFSET, (short) start).putShort(RAW_RECORD_LENGTH_OFFSET, (short) (raw.size() - start));
            }
            case Instruction.ByteTemplate bt -> {
                op(b, OP_BYTES, null, 0);
                int start = raw.size();
                raw.write(bt.code().length);
                raw.writeBytes(bt.code());
                raw.write(bt.inputs().size());
                for (Instruction.ByteTemplate.Binding in : bt.inputs()) {
                    ValueType t = template.typeOf(in.value());
                    raw.write(in.register().encoding());
                    raw.write(slot(in.value(), t == null ? ValueType.I64 : t));
                }
                raw.write(bt.output() == null ? NO_REGISTER : bt.output().encoding());
                raw.write(bt.output32() ? 1 : 0);
                raw.write(bt.writes() & 0xFF);
                raw.write(bt.writes() >>> 8);
                raw.write(bt.touchesMemory() ? 1 : 0);
                b.putShort(RAW_OFFSET_OFFSET, (short) start).putShort(RAW_RECORD_LENGTH_OFFSET, (short) (raw.size() - start));
            }
            case Instruction.Return r -> {
                op(b, OP_RETURN, null, 0);
                b.put(BASE_OFFSET, slot(r.value(), template.signature().returnType()));
            }
        }
        if (insn.result() != null) {
            int s = addSlot(SLOT_RESULT, typeCode(template.localTypes().get(insn.result())), 0, 0);
            resultSlots.put(insn.result(), s);
            b.put(RESULT_OFFSET, (byte) s);
        }
        return b;
    }

    private static void op(ByteBuffer b, int op, Width width, int mode) {
        b.put(OP_OFFSET, (byte) op).put(WIDTH_OFFSET, (byte) (width == null ? 0 : typeCode(width.valueType()))).put(MODE_OFFSET, (byte) mode);
    }

    private void address(ByteBuffer b, Address a) {
        b.put(BASE_OFFSET, slot(a.base(), ValueType.I64));
        if (a.index() != null) {
            ValueType t = template.typeOf(a.index());
            b.put(INDEX_OFFSET, slot(a.index(), t == null ? ValueType.I64 : t));
        }
        b.putInt(DISPLACEMENT_OFFSET, a.displacement());
    }

    private static ValueType wide(Width w) {
        return w == Width.I64 ? ValueType.I64 : ValueType.I32;
    }

    /** The slot of an operand; a constant gets {@code want}'s type (i64, or i32 for any int use). */
    private byte slot(Operand o, ValueType want) {
        int s = switch (o) {
            case Operand.Parameter p -> parameterSlots.get(p.index());
            case Operand.Local l -> resultSlots.get(l.name());
            case Operand.Constant c -> {
                int type = want == ValueType.I64 ? TYPE_I64 : TYPE_I32;
                long value = type == TYPE_I64 ? c.value() : (int) c.value();
                yield constantSlots.computeIfAbsent(List.of((long) type, value), k -> addSlot(SLOT_CONSTANT, type, 0, value));
            }
        };
        return (byte) s;
    }

    private int addSlot(int kind, int type, int parameter, long constant) {
        slots.add(new long[]{kind, type, parameter, constant});
        return slots.size() - 1;
    }

    static int typeCode(ValueType t) {
        return switch (t) {
            case I8 -> TYPE_I8;
            case U8 -> TYPE_U8;
            case I16 -> TYPE_I16;
            case U16 -> TYPE_U16;
            case I32 -> TYPE_I32;
            case I64 -> TYPE_I64;
            case BOOL -> TYPE_BOOL;
        };
    }

    private static int order(jaguar.mapping.template.Order o) {
        return switch (o) {
            case PLAIN -> ORDER_PLAIN;
            case OPAQUE -> ORDER_OPAQUE;
            case ACQUIRE -> ORDER_ACQUIRE;
            case RELEASE -> ORDER_RELEASE;
            case VOLATILE -> ORDER_VOLATILE;
        };
    }
}
