/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso.rewriter;

import static java.lang.constant.ConstantDescs.CD_Class;
import static java.lang.constant.ConstantDescs.CD_String;
import static java.lang.constant.ConstantDescs.CD_int;
import static java.lang.constant.ConstantDescs.CD_void;

import java.lang.classfile.ClassBuilder;
import java.lang.classfile.ClassElement;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeModel;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.FieldModel;
import java.lang.classfile.Label;
import java.lang.classfile.MethodModel;
import java.lang.classfile.MethodTransform;
import java.lang.classfile.Opcode;
import java.lang.classfile.TypeKind;
import java.lang.classfile.constantpool.ClassEntry;
import java.lang.classfile.constantpool.FieldRefEntry;
import java.lang.classfile.constantpool.MemberRefEntry;
import java.lang.classfile.constantpool.MethodRefEntry;
import java.lang.classfile.constantpool.PoolEntry;
import java.lang.classfile.instruction.ConstantInstruction;
import java.lang.classfile.instruction.FieldInstruction;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.LineNumber;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DirectMethodHandleDesc;
import java.lang.constant.MethodTypeDesc;

import jaguar.pso.PSOField;
import jaguar.pso.PSOFieldType;
import jaguar.pso.PSOLayout;

/**
 * Rewrites one class file with the JDK's ClassFile API (doc/pso.md, "The rewriter"):
 *
 * <ul>
 * <li>in every class, each {@code getfield}/{@code putfield} of a laid-out PSO field becomes an
 * {@code invokestatic} of the accessor {@code $pso$get$name}/{@code $pso$set$name} of the
 * field's class (same stack effect, so nothing else in the method changes);</li>
 * <li>in every class, {@code container.allocate(Type.class)} (an {@code ldc} of the class right
 * before the call), and {@code container.allocate(Type.class, Type::new)}, become
 * {@code Type.$pso$new(container)}, which reserves the object with its size and fingerprint as
 * constants instead of looking the type up (and, for the second, hands the placement to the
 * constructor directly instead of through a thread-local);</li>
 * <li>a PSO class loses its primitive laid-out fields, keeps each reference field as a cache
 * renamed {@code $pso$ref$name}, and gains the accessors, a constructor taking a
 * {@code PSOPlacement} (used to map objects onto existing bytes), {@code getPSOSize()}, and a
 * static initializer prologue that registers its layout descriptor with the runtime.</li>
 * <li>every class it rewrites gets the {@link RewrittenMark}, so a second pass leaves it alone.</li>
 * </ul>
 */
final class PSOClassRewriter {
    private static final ClassDesc CD_PSO = ClassDesc.of("jaguar.pso.PSO");
    private static final ClassDesc CD_PLACEMENT = ClassDesc.of("jaguar.pso.PSOPlacement");
    private static final ClassDesc CD_CONTAINER = ClassDesc.of("jaguar.pso.PSOContainer");
    /** The owners through which {@code allocate(Class)} and {@code allocate(Class, Supplier)} are called: the container and its final subclass. */
    private static final java.util.Set<String> CONTAINERS = java.util.Set.of("jaguar/pso/PSOContainer", "jaguar/pso/FilePSOBuffer");
    private static final String ALLOCATE_CLASS = "(Ljava/lang/Class;)Ljaguar/pso/PSO;";
    private static final String ALLOCATE_SUPPLIER = "(Ljava/lang/Class;Ljava/util/function/Supplier;)Ljaguar/pso/PSO;";
    private static final ClassDesc CD_LAMBDA_METAFACTORY = ClassDesc.of("java.lang.invoke.LambdaMetafactory");
    private static final ClassDesc CD_SUPPLIER = ClassDesc.of("java.util.function.Supplier");
    private static final ClassDesc CD_LOOKUP = ClassDesc.of("java.lang.invoke.MethodHandles$Lookup");
    private static final ClassDesc CD_METHOD_HANDLES = ClassDesc.of("java.lang.invoke.MethodHandles");
    static final String GET = "$pso$get$";
    static final String SET = "$pso$set$";
    static final String CACHE = "$pso$ref$";
    static final String INIT_BODY = "$pso$init";
    static final String ALLOCATE = "$pso$allocate";
    static final String NEW = "$pso$new";

