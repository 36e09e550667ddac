/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jaguar.mapping.x86.RawByteVerifier;
import jaguar.mapping.x86.RawBytesRefused;

/**
 * Type-checks parsed instructions against the mapped method's signature and enforces the
 * language's limits. Errors name the method, the template line and the fault.
 */
public final class TemplateChecker {
    /** Longest template accepted; mappings are meant to be a few machine instructions. */
    public static final int MAX_INSTRUCTIONS = 32;

    private final MethodSignature sig;
    private final Map<String, ValueType> locals = new HashMap<>();

    private TemplateChecker(MethodSignature sig) {
        this.sig = sig;
    }

    /**
     * Checks parsed instructions against a method: types, names defined before use and only once,
     * the instruction limit, a {@code return} of the right type where the method returns a value,
     * system call numbers, and raw bytes (through the raw byte verifier, whose findings the
     * returned {@link Instruction.ByteTemplate}s carry).
     *
     * @param sig the mapped method
     * @param code the instructions, as {@link TemplateParser#parse} made them
     * @return the checked template
     * @throws TemplateException at the first fault; the message names the method, the line and the fault
     */
    public static Template check(MethodSignature sig, List<Instruction> code) throws TemplateException {
        try {
            return new TemplateChecker(sig).run(code);
        } catch (TemplateException e) {
            throw new TemplateException(sig.display() + ": " + e.getMessage());
        }
    }

    private Template run(List<Instruction> code) throws TemplateException {
        if (code.isEmpty()) {
            throw new TemplateException("empty template");
        }
        if (code.size() > MAX_INSTRUCTIONS) {
            throw new TemplateException("template has " + code.size() + " instructions; the limit is " + MAX_INSTRUCTIONS);
        }
        boolean returned = false;
        List<Instruction> checked = new ArrayList<>(code.size());
        for (Instruction insn : code) {
            if (returned) {
                throw at(insn, "instruction after return");
            }
            ValueType defined = check(insn);
            if (insn instanceof Instruction.ByteTemplate b) {
                RawByteVerifier.Verified v = verify(b);
                checked.add(b.withVerified(v.writes(), v.touchesMemory()));
            } else {
                checked.add(insn);
            }
            if (insn.result() != null) {
                if (locals.containsKey(insn.result())) {
                    throw at(insn, "'" + insn.result() + "' is already defined; every result needs a new name");
                }
                locals.put(insn.result(), defined);
            }
            returned = insn instanceof Instruction.Return;
        }
        if (!sig.returnsVoid() && !returned) {
            throw new TemplateException("method returns " + sig.returnDescriptor() + " but the template has no 'return'");
        }
        return new Template(sig, List.copyOf(checked), Map.copyOf(locals));
    }

    private ValueType check(Instruction insn) throws TemplateException {
        switch (insn) {
            case Instruction.Load l -> {
                address(insn, l.address());
                if (l.order() == Order.RELEASE) {
                    throw at(insn, "a load cannot have release order (plain, opaque, acquire, volatile)");
                }
                return l.width().valueType();
            }
            case Instruction.Store s -> {
                address(insn, s.address());
                if (s.order() == Order.ACQUIRE) {
                    throw at(insn, "a store cannot have acquire order (plain, opaque, release, volatile)");
                }
                value(insn, s.value(), s.width() == Width.I64 ? ValueType.I64 : ValueType.I32, "stored value");
                return null;
            }
            case Instruction.Fence f -> {
                return null;
            }
            case Instruction.ByteSwap b -> {
                value(insn, b.value(), b.width() == Width.I64 ? ValueType.I64 : ValueType.I32, "bswap operand");
                return b.width().valueType();
            }
            case Instruction.CompareAndSet c -> {
                atomic(insn, c.address(), c.width(), c.expected(), c.newValue());
                return ValueType.BOOL;
            }
            case Instruction.CompareAndExchange c -> {
                atomic(insn, c.address(), c.width(), c.expected(), c.newValue());
                return c.width().valueType();
            }
            case Instruction.GetAndAdd g -> {
                atomic(insn, g.address(), g.width(), g.delta(), null);
                return g.width().valueType();
            }
            case Instruction.GetAndSet g -> {
                atomic(insn, g.address(), g.width(), g.value(), null);
                return g.width().valueType();
            }
            case Instruction.Add a -> {
                ValueType l = typeOrNull(insn, a.left());
                ValueType r = typeOrNull(insn, a.right());
                ValueType t = l != null ? l : r;
                if (t == null) {
                    throw at(insn, "add of two constants; write the sum");
                }
                ValueType want = t == ValueType.I64 ? ValueType.I64 : ValueType.I32;
                value(insn, a.left(), want, "left operand of add");
                value(insn, a.right(), want, "right operand of add");
                return want;
            }
            case Instruction.SpinWait p -> {
                return null;
            }
            case Instruction.Prefetch p -> {
                address(insn, p.address());
                return null;
            }
            case Instruction.Timestamp t -> {
                return ValueType.I64;
            }
            case Instruction.SystemCall c -> {
                if (!(c.number() instanceof Operand.Constant n) || !NonBlockingSyscalls.allows(n.value())) {
                    throw at(insn, (c.number() instanceof Operand.Constant n ? "system call " + n.value() + " may block"
                                    : "the system call number " + c.number() + " is not a constant")
                                    + ": a template's syscall runs in Java thread state, where a blocked call stalls every"
                                    + " safepoint of the VM; call it through FFM (java.lang.foreign.Linker), which runs it in"
                                    + " native state. A template may make: " + NonBlockingSyscalls.describe());
                }
                for (Operand a : c.arguments()) {
                    value(insn, a, ValueType.I64, "system call argument");
                }
                return c.result() == null ? null : ValueType.I64;
            }
            case Instruction.ByteTemplate b -> {
                java.util.Set<X86Register> used = java.util.EnumSet.noneOf(X86Register.class);
                for (Instruction.ByteTemplate.Binding in : b.inputs()) {
                    if (!used.add(in.register())) {
                        throw at(insn, "register " + in.register() + " is bound twice");
                    }
                    if (in.value() instanceof Operand.Constant) {
                        continue;
                    }
                    typeOrNull(insn, in.value());
                }
                return b.output() == null ? null : b.output32() ? ValueType.I32 : ValueType.I64;
            }
            case Instruction.Return r -> {
                if (sig.returnsVoid()) {
                    throw at(insn, "method returns void; remove 'return'");
                }
                if (sig.returnType() == null) {
                    throw at(insn, "method returns " + sig.returnDescriptor() + "; templates return integral values only");
                }
                ValueType t = typeOrNull(insn, r.value());
                if (t == null) {
                    constantFits(insn, (Operand.Constant) r.value(), sig.returnType());
                } else if (!t.assignableTo(sig.returnType())) {
                    throw at(insn, "returns a " + t + " value where the method returns " + sig.returnType() + " (" + sig.returnDescriptor() + ")");
                }
                return null;
            }
        }
    }

