/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jaguar.mapping.template.Instruction;
import jaguar.mapping.template.Operand;
import jaguar.mapping.template.Template;
import jaguar.mapping.template.ValueType;
import jaguar.mapping.x86.RawByteStub;
import jaguar.memory.ExecutableStub;

/**
 * The Java body of a raw byte mapping: its own bytes, run through an FFM downcall, so that the
 * interpreter and C1 do exactly what C2's inlined bytes do (doc/code-mappings.md, "Raw bytes").
 *
 * <pre>{@code
 * @CodeMapping("r = x86 \"48 0F AF C6\" in(rax=$0, rsi=$1) out(rax)\nreturn r")   // imul rax, rsi
 * static long multiply(long a, long b) {
 *     return (long) MULTIPLY.invokeExact(a, b);
 * }
 * private static final MethodHandle MULTIPLY =
 *         RawBytes.bodyOf(MethodHandles.lookup(), "multiply", MethodType.methodType(long.class, long.class, long.class));
 * }</pre>
 *
 * <p>The template is checked as at registration (the raw byte verifier included), then wrapped in
 * a generated prologue that moves the arguments into the declared input registers (an int-slot
 * argument sign-extended, as C2 does) and saves the callee-saved registers the bytes write, and an
 * epilogue that returns the output. The handle takes the method's declared parameters (no
 * receiver) and returns its result.
 *
 * <p>This is a restricted method, as FFM's are: machine code runs with no safety net. The module of
 * the lookup's class needs native access ({@code --enable-native-access}); without it the JDK's
 * warning is printed, and under {@code --illegal-native-access=deny} an
 * {@link IllegalCallerException} is thrown.
 */
