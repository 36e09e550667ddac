/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code tigris} launcher (doc/tigris.md, "The launcher"): every command runs on the image's
 * one JIT, seen in the flags the JVM reports it started with, and starts from the image's AOT cache.
 */
class TigrisLauncherTest {
    @TempDir
    Path dir;

    record Run(int status, String out, String err) {
        String flags() {
            return out.lines().filter(l -> l.contains("-XX:")).findFirst().orElseThrow(() -> new AssertionError("no flags line in: " + out));
        }
    }

    /** With {@code jvmOptions} in JDK_JAVA_OPTIONS (ahead of the launcher's own) and {@code env} added. */
    private static Run tigris(String jvmOptions, Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "tigris").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        // The JVM prints the flags it was given on the command line before the command runs.
        pb.environment().put("JDK_JAVA_OPTIONS", jvmOptions);
        pb.environment().remove("TIGRIS_JIT");
        pb.environment().putAll(env);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), new String(out, StandardCharsets.UTF_8), err);
    }

    private static Run tigris(String... args) throws IOException, InterruptedException {
        return tigris("-XX:+PrintCommandLineFlags", Map.of(), args);
    }

    @Test
    void everyCommandRunsTheImagesOneJit() throws Exception {
        List<List<String>> commands = List.of(List.of("node", "--no-such-option"), List.of("gensort", "10", dir.resolve("a").toString()),
                        List.of("valsort", dir.resolve("a").toString()), List.of("sort", dir.resolve("a").toString(), dir.resolve("b").toString()),
                        List.of("sort", "--node", "n1=localhost:1", dir.resolve("a").toString(), dir.resolve("c").toString()),
                        List.of("keygen", "--no-such-option"), List.of("run", "--no-such-option"));
        for (List<String> c : commands) {
            String flags = tigris(c.toArray(String[]::new)).flags();
            for (String choice : List.of("TieredStopAtLevel", "UseJVMCICompiler", "EnableJVMCI", "TieredCompilation")) {
                assertFalse(flags.contains(choice), c + " must not choose a JIT: " + flags);
            }
            assertTrue(flags.contains("-XX:AOTCache="), c + " starts from the image's AOT cache: " + flags);
        }
    }

    @Test
    void aLeftoverTigrisJitIsNamedAndIgnored() throws Exception {
        Path f = dir.resolve("g");
        Run r = tigris("-XX:+PrintCommandLineFlags", Map.of("TIGRIS_JIT", "graal"), "gensort", "1000", f.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("TIGRIS_JIT=graal is ignored"), r.err());
        assertFalse(r.flags().contains("JVMCI"), r.flags());
        assertArrayEquals(Files.readAllBytes(GenSortTest.REFERENCE), Files.readAllBytes(f));
    }

    /**
     * Commands start from the AOT cache the image was built with; with AOTMode=on a JVM that
     * cannot map it fails instead of running without it, so these runs prove it maps.
     */
    @Test
    void commandsStartFromTheImagesAotCache() throws Exception {
        Path cache = Path.of(System.getProperty("java.home"), "lib", "tigris.aot");
        assertTrue(Files.isRegularFile(cache), cache + " is built by make images");
        Path in = dir.resolve("in.dat");
        Path out = dir.resolve("out.dat");
        String strict = "-XX:+PrintCommandLineFlags -XX:AOTMode=on";
        Run g = tigris(strict, Map.of(), "gensort", "1000", in.toString());
        assertEquals(0, g.status(), g.out() + g.err());
        assertArrayEquals(Files.readAllBytes(GenSortTest.REFERENCE), Files.readAllBytes(in));
        Run s = tigris(strict, Map.of(), "sort", "-q", "-p", "2", "-s", "2", in.toString(), out.toString());
        assertEquals(0, s.status(), s.out() + s.err());
        Run v = tigris(strict, Map.of(), "valsort", out.toString());
        assertEquals(0, v.status(), v.out() + v.err());
        assertTrue(v.err().endsWith("SUCCESS - all records are in order\n"), v.err());
        // The same option with a cache the JVM cannot map fails: the runs above did map it.
        Process none = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:AOTMode=on",
                        "-XX:AOTCache=" + cache, "-version").redirectErrorStream(true).start();
        String said = new String(none.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(none.waitFor() != 0, "AOTMode=on with a cache for another main module must fail: " + said);
    }
}