    /** What the raw byte verifier found, once it has accepted the bytes. */
    private static RawByteVerifier.Verified verify(Instruction.ByteTemplate b) throws TemplateException {
        int inputs = 0;
        for (Instruction.ByteTemplate.Binding in : b.inputs()) {
            inputs |= 1 << in.register().encoding();
        }
        int mayWrite = b.output() == null ? 0 : 1 << b.output().encoding();
        for (X86Register r : b.clobbers()) {
            mayWrite |= 1 << r.encoding();
        }
        try {
            return RawByteVerifier.verify(b.code(), inputs, mayWrite);
        } catch (RawBytesRefused e) {
            throw at(b, "x86 " + e.getMessage());
        }
    }

    private void atomic(Instruction insn, Address a, Width w, Operand v1, Operand v2) throws TemplateException {
        address(insn, a);
        ValueType want = w == Width.I64 ? ValueType.I64 : ValueType.I32;
        value(insn, v1, want, "operand");
        if (v2 != null) {
            value(insn, v2, want, "new value");
        }
    }

    private void address(Instruction insn, Address a) throws TemplateException {
        value(insn, a.base(), ValueType.I64, "address base");
        if (a.index() != null) {
            ValueType t = typeOrNull(insn, a.index());
            if (t == ValueType.BOOL) {
                throw at(insn, "address index " + a.index() + " is a bool");
            }
        }
    }

    /** Checks that {@code o} is usable where {@code want} (I32 meaning any int-slot type, or I64) is needed. */
    private void value(Instruction insn, Operand o, ValueType want, String role) throws TemplateException {
        ValueType t = typeOrNull(insn, o);
        if (t == null) {
            constantFits(insn, (Operand.Constant) o, want);
        } else if (want == ValueType.I64 ? t != ValueType.I64 : t == ValueType.I64) {
            throw at(insn, role + " " + o + " is " + t + " but must be " + (want == ValueType.I64 ? "i64" : "a 32-bit or narrower value"));
        }
    }

    private void constantFits(Instruction insn, Operand.Constant c, ValueType want) throws TemplateException {
        long v = c.value();
        boolean ok = switch (want) {
            case I64 -> true;
            case I32 -> v == (int) v || (v >>> 32) == 0;
            case I16 -> v == (short) v;
            case U16 -> v == (char) v;
            case I8 -> v == (byte) v;
            case U8 -> v == (v & 0xFF);
            case BOOL -> v == 0 || v == 1;
        };
        if (!ok) {
            throw at(insn, "constant " + v + " does not fit " + want);
        }
    }

    /** Type of a parameter or local, null for a constant; fails for undefined names. */
    private ValueType typeOrNull(Instruction insn, Operand o) throws TemplateException {
        switch (o) {
            case Operand.Parameter p -> {
                if (p.index() < 0 || p.index() >= sig.parameters().size()) {
                    throw at(insn, "parameter " + p + " does not exist; the method has " + sig.parameters().size() + " parameter(s)");
                }
                ValueType t = sig.parameters().get(p.index());
                if (t == null) {
                    throw at(insn, "parameter " + p + " has type " + sig.parameterDescriptors().get(p.index())
                                    + "; templates take integral parameters only");
                }
                return t;
            }
            case Operand.Local l -> {
                ValueType t = locals.get(l.name());
                if (t == null) {
                    throw at(insn, "'" + l.name() + "' is used before it is defined");
                }
                return t;
            }
            case Operand.Constant c -> {
                return null;
            }
        }
    }

    private static TemplateException at(Instruction insn, String msg) {
        return new TemplateException("line " + insn.line() + ": " + msg);
    }
}
