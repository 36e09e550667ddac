/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeModel;
import java.lang.classfile.Instruction;
import java.lang.classfile.MethodModel;
import java.lang.classfile.Opcode;
import java.lang.classfile.instruction.FieldInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.LineNumber;
import java.lang.constant.ClassDesc;
import java.lang.reflect.AccessFlag;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jaguar.pso.PSO;

/**
 * The paper's static checks, in its spirit: a task's code, read from its class files when the
 * task is added, may not keep a heap reference past the invocation. It reads {@code execute()} and
 * every method of the task's own classes (its class, the superclasses below {@link ReflexTask},
 * and their nested classes) that it calls, transitively, and refuses
 *
 * <ul>
 * <li>a reference stored in an instance field ({@code putfield}), unless the field is a PSO's
 *     reference to a PSO (an offset in the same container) or its type is immutable (String, a
 *     boxed primitive, an enum, Class): such a field outlives the invocation, and what it holds
 *     would be a heap object kept from the collector's view of the task;</li>
 * <li>a reference stored in a static field, for the same reason (a static outlives every task);</li>
 * <li>a reference stored in an array ({@code aastore}): the array may be the task's, kept across
 *     invocations (keep PSOs' offsets or primitives there);</li>
 * <li>a lock ({@code monitorenter}, or a call of a synchronized method of its own classes): an
 *     ordinary thread holding it would block the task (priority inversion).</li>
 * </ul>
 *
 * Code outside the task's classes (the JDK, jaguar.lib) is trusted, as the paper trusts its
 * libraries; what a run allocates is checked where it happens (a test of the thread's allocated
 * bytes), not here. Each violation names the class, method, bytecode offset, source line and
 * instruction.
 */
final class ReflexChecker {
    private static final Set<String> IMMUTABLE = Set.of("Ljava/lang/String;", "Ljava/lang/Integer;", "Ljava/lang/Long;", "Ljava/lang/Short;",
                    "Ljava/lang/Byte;", "Ljava/lang/Character;", "Ljava/lang/Boolean;", "Ljava/lang/Float;", "Ljava/lang/Double;",
                    "Ljava/lang/Class;");

    private static final ClassValue<List<String>> VIOLATIONS = new ClassValue<>() {
        @Override
        protected List<String> computeValue(Class<?> type) {
            return new ReflexChecker(type).check();
        }
    };

    private final Class<?> task;
    private final ClassLoader loader;
    /** The task's own classes by internal name. */
    private final Map<String, Class<?>> own = new HashMap<>();
    private final Map<String, ClassModel> models = new HashMap<>();
    private final List<String> violations = new ArrayList<>();

    private ReflexChecker(Class<?> task) {
        this.task = task;
        this.loader = task.getClassLoader();
        for (Class<?> c = task; c != ReflexTask.class && c != null; c = c.getSuperclass()) {
            addOwn(c.getNestHost());
        }
    }

    private void addOwn(Class<?> c) {
        if (own.putIfAbsent(internalName(c), c) == null) {
            for (Class<?> member : c.getNestMembers()) {
                addOwn(member);
            }
            for (Class<?> member : c.getDeclaredClasses()) {
                addOwn(member);
            }
        }
    }

    /**
     * Throws if {@code type}'s code breaks a rule; the result is kept per class.
     *
     * @throws ReflexCheckException naming every violation
     */
    static void check(Class<? extends ReflexTask> type) {
        List<String> found = VIOLATIONS.get(type);
        if (!found.isEmpty()) {
            throw new ReflexCheckException(type, found);
        }
    }

    private List<String> check() {
        ArrayDeque<String[]> work = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        String[] execute = resolve(internalName(task), "execute", "()V");
        if (execute != null) {
            work.add(execute);
        }
        while (!work.isEmpty()) {
            String[] m = work.poll();
            if (seen.add(String.join(".", m))) {
                checkMethod(m[0], m[1], m[2], work);
            }
        }
        return List.copyOf(violations);
    }

    /** The declaration a call of {@code name type} on {@code owner} reaches among the task's own classes: owner, or the nearest own superclass declaring it. */
    private String[] resolve(String owner, String name, String type) {
        for (String c = owner; c != null && own.containsKey(c);) {
            ClassModel model = model(c);
            for (MethodModel mm : model.methods()) {
                if (mm.methodName().equalsString(name) && mm.methodType().equalsString(type)) {
                    return new String[] { c, name, type };
                }
            }
            c = model.superclass().map(s -> s.asInternalName()).orElse(null);
        }
        return null;
    }

