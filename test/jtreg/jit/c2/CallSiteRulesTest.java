/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary A user's mappings in their own jar on the class path are mapped by C2 with no extra
 *          flag; -XX:-Inline and CompileCommand=dontinline leave the calls to the Java bodies:
 *          in a caller C2 compiled (WhiteBox, level checked after the run) the results are
 *          right and each Java body ran exactly once per call it was left.
 * @library /lib /test/lib
 * @build jdk.test.whitebox.WhiteBox jaguar.test.Compilation jaguar.test.ChildJvm UserMappingProgram
 * @run driver jdk.test.lib.helpers.ClassFileInstaller jdk.test.whitebox.WhiteBox
 * @run main/othervm/timeout=300 CallSiteRulesTest
 */

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.spi.ToolProvider;

import jaguar.test.ChildJvm;

public class CallSiteRulesTest {
    /** WhiteBox from the boot class path (ClassFileInstaller put it in the working directory). */
    static final List<String> C2 = List.of("-Djaguar.mapping.strict=true", "--enable-native-access=ALL-UNNAMED",
                    "-Xbootclasspath/a:.", "-XX:+UnlockDiagnosticVMOptions", "-XX:+WhiteBoxAPI",
                    "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,UserMappingProgram::round");
    /** Java-body runs in 100 rounds of 1,000 calls of each mapping. */
    static final String ALL = "100000";

    public static void main(String[] args) throws Exception {
        // The program and its compilation helper as a user's jar: nothing of it on the test class path.
        Path jar = Path.of("user-mappings.jar").toAbsolutePath();
        Path classes = Path.of(System.getProperty("test.classes"));
        Path lib = java.util.Arrays.stream(System.getProperty("test.class.path").split(File.pathSeparator)).map(Path::of)
                        .filter(p -> Files.exists(p.resolve("jaguar/test/Compilation.class"))).findFirst().orElseThrow();
        Files.deleteIfExists(jar);
        int rc = ToolProvider.findFirst("jar").orElseThrow().run(System.out, System.err, "--create", "--file", jar.toString(),
                        "-C", classes.toString(), "UserMappingProgram.class", "-C", lib.toString(), "jaguar/test/Compilation.class");
        if (rc != 0) {
            throw new AssertionError("jar failed: " + rc);
        }
        expect(run(jar, List.of()), "add=0 next=0", "from a jar on the class path");
        expect(run(jar, List.of("-XX:-Inline")), "add=" + ALL + " next=" + ALL, "-XX:-Inline");
        expect(run(jar, List.of("-XX:CompileCommand=dontinline,UserMappingProgram::add")), "add=" + ALL + " next=0", "dontinline add");
        System.out.println("a jar's mappings are mapped by C2; -XX:-Inline and dontinline leave exactly those calls to the Java bodies");
    }

    static ChildJvm.Result run(Path jar, List<String> flags) throws Exception {
        List<String> vm = new java.util.ArrayList<>(C2);
        vm.addAll(flags);
        return ChildJvm.run(vm, jar.toString(), "UserMappingProgram", List.of(), 120).shouldSucceed("UserMappingProgram " + flags);
    }

    static void expect(ChildJvm.Result r, String want, String what) {
        if (!r.stdout().strip().equals(want)) {
            throw new AssertionError(what + ": expected '" + want + "'\n-- stdout:\n" + r.stdout() + "\n-- stderr:\n" + r.stderr());
        }
        System.out.println(what + ": " + want);
    }
}
