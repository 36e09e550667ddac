/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary The VM hands the PSO class rewriter what application class loaders define and
 *          nothing else: `java -version` loads neither the rewriter nor java.instrument; a plain
 *          class path program is ruled out by the VM's first look and loads none of it; a PSO class
 *          is rewritten whether the application class loader or a user's own loader defines it,
 *          and so are a subclass and a user of its fields defined once it is loaded (the VM's
 *          own first look rules classes out only from loaded superclasses and field owners).
 * @library /lib
 * @build jaguar.test.ChildJvm jaguar.test.ChildFirstLoader PlainHello RewrittenPoint RewrittenPoint3D PointUser ClassRewritingProgram
 * @run main/othervm ClassRewritingTest
 */

import java.nio.file.Path;
import java.util.List;

import jaguar.test.ChildJvm;

public class ClassRewritingTest {
    public static void main(String[] args) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xlog:class+load=info", "-version")
                        .redirectErrorStream(true).start();
        String version = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new AssertionError("java -version failed:\n" + version);
        }
        refuse(version, "jaguar.pso.rewriter", "java -version loaded the PSO class rewriter");
        refuse(version, "sun.instrument", "java -version loaded java.instrument (a Java agent?)");

        String hello = ChildJvm.run(List.of("-Xlog:class+load=info"), "PlainHello", List.of(), 120).shouldSucceed("PlainHello").stdout();
        refuse(hello, "jaguar.pso.rewriter", "the VM's first look should have ruled PlainHello out without calling Java");

        String out = ChildJvm.run(List.of(), "ClassRewritingProgram", List.of(), 120).shouldSucceed("ClassRewritingProgram").stdout();
        require(out, "app rewritten=true", "RewrittenPoint defined by the application class loader");
        require(out, "own rewritten=true", "RewrittenPoint defined by a user's own class loader");
        require(out, "subclass rewritten=true", "RewrittenPoint3D, whose superclass is a loaded PSO class");
        require(out, "user x=42 y=7", "PointUser, which writes the fields of a loaded PSO class");
        System.out.println("the rewriter sees application classes only");
    }

    static void require(String text, String needle, String what) {
        if (!text.contains(needle)) {
            throw new AssertionError(what + ": '" + needle + "' not found in:\n" + text);
        }
    }

    static void refuse(String text, String needle, String what) {
        if (text.contains(needle)) {
            throw new AssertionError(what + ":\n" + text);
        }
    }
}
