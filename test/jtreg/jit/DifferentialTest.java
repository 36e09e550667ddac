/*
 * @test
 * @summary Random sequences of every template instruction (raw x86 bytes included) give identical
 *          results in the interpreter (-Xint), C1 alone, and C2 in strict mode (no Java body
 *          runs once the caller is compiled) under tiered and C2-only compilation, -Xcomp, ZGC
 *          and uncompressed oops.
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm DifferentialOps DifferentialProgram
 * @run main/othervm/timeout=1200 DifferentialTest
 */

import java.util.List;

import jaguar.test.ChildJvm;

public class DifferentialTest {
    static final int ROUNDS = 40;

    static final List<String> VM = List.of("--enable-native-access=ALL-UNNAMED");

    public static void main(String[] args) throws Exception {
        String interpreted = run("-Xint", List.of("-Xint"), "plain");
        if (interpreted.lines().count() != ROUNDS) {
            throw new AssertionError("-Xint run printed " + interpreted.lines().count() + " rounds, expected " + ROUNDS + ":\n" + interpreted);
        }
        compare("C1-only", run("C1-only", List.of("-XX:TieredStopAtLevel=1"), "plain"), interpreted);
        List<String> strict = List.of("-Djaguar.mapping.strict=true", "-XX:CompileCommand=quiet",
                        "-XX:CompileCommand=dontinline,DifferentialProgram::round");
        for (List<String> flags : List.of(List.<String>of(), List.of("-XX:-TieredCompilation"), List.of("-Xcomp"),
                        List.of("-XX:+UseZGC"), List.of("-XX:-UseCompressedOops"))) {
            String what = "C2 " + flags + " (strict)";
            compare(what, run(what, concat(strict, flags), "jit"), interpreted);
        }
        System.out.println("all " + ROUNDS + " rounds agree across -Xint, C1 and C2 in strict mode in five configurations");
    }

    static String run(String what, List<String> flags, String mode) throws Exception {
        return ChildJvm.run(concat(VM, flags), "DifferentialProgram", List.of(mode, Integer.toString(ROUNDS)), 400)
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
