/*
 * @test
 * @summary Random sequences of every template instruction give identical results in the
 *          interpreter (-Xint), C1 alone, and under the Jaguar JIT in strict mode; and the typed
 *          instructions under C2 in strict mode with tiered and C2-only compilation, -Xcomp,
 *          ZGC and uncompressed oops.
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm DifferentialOps DifferentialProgram
 * @run main/othervm/timeout=600 DifferentialTest graal
 * @run main/othervm/timeout=900 DifferentialTest c2
 */

import java.util.List;

import jaguar.test.ChildJvm;

public class DifferentialTest {
    static final int ROUNDS = 40;

    static final String ACCESS = "--enable-native-access=ALL-UNNAMED";

    public static void main(String[] args) throws Exception {
        boolean c2 = args[0].equals("c2");
        String ops = c2 ? "typed" : "all";
        List<String> vm = c2 ? List.of(ACCESS, "-XX:-UseJVMCICompiler") : List.of(ACCESS);
        String interpreted = run("-Xint", vm, List.of("-Xint"), "plain", ops);
        if (interpreted.lines().count() != ROUNDS) {
            throw new AssertionError("-Xint run printed " + interpreted.lines().count() + " rounds, expected " + ROUNDS + ":\n" + interpreted);
        }
        compare("C1-only", run("C1-only", vm, List.of("-XX:TieredStopAtLevel=1"), "plain", ops), interpreted);
        List<String> strict = List.of("-Djaguar.mapping.strict=true", "-XX:CompileCommand=quiet",
                        "-XX:CompileCommand=dontinline,DifferentialProgram::round");
        if (!c2) {
            compare("Jaguar JIT", run("Jaguar JIT (strict)", vm, strict, "jit", ops), interpreted);
            System.out.println("all " + ROUNDS + " rounds agree across -Xint, C1 and the Jaguar JIT");
            return;
        }
        for (List<String> flags : List.of(List.<String>of(), List.of("-XX:-TieredCompilation"), List.of("-Xcomp"),
                        List.of("-XX:+UseZGC"), List.of("-XX:-UseCompressedOops"))) {
            String what = "C2 " + flags + " (strict)";
            compare(what, run(what, vm, concat(strict, flags), "jit", ops), interpreted);
        }
        System.out.println("all " + ROUNDS + " rounds agree across -Xint, C1 and C2 in five configurations");
    }

    static String run(String what, List<String> vm, List<String> flags, String mode, String ops) throws Exception {
        return ChildJvm.run(concat(vm, flags), "DifferentialProgram", List.of(mode, Integer.toString(ROUNDS), ops), 400)
                        .shouldSucceed(what + " run").stdout();
    }

    static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }

    static void compare(String what, String got, String reference) {
        List<String> g = got.lines().toList();
        List<String> r = reference.lines().toList();
        for (int i = 0; i < r.size(); i++) {
            if (i >= g.size() || !g.get(i).equals(r.get(i))) {
                throw new AssertionError(what + " differs from -Xint at line " + i + ": got '" + (i < g.size() ? g.get(i) : "<missing>")
                                + "', interpreter '" + r.get(i) + "'");
            }
        }
    }
}
