/*
 * @test
 * @summary The VM hands the PSO class rewriter what application class loaders define and
 *          nothing else: `java -version` loads neither the rewriter nor java.instrument; a plain
 *          class path program loads only its entry and filter, from the CDS archive; a PSO class
 *          is rewritten whether the application class loader or a user's own loader defines it.
 * @library /lib
 * @build jaguar.test.ChildJvm PlainHello RewrittenPoint ClassRewritingProgram
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
        require(hello, "jaguar.pso.rewriter.PSOClassTransformer source: shared objects file",
                        "a class path program hands its class to the rewriter, whose entry comes from the CDS archive");
        refuse(hello, "jaguar.pso.rewriter.PSOClassRewriter", "the filter should have ruled PlainHello out without the rewriter");

        String out = ChildJvm.run(List.of(), "ClassRewritingProgram", List.of(), 120).shouldSucceed("ClassRewritingProgram").stdout();
        require(out, "app rewritten=true", "RewrittenPoint defined by the application class loader");
        require(out, "own rewritten=true", "RewrittenPoint defined by a user's own class loader");
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
