package jaguar.jit;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jaguar.mapping.template.Address;
import jaguar.mapping.template.Instruction;
import jaguar.mapping.template.Operand;
import jaguar.mapping.template.Order;
import jaguar.mapping.template.Template;
import jaguar.mapping.template.ValueType;
import jaguar.mapping.template.Width;
import jdk.graal.compiler.core.common.memory.MemoryOrderMode;
import jdk.graal.compiler.nodes.ConstantNode;
import jdk.graal.compiler.nodes.NamedLocationIdentity;
import jdk.graal.compiler.nodes.NodeView;
import jdk.graal.compiler.nodes.StateSplit;
import jdk.graal.compiler.nodes.ValueNode;
import jdk.graal.compiler.nodes.SpinWaitNode;
import jdk.graal.compiler.nodes.calc.AddNode;
import jdk.graal.compiler.nodes.calc.AndNode;
import jdk.graal.compiler.nodes.calc.RightShiftNode;
import jdk.graal.compiler.nodes.calc.SignExtendNode;
import jdk.graal.compiler.nodes.calc.UnsignedRightShiftNode;
import jdk.graal.compiler.nodes.extended.MembarNode;
import jdk.graal.compiler.nodes.extended.RawLoadNode;
import jdk.graal.compiler.nodes.extended.RawStoreNode;
import jdk.graal.compiler.nodes.extended.StateSplitProxyNode;
import jdk.graal.compiler.nodes.graphbuilderconf.GraphBuilderContext;
import jdk.graal.compiler.nodes.java.AtomicReadAndAddNode;
import jdk.graal.compiler.nodes.java.AtomicReadAndWriteNode;
import jdk.graal.compiler.nodes.java.UnsafeCompareAndExchangeNode;
import jdk.graal.compiler.nodes.java.UnsafeCompareAndSwapNode;
import jdk.graal.compiler.nodes.spi.TrackedUnsafeAccess;
import jdk.graal.compiler.replacements.nodes.ReverseBytesNode;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import org.graalvm.word.LocationIdentity;

/**
 * Turns one checked {@link Template} into Graal nodes at one call site. Wherever Graal has a node
 * with the same meaning (ordered raw loads and stores, fences, atomics, byte swap, spin wait) it
 * is used, so the optimiser understands the template exactly as it understands
 * {@code Unsafe}/{@code VarHandle} accesses. Raw machine code becomes one {@link ByteTemplateNode}.
 * All accesses are to {@link NamedLocationIdentity#OFF_HEAP_LOCATION}: templates cannot touch
 * the Java heap.
 */
final class TemplateExpander {
    private static final LocationIdentity OFF_HEAP = NamedLocationIdentity.OFF_HEAP_LOCATION;

    /** rdtsc; shl rdx, 32; or rax, rdx: the 64-bit counter in rax. */
    private static final byte[] RDTSC = {0x0F, 0x31, 0x48, (byte) 0xC1, (byte) 0xE2, 0x20, 0x48, 0x09, (byte) 0xD0};
    private static final byte[] SFENCE = {0x0F, (byte) 0xAE, (byte) 0xF8};

    private final GraphBuilderContext b;
    private final Template template;
    private final ValueNode[] args;
    private final int firstParameter;
    private final JavaKind returnKind;
    private final Map<String, ValueNode> values = new HashMap<>();
    private boolean sideEffects;
    private ValueNode nullObject;

    TemplateExpander(GraphBuilderContext b, Template template, ValueNode[] args, boolean isStatic, JavaKind returnKind) {
        this.b = b;
        this.returnKind = returnKind;
        this.template = template;
        this.args = args;
        this.firstParameter = isStatic ? 0 : 1;
    }

    void expand() {
        if (firstParameter == 1) {
            b.nullCheckedValue(args[0]);
        }
        if (returnKind != JavaKind.Void) {
            // Graal checks that the frame state after each side effect fits the bytecode that
            // follows the call, which expects the result on the stack. A placeholder stands in
            // for it until the real result is pushed with its own state (see the Return case);
            // no node of a template can deoptimise in between, so the placeholder is never seen.
            b.push(returnKind, ConstantNode.defaultForKind(returnKind, b.getGraph()));
        }
        for (Instruction insn : template.instructions()) {
            ValueNode v = emit(insn);
            if (insn.result() != null) {
                values.put(insn.result(), v);
            }
        }
    }

