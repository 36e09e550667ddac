package tigris.test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code tigris} launcher's choice of JIT per command (doc/tigris.md, "Which JIT a command
 * runs"), seen in the flags the JVM reports it started with, and the {@code TIGRIS_JIT} override.
 */
class TigrisLauncherTest {
    @TempDir
    Path dir;

    record Run(int status, String out, String err) {
    }

    private static Run tigris(String jit, String... args) throws IOException, InterruptedException {
        return tigrisWith(jit, "-XX:+PrintCommandLineFlags", args);
    }

    /** With {@code jvmOptions} in JDK_JAVA_OPTIONS (ahead of the launcher's own). */
    private static Run tigrisWith(String jit, String jvmOptions, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "tigris").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        // The JVM prints the flags it was given on the command line before the command runs.
        pb.environment().put("JDK_JAVA_OPTIONS", jvmOptions);
        if (jit == null) {
            pb.environment().remove("TIGRIS_JIT");
        } else {
            pb.environment().put("TIGRIS_JIT", jit);
        }
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), new String(out, StandardCharsets.UTF_8), err);
    }

    /** graal, c2 or c1, from the flags line. */
    private static String jitOf(Run r) {
        String flags = r.out().lines().filter(l -> l.contains("-XX:")).findFirst().orElseThrow(() -> new AssertionError("no flags line in: " + r.out()));
        if (flags.contains("-XX:TieredStopAtLevel=1")) {
            return "c1";
        }
        if (flags.contains("-XX:-UseJVMCICompiler")) {
            return "c2";
        }
        assertTrue(flags.contains("-XX:+UseJVMCICompiler"), flags);
        return "graal";
    }

    @Test
    void eachCommandRunsItsJit() throws Exception {
        assertEquals("graal", jitOf(tigris(null, "node")), "a node stays up and runs mapped classes");
        assertEquals("c2", jitOf(tigris(null, "gensort", "10", dir.resolve("a").toString())));
        assertEquals("c2", jitOf(tigris(null, "valsort", dir.resolve("a").toString())));
        assertEquals("c2", jitOf(tigris(null, "sort", dir.resolve("a").toString(), dir.resolve("b").toString())));
        assertEquals("c1", jitOf(tigris(null, "sort", "--node", "n1=localhost:1", dir.resolve("a").toString(), dir.resolve("b").toString())));
        assertEquals("c1", jitOf(tigris(null, "sort", "--nodes=" + dir.resolve("nodes"), "x", "y")));
        assertEquals("c1", jitOf(tigris(null, "keygen")));
        assertEquals("c1", jitOf(tigris(null, "run")));
        assertEquals("graal", jitOf(tigris("auto", "node")));
    }

    @Test
    void tigrisJitOverridesAndEveryChoiceGivesTheSameRecords() throws Exception {
        byte[] reference = Files.readAllBytes(GenSortTest.REFERENCE);
        for (String jit : List.of("graal", "c2", "c1")) {
            Path f = dir.resolve("gensort-" + jit);
            Run r = tigris(jit, "gensort", "1000", f.toString());
            assertEquals(0, r.status(), r.err());
            assertEquals(jit, jitOf(r));
            assertArrayEquals(reference, Files.readAllBytes(f), "gensort under " + jit);
        }
        assertEquals("graal", jitOf(tigris("graal", "valsort", dir.resolve("gensort-c1").toString())));
    }

    /**
     * The C2 commands start from the AOT cache the image was built with; with AOTMode=on a JVM
     * that cannot map it fails instead of running without it, so these runs prove it maps.
     */
    @Test
    void theC2CommandsStartFromTheImagesAotCache() throws Exception {
        Path cache = Path.of(System.getProperty("java.home"), "lib", "tigris-c2.aot");
        assertTrue(Files.isRegularFile(cache), cache + " is built by make images");
        Path in = dir.resolve("in.dat");
        Path out = dir.resolve("out.dat");
        String strict = "-XX:+PrintCommandLineFlags -XX:AOTMode=on";
        Run g = tigrisWith(null, strict, "gensort", "1000", in.toString());
        assertEquals(0, g.status(), g.out() + g.err());
        assertTrue(g.out().contains("-XX:AOTCache="), g.out());
        assertArrayEquals(Files.readAllBytes(GenSortTest.REFERENCE), Files.readAllBytes(in));
        Run s = tigrisWith(null, strict, "sort", "-q", "-p", "2", "-s", "2", in.toString(), out.toString());
        assertEquals(0, s.status(), s.out() + s.err());
        Run v = tigrisWith(null, strict, "valsort", out.toString());
        assertEquals(0, v.status(), v.out() + v.err());
        assertTrue(v.err().endsWith("SUCCESS - all records are in order\n"), v.err());
        // The same option without a cache to map fails: the runs above did map it.
        Run none = tigrisWith("graal", strict, "gensort", "10", dir.resolve("a").toString());
        assertTrue(none.status() != 0, "AOTMode=on without a cache must fail: " + none.out() + none.err());
    }

    @Test
    void anUnknownJitIsRefusedByName() throws Exception {
        Run r = tigris("c3", "gensort", "10", dir.resolve("a").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("TIGRIS_JIT=c3 is none of auto, graal, c2, c1"), r.err());
        assertTrue(Files.notExists(dir.resolve("a")), "nothing ran");
    }
}
