/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso.rewriter;

import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeModel;
import java.lang.classfile.FieldModel;
import java.lang.classfile.Instruction;
import java.lang.classfile.MethodModel;
import java.lang.classfile.Opcode;
import java.lang.classfile.instruction.FieldInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.LoadInstruction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

import jaguar.pso.PSOField;
import jaguar.pso.PSOFieldType;
import jaguar.pso.PSOLayout;

/**
 * What the rewriter knows of classes it has not loaded: superclass, instance fields and, for PSO
 * classes, the layout. Read from class files found through the defining loader (never by loading a
 * class, which a transformer must not do), cached per loader.
 */
final class PSOHierarchy {
    static final String PSO = "jaguar/pso/PSO";
    private static final String LIBRARY_PACKAGE = "jaguar/pso/";

    /** An instance or static field as declared. */
    record FieldDecl(String name, String descriptor, int flags) {
        boolean isStatic() {
            return (flags & ClassFile.ACC_STATIC) != 0;
        }
    }

    /** One class: its superclass, fields, whether it is a PSO class, and its layout once computed. */
    static final class ClassInfo {
        final String name;
        final String superName;
        final boolean pso;
        final List<FieldDecl> fields;
        /**
         * The no-argument constructor is {@code super()} then a body that writes no final field of
         * this class, so the body can also run as a method on an object already placed
         * ({@code $pso$init}); allocation then needs no hand-off to the constructor.
         */
        final boolean splittableInit;
        final boolean isAbstract;
        PSOLayout layout;
        /** The fields this class itself lays out (not inherited ones), with their offsets. */
        Map<String, PSOField> ownLaidOut;

        ClassInfo(String name, String superName, boolean pso, List<FieldDecl> fields, boolean splittableInit, boolean isAbstract) {
            this.name = name;
            this.superName = superName;
            this.pso = pso;
            this.fields = fields;
            this.splittableInit = splittableInit;
            this.isAbstract = isAbstract;
        }

        /** A PSO class the rewriter rewrites: a subclass of PSO outside Jaguar's library. */
        boolean rewritten() {
            return pso && !name.startsWith(LIBRARY_PACKAGE);
        }

        /** The rewriter gives this class {@code $pso$new(PSOContainer)}: allocation with constants. */
        boolean hasNew() {
            return rewritten() && splittableInit && !isAbstract;
        }

        FieldDecl field(String fieldName, String descriptor) {
            for (FieldDecl f : fields) {
                if (f.name.equals(fieldName) && f.descriptor.equals(descriptor)) {
                    return f;
                }
            }
            return null;
        }
    }

    /** A field access that goes to a container: the declaring class and the field's layout entry. */
    record LaidOutField(ClassInfo declaring, PSOField field, String descriptor) {
    }

    private static final ClassInfo NOT_PSO = new ClassInfo("", null, false, List.of(), false, false);
    private final Map<ClassLoader, Map<String, ClassInfo>> cache = new WeakHashMap<>();

    /** The class called {@code name} as {@code loader} sees it; a non-PSO placeholder if not found. */
    synchronized ClassInfo info(ClassLoader loader, String name) {
        if (name == null || PSOCandidateFilter.isJdkClass(name)) {
            return NOT_PSO;
        }
        Map<String, ClassInfo> m = cache.computeIfAbsent(loader, k -> new HashMap<>());
        ClassInfo c = m.get(name);
        if (c == null) {
            if (name.equals(PSO)) {
                c = new ClassInfo(PSO, "java/lang/Object", true, List.of(), true, true);
            } else {
                byte[] bytes = read(loader, name);
                c = bytes == null ? NOT_PSO : describe(loader, ClassFile.of().parse(bytes));
            }
            m.put(name, c);
        }
        return c;
    }

    /** Records a class from its (about to be defined) class file. */
    synchronized ClassInfo define(ClassLoader loader, ClassModel cm) {
        ClassInfo c = describe(loader, cm);
        cache.computeIfAbsent(loader, k -> new HashMap<>()).put(c.name, c);
        return c;
    }

    private ClassInfo describe(ClassLoader loader, ClassModel cm) {
        String name = cm.thisClass().asInternalName();
        String superName = cm.superclass().map(s -> s.asInternalName()).orElse(null);
        List<FieldDecl> fields = new ArrayList<>();
        for (FieldModel f : cm.fields()) {
            fields.add(new FieldDecl(f.fieldName().stringValue(), f.fieldType().stringValue(), f.flags().flagsMask()));
        }
        ClassInfo zuper = superName == null ? NOT_PSO : info(loader, superName);
        boolean pso = zuper.pso;
        boolean splittable = pso && (zuper.name.equals(PSO) || zuper.splittableInit) && splittableInit(cm, superName);
        return new ClassInfo(name, superName, pso, List.copyOf(fields), splittable, (cm.flags().flagsMask() & ClassFile.ACC_ABSTRACT) != 0);
    }