    private ValueNode emit(Instruction insn) {
        switch (insn) {
            case Instruction.Load l -> {
                RawLoadNode load = new RawLoadNode(nullObject(), address(l.address()), kindOf(l.width()), OFF_HEAP, order(l.order()));
                ValueNode v = add(load);
                return switch (l.width()) {
                    case U8 -> b.add(AndNode.create(v, ConstantNode.forInt(0xFF, b.getGraph()), NodeView.DEFAULT));
                    default -> v;
                };
            }
            case Instruction.Store s -> {
                JavaKind kind = kindOf(s.width());
                ValueNode value = operand(s.value(), s.width() == Width.I64 ? ValueType.I64 : ValueType.I32);
                add(new RawStoreNode(nullObject(), address(s.address()), value, kind, OFF_HEAP, false, order(s.order())));
                return null;
            }
            case Instruction.Fence f -> {
                switch (f.kind()) {
                    case LOAD -> b.add(new MembarNode(MembarNode.FenceKind.LOAD_ACQUIRE));
                    case STORE -> b.add(new MembarNode(MembarNode.FenceKind.STORE_RELEASE));
                    case FULL -> b.add(new MembarNode(MembarNode.FenceKind.FULL));
                    case X86_SFENCE -> b.add(new ByteTemplateNode(SFENCE, List.of(), new int[0], -1, false, new int[0]));
                }
                return null;
            }
            case Instruction.ByteSwap s -> {
                ValueNode in = operand(s.value(), s.width() == Width.I64 ? ValueType.I64 : ValueType.I32);
                ValueNode swapped = b.add(new ReverseBytesNode(in));
                return switch (s.width()) {
                    case I16 -> b.add(RightShiftNode.create(swapped, 16, NodeView.DEFAULT));
                    case U16 -> b.add(UnsignedRightShiftNode.create(swapped, ConstantNode.forInt(16, b.getGraph()), NodeView.DEFAULT));
                    default -> swapped;
                };
            }
            case Instruction.CompareAndSet c -> {
                ValueType t = c.width().valueType();
                return add(new UnsafeCompareAndSwapNode(nullObject(), address(c.address()), operand(c.expected(), t), operand(c.newValue(), t),
                                kindOf(c.width()), OFF_HEAP, order(c.order())));
            }
            case Instruction.CompareAndExchange c -> {
                ValueType t = c.width().valueType();
                return add(new UnsafeCompareAndExchangeNode(nullObject(), address(c.address()), operand(c.expected(), t),
                                operand(c.newValue(), t), kindOf(c.width()), OFF_HEAP, order(c.order())));
            }
            case Instruction.GetAndAdd g -> {
                return add(new AtomicReadAndAddNode(nullObject(), address(g.address()), operand(g.delta(), g.width().valueType()),
                                kindOf(g.width()), OFF_HEAP));
            }
            case Instruction.GetAndSet g -> {
                return add(new AtomicReadAndWriteNode(nullObject(), address(g.address()), operand(g.value(), g.width().valueType()),
                                kindOf(g.width()), OFF_HEAP));
            }
            case Instruction.Add a -> {
                ValueType lt = template.typeOf(a.left());
                ValueType rt = template.typeOf(a.right());
                ValueType t = (lt == ValueType.I64 || rt == ValueType.I64) ? ValueType.I64 : ValueType.I32;
                return b.add(AddNode.create(operand(a.left(), t), operand(a.right(), t), NodeView.DEFAULT));
            }
            case Instruction.SpinWait p -> {
                b.add(new SpinWaitNode());
                return null;
            }
            case Instruction.Prefetch p -> {
                ValueNode address = address(p.address());
                byte modrm = switch (p.hint()) {
                    case NTA -> 0x00;
                    case T0 -> 0x08;
                    case T1 -> 0x10;
                    case T2 -> 0x18;
                    case W -> 0x08;
                };
                byte opcode = p.hint() == jaguar.mapping.template.PrefetchHint.W ? (byte) 0x0D : (byte) 0x18;
                // prefetch [rax]: 0F 18 /r (or 0F 0D /1 for prefetchw) with rax as the base.
                b.add(new ByteTemplateNode(new byte[]{0x0F, opcode, modrm}, List.of(address), new int[]{0}, -1, false, new int[0]));
                return null;
            }
            case Instruction.Timestamp t -> {
                return b.add(new ByteTemplateNode(RDTSC, List.of(), new int[0], 0, false, new int[]{2}));
            }
            case Instruction.ByteTemplate bt -> {
                List<ValueNode> inputs = new java.util.ArrayList<>();
                int[] regs = new int[bt.inputs().size()];
                for (int i = 0; i < regs.length; i++) {
                    Instruction.ByteTemplate.Binding in = bt.inputs().get(i);
                    ValueType t = template.typeOf(in.value());
                    inputs.add(operand(in.value(), t == null ? ValueType.I64 : t));
                    regs[i] = in.register().encoding();
                }
                int[] clobbers = bt.clobbers().stream().mapToInt(r -> r.encoding()).toArray();
                int out = bt.output() == null ? -1 : bt.output().encoding();
                return b.add(new ByteTemplateNode(bt.code(), inputs, regs, out, bt.output32(), clobbers));
            }
            case Instruction.Return r -> {
                ValueNode v = operand(r.value(), template.signature().returnType());
                b.pop(returnKind);
                if (sideEffects) {
                    // The state after this proxy has the result on the stack: a deoptimisation
                    // after the template resumes after the call with the right value.
                    b.addPush(returnKind, new StateSplitProxyNode(v));
                } else {
                    b.push(returnKind, v);
                }
                return null;
            }
        }
    }

