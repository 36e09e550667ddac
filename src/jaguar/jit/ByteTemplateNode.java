package jaguar.jit;

import static jdk.graal.compiler.nodeinfo.NodeCycles.CYCLES_UNKNOWN;
import static jdk.graal.compiler.nodeinfo.NodeSize.SIZE_UNKNOWN;

import java.util.List;

import jdk.graal.compiler.core.common.LIRKind;
import jdk.graal.compiler.core.common.type.StampFactory;
import jdk.graal.compiler.graph.NodeClass;
import jdk.graal.compiler.graph.NodeInputList;
import jdk.graal.compiler.lir.gen.LIRGeneratorTool;
import jdk.graal.compiler.nodeinfo.NodeInfo;
import jdk.graal.compiler.nodes.FixedWithNextNode;
import jdk.graal.compiler.nodes.ValueNode;
import jdk.graal.compiler.nodes.memory.SingleMemoryKill;
import jdk.graal.compiler.nodes.spi.LIRLowerable;
import jdk.graal.compiler.nodes.spi.NodeLIRBuilderTool;
import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.amd64.AMD64Kind;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;
import org.graalvm.word.LocationIdentity;

/**
 * Raw x86-64 machine code inlined into the compiled caller. Inputs are moved into the registers
 * the template names, its output (if any) read from one; the input registers and the declared
 * clobbers are treated as destroyed. The node kills all memory, so the optimiser moves no load or
 * store across it: the template may read or write anything and acts as a compiler barrier.
 */
@NodeInfo(cycles = CYCLES_UNKNOWN, size = SIZE_UNKNOWN, cyclesRationale = "user machine code", sizeRationale = "user machine code")
public final class ByteTemplateNode extends FixedWithNextNode implements LIRLowerable, SingleMemoryKill {
    public static final NodeClass<ByteTemplateNode> TYPE = NodeClass.create(ByteTemplateNode.class);

    @Input NodeInputList<ValueNode> inputs;
    private final byte[] code;
    private final int[] inputRegisters;
    private final int outputRegister;
    private final boolean output32;
    private final int[] clobbers;

    /**
     * @param inputRegisters x86 encodings (rax=0...) of the register each input goes to
     * @param outputRegister encoding of the result register, or -1 for none
     */
    public ByteTemplateNode(byte[] code, List<ValueNode> inputs, int[] inputRegisters, int outputRegister, boolean output32, int[] clobbers) {
        super(TYPE, outputRegister < 0 ? StampFactory.forVoid() : output32 ? StampFactory.forKind(jdk.vm.ci.meta.JavaKind.Int)
                        : StampFactory.forKind(jdk.vm.ci.meta.JavaKind.Long));
        this.inputs = new NodeInputList<>(this, inputs);
        this.code = code.clone();
        this.inputRegisters = inputRegisters.clone();
        this.outputRegister = outputRegister;
        this.output32 = output32;
        this.clobbers = clobbers.clone();
    }

    @Override
    public LocationIdentity getKilledLocationIdentity() {
        return LocationIdentity.any();
    }

    @Override
    public void generate(NodeLIRBuilderTool gen) {
        LIRGeneratorTool tool = gen.getLIRGeneratorTool();
        Value[] uses = new Value[inputs.size()];
        java.util.LinkedHashSet<Register> destroyed = new java.util.LinkedHashSet<>();
        for (int i = 0; i < uses.length; i++) {
            Value v = gen.operand(inputs.get(i));
            Register r = register(inputRegisters[i]);
            RegisterValue rv = r.asValue(v.getValueKind());
            tool.emitMove(rv, v);
            uses[i] = rv;
            destroyed.add(r);
        }
        for (int c : clobbers) {
            destroyed.add(register(c));
        }
        AllocatableValue out = Value.ILLEGAL;
        if (outputRegister >= 0) {
            Register r = register(outputRegister);
            destroyed.remove(r);
            out = r.asValue(LIRKind.value(output32 ? AMD64Kind.DWORD : AMD64Kind.QWORD));
        }
        Value[] temps = destroyed.stream().map(r -> r.asValue(LIRKind.value(AMD64Kind.QWORD))).toArray(Value[]::new);
        tool.append(new ByteTemplateOp(code, uses, out, temps));
        if (outputRegister >= 0) {
            AllocatableValue result = tool.newVariable(out.getValueKind());
            tool.emitMove(result, out);
            gen.setResult(this, result);
        }
    }

    private static Register register(int encoding) {
        return AMD64.cpuRegisters.get(encoding);
    }
}