    /** See {@link ClassInfo#splittableInit}: checks the shape javac gives a no-argument constructor. */
    private static boolean splittableInit(ClassModel cm, String superName) {
        for (MethodModel m : cm.methods()) {
            if (m.methodName().equalsString("<init>") && m.methodType().equalsString("()V")) {
                CodeModel code = m.code().orElse(null);
                if (code == null) {
                    return false;
                }
                List<Instruction> insns = new ArrayList<>();
                for (CodeElement e : code) {
                    if (e instanceof Instruction i) {
                        insns.add(i);
                    }
                }
                if (insns.size() < 2 || !(insns.get(0) instanceof LoadInstruction load && load.slot() == 0)
                                || !(insns.get(1) instanceof InvokeInstruction call && call.opcode() == Opcode.INVOKESPECIAL
                                                && call.name().equalsString("<init>") && call.type().equalsString("()V")
                                                && call.owner().asInternalName().equals(superName))) {
                    return false;
                }
                for (Instruction i : insns) {
                    if (i instanceof FieldInstruction f && f.opcode() == Opcode.PUTFIELD && f.owner().asInternalName().equals(cm.thisClass().asInternalName())
                                    && isFinal(cm, f.name().stringValue())) {
                        return false;
                    }
                }
                return true;
            }
        }
        return false;
    }

    private static boolean isFinal(ClassModel cm, String field) {
        for (FieldModel f : cm.fields()) {
            if (f.fieldName().equalsString(field)) {
                return (f.flags().flagsMask() & ClassFile.ACC_FINAL) != 0;
            }
        }
        return false;
    }

    private static byte[] read(ClassLoader loader, String name) {
        try (InputStream in = loader.getResourceAsStream(name + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }

    /** The layout of a rewritten PSO class, computed once. */
    synchronized PSOLayout layout(ClassLoader loader, ClassInfo c) {
        if (c.layout != null) {
            return c.layout;
        }
        if (!c.rewritten()) {
            throw new IllegalArgumentException(c.name + " is not a PSO class the rewriter lays out");
        }
        ClassInfo zuper = info(loader, c.superName);
        PSOLayout superLayout = zuper.name.equals(PSO) ? null : layout(loader, zuper);
        List<PSOLayout.Declared> own = new ArrayList<>();
        for (FieldDecl f : c.fields) {
            PSOFieldType t = laidOutType(loader, f);
            if (t != null) {
                String ref = t == PSOFieldType.REFERENCE ? f.descriptor.substring(1, f.descriptor.length() - 1).replace('/', '.') : null;
                own.add(new PSOLayout.Declared(f.name, t, ref));
            }
        }
        PSOLayout layout = PSOLayout.compute(c.name.replace('/', '.'), superLayout, own);
        Map<String, PSOField> mine = new HashMap<>();
        List<PSOField> all = layout.fields();
        for (int i = all.size() - own.size(); i < all.size(); i++) {
            mine.put(all.get(i).name(), all.get(i));
        }
        c.ownLaidOut = mine;
        c.layout = layout;
        return layout;
    }

    /**
     * The container type of a field, or null if it stays a Java field: static, transient and
     * synthetic fields (an inner class's outer instance), arrays and non-PSO references.
     */
    private PSOFieldType laidOutType(ClassLoader loader, FieldDecl f) {
        if ((f.flags & (ClassFile.ACC_STATIC | ClassFile.ACC_TRANSIENT | ClassFile.ACC_SYNTHETIC)) != 0) {
            return null;
        }
        char code = f.descriptor.charAt(0);
        if (code == 'L') {
            return info(loader, f.descriptor.substring(1, f.descriptor.length() - 1)).pso ? PSOFieldType.REFERENCE : null;
        }
        return code == '[' ? null : PSOFieldType.ofDescriptorCode(code);
    }

    /**
     * The laid-out field that a {@code getfield}/{@code putfield} of {@code owner.name:descriptor}
     * resolves to (JVMS 5.4.3.2: the owner, then its superclasses), or null if it resolves to a
     * Java field.
     */
    synchronized LaidOutField resolve(ClassLoader loader, String owner, String name, String descriptor) {
        ClassInfo c = info(loader, owner);
        while (c.pso && c.rewritten()) {
            FieldDecl f = c.field(name, descriptor);
            if (f != null) {
                if (f.isStatic()) {
                    return null;
                }
                layout(loader, c);
                PSOField pf = c.ownLaidOut.get(name);
                return pf == null ? null : new LaidOutField(c, pf, descriptor);
            }
            c = info(loader, c.superName);
        }
        return null;
    }
}
