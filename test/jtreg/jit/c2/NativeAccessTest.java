/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary Machine code from a user's class is a restricted capability, decided for the module
 *          that declares the mapping when it is registered: by default one JDK-style warning per
 *          module and the mapping works; with --enable-native-access no warning; under
 *          --illegal-native-access=deny the mapping is refused, naming method and module, and
 *          its Java body runs.
 * @library /lib /test/lib
 * @build jdk.test.whitebox.WhiteBox jaguar.test.Compilation jaguar.test.ChildJvm UserMappingProgram
 * @run driver jdk.test.lib.helpers.ClassFileInstaller jdk.test.whitebox.WhiteBox
 * @run main/othervm/timeout=300 NativeAccessTest
 */

import java.util.List;

import jaguar.test.ChildJvm;

public class NativeAccessTest {
    /** UserMappingProgram has C2 compile its caller through WhiteBox, from the working directory. */
    static final List<String> C2 = List.of("-Djaguar.mapping.strict=true", "-Xbootclasspath/a:.", "-XX:+UnlockDiagnosticVMOptions",
                    "-XX:+WhiteBoxAPI", "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,UserMappingProgram::round");

    public static void main(String[] args) throws Exception {
        ChildJvm.Result warn = run(List.of());
        expect(warn.stdout().strip().equals("add=0 next=0"), "default: the mappings run", warn);
        expect(count(warn.stderr(), "WARNING: A code mapping in UserMappingProgram has been registered") == 1,
                        "default: exactly one warning for the module", warn);
        expect(warn.stderr().contains("is declared in an unnamed module (file:")
                        && warn.stderr().contains("Use --enable-native-access=ALL-UNNAMED"), "default: the warning names module and flag", warn);

        ChildJvm.Result enabled = run(List.of("--enable-native-access=ALL-UNNAMED"));
        expect(enabled.stdout().strip().equals("add=0 next=0"), "enabled: the mappings run", enabled);
        expect(!enabled.stderr().contains("WARNING"), "enabled: no warning", enabled);

        ChildJvm.Result denied = run(List.of("--illegal-native-access=deny"));
        expect(denied.stdout().strip().equals("add=100000 next=100000"), "deny: the Java bodies run", denied);
        expect(denied.stderr().contains("code mapping UserMappingProgram.add(long, long) refused: it is declared in an unnamed module")
                        && denied.stderr().contains("--illegal-native-access=deny"), "deny: the refusal names method, module and why", denied);
        System.out.println("default warns once, --enable-native-access is silent, deny refuses");
    }

    static ChildJvm.Result run(List<String> flags) throws Exception {
        List<String> vm = new java.util.ArrayList<>(C2);
        vm.addAll(flags);
        return ChildJvm.run(vm, "UserMappingProgram", List.of(), 120).shouldSucceed("UserMappingProgram " + flags);
    }

    static int count(String text, String what) {
        return (int) text.lines().filter(l -> l.contains(what)).count();
    }

    static void expect(boolean ok, String what, ChildJvm.Result r) {
        if (!ok) {
            throw new AssertionError(what + "\n-- stdout:\n" + r.stdout() + "\n-- stderr:\n" + r.stderr());
        }
    }
}
