/*
 * @test
 * @summary A user's mappings in their own jar on the class path are mapped by C2 with no extra
 *          flag; -XX:-Inline and CompileCommand=dontinline leave the calls to the Java bodies.
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm UserMappingProgram
 * @run main/othervm/timeout=300 CallSiteRulesTest
 */

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.spi.ToolProvider;

import jaguar.test.ChildJvm;

public class CallSiteRulesTest {
    static final List<String> C2 = List.of("-Djaguar.mapping.strict=true", "--enable-native-access=ALL-UNNAMED",
                    "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,UserMappingProgram::round");

    public static void main(String[] args) throws Exception {
        // The program and its warm-up helper as a user's jar: nothing of it on the test class path.
        Path jar = Path.of("user-mappings.jar").toAbsolutePath();
        Path classes = Path.of(System.getProperty("test.classes"));
        Path lib = java.util.Arrays.stream(System.getProperty("test.class.path").split(File.pathSeparator)).map(Path::of)
                        .filter(p -> Files.exists(p.resolve("jaguar/test/Warmup.class"))).findFirst().orElseThrow();
        Files.deleteIfExists(jar);
        int rc = ToolProvider.findFirst("jar").orElseThrow().run(System.out, System.err, "--create", "--file", jar.toString(),
                        "-C", classes.toString(), "UserMappingProgram.class", "-C", lib.toString(), "jaguar/test/Warmup.class");
        if (rc != 0) {
            throw new AssertionError("jar failed: " + rc);
        }
        expect(run(jar, List.of(), "60"), "mapped", "from a jar on the class path");
        expect(run(jar, List.of("-XX:-Inline"), "8"), "not mapped", "-XX:-Inline");
        expect(run(jar, List.of("-XX:CompileCommand=dontinline,UserMappingProgram::add"), "8"), "not mapped", "dontinline");
        System.out.println("a jar's mappings are mapped; -XX:-Inline and dontinline leave the Java bodies");
    }

    static ChildJvm.Result run(Path jar, List<String> flags, String seconds) throws Exception {
        List<String> vm = new java.util.ArrayList<>(C2);
        vm.addAll(flags);
        return ChildJvm.run(vm, jar.toString(), "UserMappingProgram", List.of(seconds), 120).shouldSucceed("UserMappingProgram " + flags);
    }

    static void expect(ChildJvm.Result r, String want, String what) {
        if (!r.stdout().strip().equals(want)) {
            throw new AssertionError(what + ": expected '" + want + "'\n-- stdout:\n" + r.stdout() + "\n-- stderr:\n" + r.stderr());
        }
    }
}
