/*
 * @test
 * @summary Random sequences of every template instruction give identical results in the
 *          interpreter (-Xint), C1 alone and C2; the typed instructions also with C2 in strict
 *          mode (no Java body runs once the caller is compiled) under tiered and C2-only
 *          compilation, -Xcomp, OSR, ZGC and uncompressed oops.
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
        // Every op, raw x86 templates included: C2 runs those as their Java bodies until the raw
        // byte verifier lets it expand them (doc/hotspot.md), so no strict mode here.
        String all = interpreted("all");
        compare("C1-only, all ops", run("C1-only", List.of("-XX:TieredStopAtLevel=1"), "plain", "all"), all);
        compare("C2, all ops", run("C2", List.of(), "warm", "all"), all);

        String typed = interpreted("typed");
        compare("C1-only", run("C1-only", List.of("-XX:TieredStopAtLevel=1"), "plain", "typed"), typed);
        List<String> strict = List.of("-Djaguar.mapping.strict=true", "-XX:CompileCommand=quiet",
                        "-XX:CompileCommand=dontinline,DifferentialProgram::round");
        for (List<String> flags : List.of(List.<String>of(), List.of("-XX:-TieredCompilation"), List.of("-Xcomp"),
                        List.of("-XX:+UseZGC"), List.of("-XX:-UseCompressedOops"))) {
            String what = "C2 " + flags + " (strict)";
            compare(what, run(what, concat(strict, flags), "jit", "typed"), typed);
        }
        System.out.println("all " + ROUNDS + " rounds agree across -Xint, C1 and C2 (every op), and C2 in strict mode in five configurations");
    }

    static String interpreted(String ops) throws Exception {
        String out = run("-Xint", List.of("-Xint"), "plain", ops);
        if (out.lines().count() != ROUNDS) {
            throw new AssertionError("-Xint run printed " + out.lines().count() + " rounds, expected " + ROUNDS + ":\n" + out);
        }
        return out;
    }

    static String run(String what, List<String> flags, String mode, String ops) throws Exception {
        return ChildJvm.run(concat(VM, flags), "DifferentialProgram", List.of(mode, Integer.toString(ROUNDS), ops), 400)
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
