package jaguar.jit;

import jdk.graal.compiler.asm.amd64.AMD64MacroAssembler;
import jdk.graal.compiler.lir.LIRInstructionClass;
import jdk.graal.compiler.lir.Opcode;
import jdk.graal.compiler.lir.amd64.AMD64LIRInstruction;
import jdk.graal.compiler.lir.asm.CompilationResultBuilder;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * Emits a byte template verbatim. Operands are fixed registers chosen by the template, so the
 * register allocator only has to move values in and out around it.
 */
@Opcode("JAGUAR_BYTES")
public final class ByteTemplateOp extends AMD64LIRInstruction {
    public static final LIRInstructionClass<ByteTemplateOp> TYPE = LIRInstructionClass.create(ByteTemplateOp.class);

    @Use({OperandFlag.REG}) protected Value[] inputs;
    @Def({OperandFlag.REG, OperandFlag.ILLEGAL}) protected AllocatableValue output;
    @Temp({OperandFlag.REG}) protected Value[] temps;
    private final byte[] code;

    public ByteTemplateOp(byte[] code, Value[] inputs, AllocatableValue output, Value[] temps) {
        super(TYPE);
        this.code = code;
        this.inputs = inputs;
        this.output = output;
        this.temps = temps;
    }

    @Override
    public void emitCode(CompilationResultBuilder crb, AMD64MacroAssembler masm) {
        for (byte b : code) {
            masm.emitByte(b & 0xFF);
        }
    }
}