    private void checkMethod(String owner, String name, String type, ArrayDeque<String[]> work) {
        MethodModel method = model(owner).methods().stream().filter(mm -> mm.methodName().equalsString(name) && mm.methodType().equalsString(type))
                        .findFirst().orElseThrow();
        String where = owner.replace('/', '.') + "." + name + type;
        if (method.flags().has(AccessFlag.SYNCHRONIZED)) {
            violations.add(where + " is synchronized: a lock an ordinary thread may hold would block the task");
        }
        CodeModel code = method.code().orElse(null);
        if (code == null) {
            return;
        }
        int offset = 0;
        int line = -1;
        for (CodeElement e : code) {
            if (e instanceof LineNumber ln) {
                line = ln.line();
            }
            if (!(e instanceof Instruction insn)) {
                continue;
            }
            String at = where + " at bytecode " + offset + (line >= 0 ? " (line " + line + ")" : "");
            switch (insn) {
                case FieldInstruction f when f.opcode() == Opcode.PUTFIELD && isReference(f) && !allowedField(f) ->
                    violations.add(at + ", putfield " + describe(f) + ": stores a heap reference in a field, which outlives the invocation; a task keeps "
                                    + "references only to its stable PSOs (in PSO reference fields) and to immutable data");
                case FieldInstruction f when f.opcode() == Opcode.PUTSTATIC && isReference(f) && !IMMUTABLE.contains(f.typeSymbol().descriptorString()) ->
                    violations.add(at + ", putstatic " + describe(f) + ": stores a heap reference in a static field, which outlives every task");
                case Instruction i when i.opcode() == Opcode.AASTORE ->
                    violations.add(at + ", aastore: stores a reference in an array, which may outlive the invocation; keep primitives or PSO offsets there");
                case Instruction i when i.opcode() == Opcode.MONITORENTER ->
                    violations.add(at + ", monitorenter: a lock an ordinary thread may hold would block the task");
                case InvokeInstruction call when own.containsKey(call.owner().asInternalName()) -> {
                    String[] target = resolve(call.owner().asInternalName(), call.name().stringValue(), call.type().stringValue());
                    if (target != null) {
                        work.add(target);
                    }
                }
                default -> {
                }
            }
            offset += insn.sizeInBytes();
        }
    }

    private static boolean isReference(FieldInstruction f) {
        char c = f.typeSymbol().descriptorString().charAt(0);
        return c == 'L' || c == '[';
    }

    private boolean allowedField(FieldInstruction f) {
        String type = f.typeSymbol().descriptorString();
        if (IMMUTABLE.contains(type)) {
            return true;
        }
        if (type.charAt(0) != 'L') {
            return false;
        }
        Class<?> fieldType = load(f.typeSymbol());
        if (fieldType != null && fieldType.isEnum()) {
            return true;
        }
        Class<?> holder = load(f.owner().asSymbol());
        // A PSO's reference field holds an offset in the PSO's container (the rewriter turns the store into one).
        return holder != null && fieldType != null && PSO.class.isAssignableFrom(holder) && PSO.class.isAssignableFrom(fieldType);
    }

    private Class<?> load(ClassDesc desc) {
        try {
            return Class.forName(desc.descriptorString().substring(1, desc.descriptorString().length() - 1).replace('/', '.'), false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    private static String describe(FieldInstruction f) {
        return f.owner().asInternalName().replace('/', '.') + "." + f.name().stringValue() + ":" + f.typeSymbol().descriptorString();
    }

    private ClassModel model(String internalName) {
        return models.computeIfAbsent(internalName, n -> {
            String resource = n + ".class";
            try (InputStream in = loader == null ? ClassLoader.getSystemResourceAsStream(resource) : loader.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalArgumentException("cannot check task " + task.getName() + ": the class file of " + n.replace('/', '.')
                                    + " is not readable from its class loader (a task's classes are checked from their bytecode)");
                }
                return ClassFile.of().parse(in.readAllBytes());
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot check task " + task.getName() + ": reading " + resource + " failed: " + e.getMessage(), e);
            }
        });
    }

    private static String internalName(Class<?> c) {
        return c.getName().replace('.', '/');
    }
}