    private <T extends ValueNode> T add(T node) {
        if (node instanceof TrackedUnsafeAccess) {
            b.getGraph().markUnsafeAccess(node.getClass().asSubclass(TrackedUnsafeAccess.class));
        }
        if (node instanceof StateSplit) {
            sideEffects = true;
        }
        return b.add(node);
    }

    private ValueNode address(Address a) {
        ValueNode address = operand(a.base(), ValueType.I64);
        if (a.index() != null) {
            ValueType t = template.typeOf(a.index());
            ValueNode index = operand(a.index(), t == null ? ValueType.I64 : t);
            if (t != null && t != ValueType.I64) {
                index = b.add(SignExtendNode.create(index, 64, NodeView.DEFAULT));
            }
            address = b.add(AddNode.create(address, index, NodeView.DEFAULT));
        }
        if (a.displacement() != 0) {
            address = b.add(AddNode.create(address, ConstantNode.forLong(a.displacement(), b.getGraph()), NodeView.DEFAULT));
        }
        return address;
    }

    /** The node for an operand; constants are made {@code want}-typed (I64 or an int type). */
    private ValueNode operand(Operand o, ValueType want) {
        return switch (o) {
            case Operand.Parameter p -> args[firstParameter + p.index()];
            case Operand.Local l -> values.get(l.name());
            case Operand.Constant c -> want == ValueType.I64 ? ConstantNode.forLong(c.value(), b.getGraph())
                            : ConstantNode.forInt((int) c.value(), b.getGraph());
        };
    }

    private ValueNode nullObject() {
        if (nullObject == null) {
            nullObject = ConstantNode.forConstant(JavaConstant.NULL_POINTER, b.getMetaAccess(), b.getGraph());
        }
        return nullObject;
    }

    private static JavaKind kindOf(Width w) {
        return switch (w) {
            case I8, U8 -> JavaKind.Byte;
            case I16 -> JavaKind.Short;
            case U16 -> JavaKind.Char;
            case I32 -> JavaKind.Int;
            case I64 -> JavaKind.Long;
        };
    }

    private static MemoryOrderMode order(Order o) {
        return switch (o) {
            case PLAIN -> MemoryOrderMode.PLAIN;
            case OPAQUE -> MemoryOrderMode.OPAQUE;
            case ACQUIRE -> MemoryOrderMode.ACQUIRE;
            case RELEASE -> MemoryOrderMode.RELEASE;
            case VOLATILE -> MemoryOrderMode.VOLATILE;
        };
    }
}