public final class RawBytes {
    /** The bodies made so far, per declaring class (dropped with it), by method name and descriptor. */
    private static final ClassValue<Map<String, MethodHandle>> STUBS = new ClassValue<>() {
        @Override
        protected Map<String, MethodHandle> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    private RawBytes() {
    }

    /**
     * The Java body of the raw byte mapping {@code name} of type {@code type} declared by
     * {@code lookup}'s class.
     *
     * @param lookup the lookup of the class declaring the mapping, as {@code MethodHandles.lookup()}
     *        called there makes it (private access, original modes); its module's native access is checked
     * @param name the mapped method's name
     * @param type the mapped method's declared parameter and return types (no receiver); selects
     *        the method among overloads and must match its return type
     * @return a handle of type {@code type} that runs the bytes; one per method, made on the
     *         first call and returned again on later ones
     * @throws IllegalArgumentException if {@code lookup} is not such a lookup, if there is no such
     *         mapped method, or its template is not one raw byte instruction (whose inputs are
     *         parameters or constants) and an optional return of its output
     * @throws InvalidMappingException if the template is refused (the message says why)
     * @throws IllegalCallerException if the declaring module has no native access and the VM denies it
     */
    public static MethodHandle bodyOf(MethodHandles.Lookup lookup, String name, MethodType type) {
        Class<?> owner = lookup.lookupClass();
        // ORIGINAL, not only PRIVATE: the JDK resolves a caller-sensitive method only through such a
        // lookup, and the check below must be made for the module that created it.
        if ((lookup.lookupModes() & MethodHandles.Lookup.ORIGINAL) == 0) {
            throw new IllegalArgumentException("RawBytes.bodyOf needs a lookup with private access in " + owner.getName()
                    + ", as created there (MethodHandles.lookup() called there)");
        }
        ensureNativeAccess(lookup, name);
        Method m;
        try {
            m = owner.getDeclaredMethod(name, type.parameterArray());
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(owner.getName() + " declares no method " + name + type);
        }
        if (m.getReturnType() != type.returnType()) {
            throw new IllegalArgumentException(owner.getName() + "." + name + " returns " + m.getReturnType().getName() + ", not "
                    + type.returnType().getName());
        }
        CodeMapping mapping = m.getAnnotation(CodeMapping.class);
        if (mapping == null) {
            throw new IllegalArgumentException(owner.getName() + "." + name + type + " is not annotated @CodeMapping");
        }
        Template t = CodeMappings.check(m, mapping.value());
        Instruction.ByteTemplate bytes = onlyByteTemplate(t, owner.getName() + "." + name);
        // One stub per method: its page is never unmapped, so a second call must not map another.
        return STUBS.get(owner).computeIfAbsent(name + type.toMethodDescriptorString(),
                k -> adapt(ExecutableStub.link(RawByteStub.build(bytes, t.signature().parameters()), descriptor(t, bytes)), type));
    }

    /**
     * FFM's check of a restricted method, made for the lookup's class: a caller-sensitive
     * restricted method ({@code MemorySegment::reinterpret}) resolved through that class's own
     * lookup is checked by the JDK against that class's module, with the JDK's rules (one warning
     * per module under {@code --illegal-native-access=warn}, {@link IllegalCallerException} under
     * {@code deny}). Public API only, so it is the same code on a stock JDK as on Jaguar's.
     */
    private static void ensureNativeAccess(MethodHandles.Lookup lookup, String name) {
        Module module = lookup.lookupClass().getModule();
        if (module.isNativeAccessEnabled()) {
            return;
        }
        try {
            MethodHandle restricted = lookup.findVirtual(MemorySegment.class, "reinterpret",
                    MethodType.methodType(MemorySegment.class, long.class));
            MemorySegment unused = (MemorySegment) restricted.invokeExact(MemorySegment.NULL, 0L);
        } catch (RuntimeException | Error e) {
            throw e;   // IllegalCallerException under --illegal-native-access=deny
        } catch (Throwable t) {
            throw new IllegalStateException("cannot check the native access of " + module, t);
        }
        if (module.isNativeAccessEnabled()) {
            // The JDK has just warned (that grants access): its warning names the method it checked.
            System.err.println("WARNING: (the restricted call above was made by jaguar.mapping.RawBytes::bodyOf for the raw byte mapping "
                    + lookup.lookupClass().getName() + "." + name + ")");
        }
    }

    private static Instruction.ByteTemplate onlyByteTemplate(Template t, String where) {
        List<Instruction> code = t.instructions();
        String shape = where + ": RawBytes.bodyOf runs a template of one raw byte instruction and an optional 'return' of its"
                + " output; write the rest of this Java body in Java";
        if (code.isEmpty() || code.size() > 2 || !(code.getFirst() instanceof Instruction.ByteTemplate b)) {
            throw new IllegalArgumentException(shape);
        }
        if (code.size() == 2 && !(code.get(1) instanceof Instruction.Return r
                && r.value() instanceof Operand.Local l && l.name().equals(b.result()))) {
            throw new IllegalArgumentException(shape);
        }
        return b;
    }

    /** The stub's C type: every parameter in a 64- or 32-bit slot, the output's width as result. */
    private static FunctionDescriptor descriptor(Template t, Instruction.ByteTemplate b) {
        List<MemoryLayout> args = new ArrayList<>();
        List<ValueType> parameters = t.signature().parameters();
        for (int i = 0; i < parameters.size(); i++) {
            if (parameters.get(i) == null) {
                throw new IllegalArgumentException(t.signature().display() + ": parameter " + i + " is a "
                        + t.signature().parameterDescriptors().get(i) + "; a raw byte body takes integral parameters only");
            }
            args.add(parameters.get(i) == ValueType.I64 ? ValueLayout.JAVA_LONG : ValueLayout.JAVA_INT);
        }
        MemoryLayout[] params = args.toArray(MemoryLayout[]::new);
        if (t.signature().returnsVoid()) {
            return FunctionDescriptor.ofVoid(params);
        }
        return FunctionDescriptor.of(b.output32() || t.signature().returnType() != ValueType.I64 ? ValueLayout.JAVA_INT
                : ValueLayout.JAVA_LONG, params);
    }

    /** From the stub's int and long slots to the method's own types (a boolean as 0 or 1). */
    private static MethodHandle adapt(MethodHandle stub, MethodType type) {
        return MethodHandles.explicitCastArguments(stub, type);
    }
}
