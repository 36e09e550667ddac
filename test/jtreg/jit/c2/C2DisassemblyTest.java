/*
 * @test
 * @summary -XX:+PrintAssembly works on build/jdk with nothing else installed (its own hsdis), and
 *          the C2-compiled caller of mapped methods contains each template's instructions inline
 *          and no call of a Java method.
 * @library /lib
 * @modules jaguar.lib/jaguar.memory
 * @build jaguar.test.Warmup jaguar.test.ChildJvm jaguar.test.C2Code C2MachineTemplatesTest
 * @run main/othervm/timeout=300 C2DisassemblyTest
 */

import java.util.List;

import jaguar.test.C2Code;
import jaguar.test.ChildJvm;

public class C2DisassemblyTest {
    public static void main(String[] args) throws Exception {
        String out = ChildJvm.run(List.of("-XX:-TieredCompilation", "-Djaguar.mapping.strict=true",
                        "--add-exports=jaguar.lib/jaguar.memory=ALL-UNNAMED", "-XX:+UnlockDiagnosticVMOptions",
                        "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,C2MachineTemplatesTest::round",
                        "-XX:CompileCommand=print,C2MachineTemplatesTest::round"), "C2MachineTemplatesTest", List.of(), 240)
                        .shouldSucceed("C2MachineTemplatesTest with PrintAssembly").stdout();
        // The last C2 compilation of round is the one the strict rounds ran.
        C2Code compiled = C2Code.lastCompilation(out, "C2MachineTemplatesTest::round");
        String code = compiled.text();
        if (!code.contains("\trdtsc") && !code.contains(" rdtsc")) {
            throw new AssertionError("no mnemonics: hsdis did not load, or rdtsc is missing:\n" + code);
        }
        for (String insn : List.of("rdtsc", "sfence", "prefetchnta", "prefetchw", "prefetcht0", "prefetcht1", "prefetcht2", "syscall")) {
            if (!code.contains(insn)) {
                throw new AssertionError(insn + " is not in the compiled loop:\n" + code);
            }
        }
        if (!compiled.javaCalls().isEmpty()) {
            throw new AssertionError("the compiled caller still calls a Java method:\n" + code);
        }
        System.out.println("PrintAssembly shows every template inline and no Java call");
    }
}
