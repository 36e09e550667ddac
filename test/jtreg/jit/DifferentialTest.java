/*
 * @test
 * @summary Random sequences of every template instruction give identical results in the
 *          interpreter (-Xint), C1 alone, and under the Jaguar JIT in strict mode.
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm DifferentialOps DifferentialProgram
 * @run main/othervm/timeout=600 DifferentialTest
 */

import java.util.List;

import jaguar.test.ChildJvm;

public class DifferentialTest {
    static final int ROUNDS = 40;

    public static void main(String[] args) throws Exception {
        String access = "--enable-native-access=ALL-UNNAMED";
        String rounds = Integer.toString(ROUNDS);
        String interpreted = ChildJvm.run(List.of("-Xint", access), "DifferentialProgram", List.of("plain", rounds), 300)
                        .shouldSucceed("-Xint run").stdout();
        String c1 = ChildJvm.run(List.of("-XX:TieredStopAtLevel=1", access), "DifferentialProgram", List.of("plain", rounds), 300)
                        .shouldSucceed("C1-only run").stdout();
        String jaguar = ChildJvm.run(List.of("-Djaguar.mapping.strict=true", access,
                        "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,DifferentialProgram::round"), "DifferentialProgram", List.of("jit", rounds), 400)
                        .shouldSucceed("Jaguar JIT run (strict)").stdout();
        if (interpreted.lines().count() != ROUNDS) {
            throw new AssertionError("-Xint run printed " + interpreted.lines().count() + " rounds, expected " + ROUNDS + ":\n" + interpreted);
        }
        compare("C1-only", c1, interpreted);
        compare("Jaguar JIT", jaguar, interpreted);
        System.out.println("all " + ROUNDS + " rounds agree across -Xint, C1 and the Jaguar JIT");
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