    private final PSOHierarchy hierarchy;
    private final ClassLoader loader;

    PSOClassRewriter(PSOHierarchy hierarchy, ClassLoader loader) {
        this.hierarchy = hierarchy;
        this.loader = loader;
    }

    /** Touches every class a rewrite uses. */
    void warmUp() {
        PSOLayout l = PSOLayout.compute("w", null, java.util.List.of(new PSOLayout.Declared("f", PSOFieldType.INT, null)));
        PSOLayout.parse(l.descriptor());
        ClassFile.of().parse(ClassFile.of().build(ClassDesc.of("W"), cb -> {
        }));
    }

    /** The rewritten class file, or null if the class has nothing to rewrite or was rewritten already. */
    byte[] rewrite(String className, byte[] bytes) {
        ClassModel cm = ClassFile.of().parse(bytes);
        if (RewrittenMark.isOn(cm)) {
            return null;
        }
        PSOHierarchy.ClassInfo self = hierarchy.define(loader, cm);
        boolean psoClass = self.rewritten();
        if (!psoClass && !refersToRewrittenMembers(cm)) {
            return null;
        }
        ClassHierarchyResolver resolver = ClassHierarchyResolver.ofResourceParsing(loader)
                        .orElse(ClassHierarchyResolver.defaultResolver()).cached();
        ClassFile cf = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(resolver));
        PSOLayout layout = psoClass ? hierarchy.layout(loader, self) : null;
        boolean isAbstract = (cm.flags().flagsMask() & ClassFile.ACC_ABSTRACT) != 0;
        return cf.transformClass(cm, new Transform(self, layout, isAbstract));
    }

    /** Whether the class accesses a laid-out field or calls {@code allocate(Class)} or {@code allocate(Class, Supplier)}. */
    private boolean refersToRewrittenMembers(ClassModel cm) {
        for (PoolEntry e : cm.constantPool()) {
            if (e instanceof FieldRefEntry f && hierarchy.resolve(loader, f.owner().asInternalName(), f.name().stringValue(),
                            f.type().stringValue()) != null) {
                return true;
            }
            if (e instanceof MethodRefEntry m && isRewrittenAllocate(m)) {
                return true;
            }
        }
        return false;
    }

    /** The allocate calls BodyRewrite may turn into $pso$new: the class-level and method-level checks must agree. */
    private static boolean isRewrittenAllocate(MemberRefEntry m) {
        return isAllocateByClass(m) || isAllocateBySupplier(m);
    }

    private static boolean isAllocateBySupplier(MemberRefEntry m) {
        return m.name().equalsString("allocate") && m.type().equalsString(ALLOCATE_SUPPLIER) && CONTAINERS.contains(m.owner().asInternalName());
    }

    private static boolean isAllocateByClass(MemberRefEntry m) {
        return m.name().equalsString("allocate") && m.type().equalsString(ALLOCATE_CLASS) && CONTAINERS.contains(m.owner().asInternalName());
    }

    /** The class an {@code ldc} loads if it is one whose allocation the rewriter can make direct. */
    private ClassEntry allocatableClass(ConstantInstruction.LoadConstantInstruction ldc) {
        if (ldc.constantEntry() instanceof ClassEntry c && !c.asInternalName().startsWith("[")
                        && hierarchy.info(loader, c.asInternalName()).hasNew()) {
            return c;
        }
        return null;
    }

    /**
     * Rewrites one method body: field accesses, and {@code ldc Type.class} followed by
     * {@code invokevirtual allocate(Class)} or by {@code invokedynamic} of {@code Type::new} and
     * {@code invokevirtual allocate(Class, Supplier)}. What follows the {@code ldc} is held back
     * until an instruction shows whether it is one of those calls. Line numbers in between (javac
     * gives a call its own when it is wrapped onto another line) are held with it and kept.
     */
    private final class BodyRewrite {
        /** The held elements, in order: the ldc, line numbers, at most one Type::new. */
        private final java.util.List<CodeElement> held = new java.util.ArrayList<>(4);
        /** The class the held ldc loads, a PSO class with {@code $pso$new}. */
        private ClassEntry heldClass;
        private boolean heldSupplier;

        void accept(CodeBuilder b, CodeElement e) {
            if (heldClass != null) {
                if (e instanceof LineNumber) {
                    held.add(e);
                    return;
                }
                if (!heldSupplier && e instanceof InvokeDynamicInstruction indy && constructs(indy, heldClass.asSymbol())) {
                    held.add(e);
                    heldSupplier = true;
                    return;
                }
                if (e instanceof InvokeInstruction call && call.opcode() == Opcode.INVOKEVIRTUAL
                                && (heldSupplier ? isAllocateBySupplier(call.method()) : isAllocateByClass(call.method()))) {
                    held.stream().filter(LineNumber.class::isInstance).forEach(b::with);
                    ClassDesc type = heldClass.asSymbol();
                    b.invokestatic(type, NEW, MethodTypeDesc.of(type, CD_CONTAINER));
                    release();
                    return;
                }
                held.forEach(b::with);   // not an allocation: everything held, unchanged
                release();
            }
            if (e instanceof ConstantInstruction.LoadConstantInstruction ldc && (heldClass = allocatableClass(ldc)) != null) {
                held.add(ldc);
                return;
            }
            if (!(e instanceof FieldInstruction fi && rewriteAccess(b, fi))) {
                b.with(e);
            }
        }

        void atEnd(CodeBuilder b) {
            held.forEach(b::with);
            release();
        }

        private void release() {
            held.clear();
            heldClass = null;
            heldSupplier = false;
        }
    }

    /**
     * Whether {@code indy} makes the {@code Supplier} {@code type::new}: LambdaMetafactory over
     * {@code type}'s no-argument constructor, capturing nothing. Calling that supplier inside
     * allocate is what {@code $pso$new} does, so the pair can become one call.
     */
    private static boolean constructs(InvokeDynamicInstruction indy, ClassDesc type) {
        DirectMethodHandleDesc bsm = indy.bootstrapMethod();
        if (!bsm.owner().equals(CD_LAMBDA_METAFACTORY) || !bsm.methodName().equals("metafactory") || !indy.name().equalsString("get")
                        || !indy.typeSymbol().equals(MethodTypeDesc.of(CD_SUPPLIER))) {
            return false;
        }
        java.util.List<java.lang.constant.ConstantDesc> args = indy.bootstrapArgs();
        return args.size() == 3 && args.get(1) instanceof DirectMethodHandleDesc impl && impl.kind() == DirectMethodHandleDesc.Kind.CONSTRUCTOR
                        && impl.owner().equals(type) && impl.invocationType().parameterCount() == 0;
    }

    /** The accessor call replacing a field instruction, or null to keep it. */
    private boolean rewriteAccess(CodeBuilder b, FieldInstruction fi) {
        if (fi.opcode() != Opcode.GETFIELD && fi.opcode() != Opcode.PUTFIELD) {
            return false;
        }
        PSOHierarchy.LaidOutField f = hierarchy.resolve(loader, fi.owner().asInternalName(), fi.name().stringValue(), fi.type().stringValue());
        if (f == null) {
            return false;
        }
        ClassDesc owner = fi.owner().asSymbol();
        ClassDesc declaring = ClassDesc.ofInternalName(f.declaring().name);
        ClassDesc type = ClassDesc.ofDescriptor(f.descriptor());
        if (fi.opcode() == Opcode.GETFIELD) {
            b.invokestatic(owner, GET + f.field().name(), MethodTypeDesc.of(type, declaring));
        } else {
            b.invokestatic(owner, SET + f.field().name(), MethodTypeDesc.of(CD_void, declaring, type));
        }
        return true;
    }

    private boolean needsRewrite(MethodModel m) {
        return m.code().map(code -> {
            for (CodeElement e : code) {
                if (e instanceof FieldInstruction fi && (fi.opcode() == Opcode.GETFIELD || fi.opcode() == Opcode.PUTFIELD)
                                && hierarchy.resolve(loader, fi.owner().asInternalName(), fi.name().stringValue(),
                                                fi.type().stringValue()) != null) {
                    return true;
                }
                if (e instanceof InvokeInstruction call && call.opcode() == Opcode.INVOKEVIRTUAL
                                && isRewrittenAllocate(call.method())) {
                    return true;
                }
            }
            return false;
        }).orElse(false);
    }

    private final class Transform implements ClassTransform {
        private final PSOHierarchy.ClassInfo self;
        private final PSOLayout layout;
        private final ClassDesc selfDesc;
        private final boolean isAbstract;
        private boolean sawClinit;
        private boolean sawSize;

        Transform(PSOHierarchy.ClassInfo self, PSOLayout layout, boolean isAbstract) {
            this.self = self;
            this.layout = layout;
            this.selfDesc = ClassDesc.ofInternalName(self.name);
            this.isAbstract = isAbstract;
        }

        @Override
        public void accept(ClassBuilder cb, ClassElement ce) {
            if (layout != null && ce instanceof FieldModel fm && self.ownLaidOut.containsKey(fm.fieldName().stringValue())
                            && (fm.flags().flagsMask() & ClassFile.ACC_STATIC) == 0) {
                PSOField f = self.ownLaidOut.get(fm.fieldName().stringValue());
                if (f.type() == PSOFieldType.REFERENCE) {
                    cb.withField(CACHE + f.name(), fm.fieldTypeSymbol(), ClassFile.ACC_PRIVATE | ClassFile.ACC_SYNTHETIC | ClassFile.ACC_TRANSIENT);
                }
                return;
            }
            if (ce instanceof MethodModel mm) {
                String name = mm.methodName().stringValue();
                boolean isStatic = (mm.flags().flagsMask() & ClassFile.ACC_STATIC) != 0;
                if (layout != null && name.equals("getPSOSize") && mm.methodType().stringValue().equals("()I") && isStatic) {
                    sawSize = true;
                    cb.transformMethod(mm, MethodTransform.dropping(e -> e instanceof CodeModel)
                                    .andThen(MethodTransform.endHandler(mb -> mb.withCode(c -> c.loadConstant(layout.size()).ireturn()))));
                    return;
                }
                if (layout != null && self.splittableInit && name.equals(ConstantDescs.INIT_NAME) && mm.methodType().equalsString("()V")) {
                    initBody(cb, mm.code().orElseThrow());
                }
                boolean clinit = layout != null && name.equals(ConstantDescs.CLASS_INIT_NAME);
                sawClinit |= clinit;
                if (clinit || needsRewrite(mm)) {
                    BodyRewrite body = new BodyRewrite();
                    cb.transformMethod(mm, MethodTransform.transformingCode(new CodeTransform() {
                        @Override
                        public void atStart(CodeBuilder b) {
                            if (clinit) {
                                register(b);
                            }
                        }

                        @Override
                        public void accept(CodeBuilder b, CodeElement e) {
                            body.accept(b, e);
                        }

                        @Override
                        public void atEnd(CodeBuilder b) {
                            body.atEnd(b);
                        }
                    }));
                    return;
                }
            }
            cb.with(ce);
        }

        @Override
        public void atEnd(ClassBuilder cb) {
            cb.with(RewrittenMark.INSTANCE);
            if (layout == null) {
                return;
            }
            for (PSOField f : self.ownLaidOut.values()) {
                PSOHierarchy.FieldDecl decl = null;
                for (PSOHierarchy.FieldDecl d : self.fields) {
                    if (d.name().equals(f.name()) && !d.isStatic()) {
                        decl = d;
                    }
                }
                int access = (decl.flags() & (ClassFile.ACC_PUBLIC | ClassFile.ACC_PROTECTED | ClassFile.ACC_PRIVATE)) | ClassFile.ACC_STATIC
                                | ClassFile.ACC_SYNTHETIC;
                ClassDesc type = ClassDesc.ofDescriptor(decl.descriptor());
                if (f.type() == PSOFieldType.REFERENCE) {
                    referenceAccessors(cb, f, type, access);
                } else {
                    primitiveAccessors(cb, f, type, access);
                }
            }
            // Maps an object onto existing bytes: no user constructor code runs.
            ClassDesc superDesc = ClassDesc.ofInternalName(self.superName);
            cb.withMethodBody(ConstantDescs.INIT_NAME, MethodTypeDesc.of(CD_void, CD_PLACEMENT),
                            ClassFile.ACC_PROTECTED | ClassFile.ACC_SYNTHETIC, c -> c.aload(0).aload(1)
                                            .invokespecial(superDesc, ConstantDescs.INIT_NAME, MethodTypeDesc.of(CD_void, CD_PLACEMENT)).return_());
            if (!sawSize) {
                cb.withMethodBody("getPSOSize", MethodTypeDesc.of(CD_int), ClassFile.ACC_PUBLIC | ClassFile.ACC_STATIC,
                                c -> c.loadConstant(layout.size()).ireturn());
            }
            if (self.splittableInit && !isAbstract) {
                // Allocation without a hand-off: place the object, then run its constructor's body.
                cb.withMethodBody(ALLOCATE, MethodTypeDesc.of(CD_PSO, CD_PLACEMENT), ClassFile.ACC_STATIC | ClassFile.ACC_SYNTHETIC,
                                c -> c.new_(selfDesc).dup().aload(0)
                                                .invokespecial(selfDesc, ConstantDescs.INIT_NAME, MethodTypeDesc.of(CD_void, CD_PLACEMENT))
                                                .dup().invokespecial(selfDesc, INIT_BODY, MethodTypeDesc.of(CD_void)).areturn());
                newMethod(cb);
            }
            if (!sawClinit) {
                cb.withMethodBody(ConstantDescs.CLASS_INIT_NAME, MethodTypeDesc.of(CD_void), ClassFile.ACC_STATIC, c -> {
                    register(c);
                    c.return_();
                });
            }
        }

        /**
         * {@code $pso$init()}: the no-argument constructor's body after its {@code super()} call,
         * which becomes the superclass's {@code $pso$init()} (nothing for PSO itself).
         */
        private void initBody(ClassBuilder cb, CodeModel ctor) {
            boolean superIsPso = self.superName.equals(PSOHierarchy.PSO);
            ClassDesc superDesc = ClassDesc.ofInternalName(self.superName);
            cb.withMethod(INIT_BODY, MethodTypeDesc.of(CD_void), ClassFile.ACC_PROTECTED | ClassFile.ACC_SYNTHETIC,
                            mb -> mb.transformCode(ctor, new CodeTransform() {
                                private int prologue = 2;
                                private final BodyRewrite body = new BodyRewrite();

                                @Override
                                public void accept(CodeBuilder b, CodeElement e) {
                                    if (e instanceof java.lang.classfile.Instruction && prologue > 0) {
                                        // aload_0; invokespecial super.<init>()V (checked by PSOHierarchy)
                                        if (--prologue == 0 && !superIsPso) {
                                            b.aload(0).invokespecial(superDesc, INIT_BODY, MethodTypeDesc.of(CD_void));
                                        }
                                        return;
                                    }
                                    body.accept(b, e);
                                }

                                @Override
                                public void atEnd(CodeBuilder b) {
                                    body.atEnd(b);
                                }
                            }));
        }

        /**
         * {@code public static Self $pso$new(PSOContainer c)}: what {@code c.allocate(Self.class)}
         * becomes. Reserves the bytes with the layout's size and fingerprint as constants, places
         * the object, runs the constructor's body; gives the bytes back if placing or the body throws.
         */
        private void newMethod(ClassBuilder cb) {
            MethodTypeDesc reserve = MethodTypeDesc.of(CD_PLACEMENT, CD_CONTAINER, CD_Class, CD_int, CD_int);
            // Returns Self, not PSO: a subclass that has no $pso$new of its own (it failed to rewrite)
            // then fails to link instead of inheriting this one and allocating a Self.
            cb.withMethodBody(NEW, MethodTypeDesc.of(selfDesc, CD_CONTAINER), ClassFile.ACC_PUBLIC | ClassFile.ACC_STATIC | ClassFile.ACC_SYNTHETIC,
                            c -> {
                                Label start = c.newLabel();
                                Label end = c.newLabel();
                                Label failed = c.newLabel();
                                c.aload(0).loadConstant(selfDesc).loadConstant(layout.size()).loadConstant(layout.fingerprint())
                                                .invokestatic(CD_PSO, "$reserve", reserve).astore(1)
                                                .labelBinding(start)
                                                .new_(selfDesc).dup().aload(1)
                                                .invokespecial(selfDesc, ConstantDescs.INIT_NAME, MethodTypeDesc.of(CD_void, CD_PLACEMENT))
                                                .astore(2)
                                                .aload(2).invokespecial(selfDesc, INIT_BODY, MethodTypeDesc.of(CD_void))
                                                .labelBinding(end)
                                                .aload(2).areturn()
                                                .labelBinding(failed)
                                                .astore(3).aload(1).loadConstant(layout.size())
                                                .invokestatic(CD_PSO, "$unreserve", MethodTypeDesc.of(CD_void, CD_PLACEMENT, CD_int))
                                                .aload(3).athrow()
                                                .exceptionCatchAll(start, end, failed);
                            });
        }

        private void register(CodeBuilder c) {
            c.loadConstant(layout.descriptor())
                            .invokestatic(CD_METHOD_HANDLES, "lookup", MethodTypeDesc.of(CD_LOOKUP))
                            .invokestatic(CD_PSO, "$register", MethodTypeDesc.of(CD_void, CD_String, CD_LOOKUP));
        }

        private void primitiveAccessors(ClassBuilder cb, PSOField f, ClassDesc type, int access) {
            String kind = switch (f.type()) {
                case BOOLEAN -> "Boolean";
                case BYTE -> "Byte";
                case CHAR -> "Char";
                case SHORT -> "Short";
                case INT -> "Int";
                case FLOAT -> "Float";
                case LONG -> "Long";
                case DOUBLE -> "Double";
                case REFERENCE -> throw new IllegalArgumentException();
            };
            TypeKind tk = TypeKind.from(type);
            cb.withMethodBody(GET + f.name(), MethodTypeDesc.of(type, selfDesc), access, c -> c.aload(0).loadConstant(f.offset())
                            .invokestatic(CD_PSO, "$get" + kind, MethodTypeDesc.of(type, CD_PSO, CD_int)).return_(tk));
            cb.withMethodBody(SET + f.name(), MethodTypeDesc.of(CD_void, selfDesc, type), access, c -> c.aload(0).loadConstant(f.offset())
                            .loadLocal(tk, 1).invokestatic(CD_PSO, "$put" + kind, MethodTypeDesc.of(CD_void, CD_PSO, CD_int, type)).return_());
        }

        private void referenceAccessors(ClassBuilder cb, PSOField f, ClassDesc type, int access) {
            String cache = CACHE + f.name();
            cb.withMethodBody(GET + f.name(), MethodTypeDesc.of(type, selfDesc), access, c -> {
                Label done = c.newLabel();
                c.aload(0).getfield(selfDesc, cache, type).astore(1)
                                .aload(0).loadConstant(f.offset()).aload(1).loadConstant(type)
                                .invokestatic(CD_PSO, "$getRef", MethodTypeDesc.of(CD_PSO, CD_PSO, CD_int, CD_PSO, CD_Class))
                                .checkcast(type).astore(2)
                                .aload(2).aload(1).if_acmpeq(done)
                                .aload(0).aload(2).putfield(selfDesc, cache, type)
                                .labelBinding(done)
                                .aload(2).areturn();
            });
            cb.withMethodBody(SET + f.name(), MethodTypeDesc.of(CD_void, selfDesc, type), access, c -> c.aload(0).loadConstant(f.offset())
                            .aload(1).invokestatic(CD_PSO, "$putRef", MethodTypeDesc.of(CD_void, CD_PSO, CD_int, CD_PSO))
                            .aload(0).aload(1).putfield(selfDesc, cache, type).return_());
        }
    }
}
