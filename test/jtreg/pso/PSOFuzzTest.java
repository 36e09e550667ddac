/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test id=jit
 * @summary Hostile bytes, short campaign on the default JIT (C1 and C2, mappings expanded): the crafted corpus
 *          and a seeded random campaign of mutated and garbage containers, read inside guard
 *          pages; also checks that a read of a guard page does kill the JVM.
 * @library /lib
 * @build jaguar.test.ChildJvm PSOFuzz PSOFuzzCorpus GuardedRegion FuzzBase FuzzLeaf FuzzNode FuzzNodeEx
 * @run main/othervm PSOFuzzTest selftest
 * @run main/othervm/timeout=300 PSOFuzzTest jit 8000 20
 */

/*
 * @test id=xint
 * @summary Hostile bytes, short campaign in the interpreter.
 * @library /lib
 * @build jaguar.test.ChildJvm PSOFuzz PSOFuzzCorpus GuardedRegion FuzzBase FuzzLeaf FuzzNode FuzzNodeEx
 * @run main/othervm/timeout=300 PSOFuzzTest xint 1200 12
 */

/*
 * @test id=c1
 * @summary Hostile bytes, short campaign with C1 alone.
 * @library /lib
 * @build jaguar.test.ChildJvm PSOFuzz PSOFuzzCorpus GuardedRegion FuzzBase FuzzLeaf FuzzNode FuzzNodeEx
 * @run main/othervm/timeout=300 PSOFuzzTest c1 5000 12
 */

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import jaguar.test.ChildJvm;

/**
 * Runs PSOFuzz in a child JVM (so that a crash, which is how a read outside the container shows,
 * is reported with the case that caused it instead of just killing the test) with the VM flags of
 * the mode: {@code PSOFuzzTest <jit|xint|c1> <iterations> <seconds, 0 for no limit>}, or
 * {@code PSOFuzzTest selftest}. The seed is random and printed unless {@code -Djaguar.fuzz.seed}
 * is given; every failure prints the command line that replays it alone.
 */
public class PSOFuzzTest {
    public static void main(String[] args) throws Exception {
        if (args[0].equals("selftest")) {
            selftest("after");
            selftest("before");
            return;
        }
        String mode = args[0];
        long iterations = Long.parseLong(args[1]);
        long seconds = Long.parseLong(args[2]);
        long seed = Long.getLong("jaguar.fuzz.seed", new SplittableRandom().nextLong());
        Path state = Path.of("pso-fuzz-state-" + mode + ".bin").toAbsolutePath();
        List<String> vm = new ArrayList<>(vmOptions(mode));
        vm.addAll(List.of("-Djaguar.fuzz.seed=" + seed, "-Djaguar.fuzz.iterations=" + iterations,
                        "-Djaguar.fuzz.seconds=" + seconds, "-Djaguar.fuzz.state=" + state,
                        "-Djaguar.fuzz.corpus=" + corpus(),
                        "-Djaguar.fuzz.save=" + Path.of(".").toAbsolutePath().normalize()));
        long timeout = (seconds > 0 ? seconds : 240) + 240;
        System.out.println("PSOFuzzTest " + mode + ": seed " + seed + " (replay with -Djaguar.fuzz.seed=" + seed + ")");
        ChildJvm.Result r = ChildJvm.run(vm, "PSOFuzz", List.of(), timeout);
        System.out.println(r.stdout());
        System.err.println(r.stderr());
        if (r.exitCode() != 0) {
            String out = r.stdout();
            int list = out.indexOf(" distinct failure(s):");
            String summary = list < 0 ? "" : "\n" + out.substring(out.lastIndexOf('\n', list) + 1).replace("\nPASSED", "").strip();
            throw new AssertionError("PSOFuzz (" + mode + ", seed " + seed + ") exited with " + r.exitCode() + postMortem(state, vm) + summary);
        }
        if (!r.stdout().contains("PASSED")) {
            throw new AssertionError("PSOFuzz (" + mode + ") exited normally without PASSED");
        }
    }

    /** test/jtreg/pso/corpus, from this directory or from a sibling (pso_long). */
    static Path corpus() {
        Path src = Path.of(System.getProperty("test.src", "."));
        Path here = src.resolve("corpus");
        return Files.isDirectory(here) ? here : src.resolveSibling("pso").resolve("corpus");
    }

    static List<String> vmOptions(String mode) {
        List<String> vm = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED", "-XX:-CreateCoredumpOnCrash",
                        "-XX:ErrorFile=" + Path.of("hs_err_pso_fuzz_%p.log").toAbsolutePath()));
        switch (mode) {
            case "jit" -> {
            }
            case "xint" -> vm.add("-Xint");
            case "c1" -> vm.add("-XX:TieredStopAtLevel=1");
            default -> throw new IllegalArgumentException("mode " + mode + ": jit, xint or c1");
        }
        return vm;
    }

    /** After a crash: the case the child was running, from its state file, saved and replayable. */
    static String postMortem(Path state, List<String> vm) throws Exception {
        if (!Files.exists(state)) {
            return "; no state file";
        }
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(state)).order(ByteOrder.LITTLE_ENDIAN);
        long tag = b.getLong(0);
        if (tag == -2) {
            return " after finishing its campaign (see its output above)";
        }
        if (tag == -1) {
            return " before or while starting a case (see its output above)";
        }
        long seed = b.getLong(8);
        int available = b.getInt(16);
        boolean atEnd = b.getInt(20) != 0;
        int length = b.getInt(24);
        String name = new String(b.array(), 28, 100, StandardCharsets.UTF_8).replace("\0", "");
        byte[] bytes = Arrays.copyOfRange(b.array(), 128, 128 + length);
        List<String> flags = vm.stream().filter(a -> a.equals("-Xint") || a.startsWith("-XX:TieredStopAtLevel")).toList();
        String java = "java " + String.join(" ", flags) + (flags.isEmpty() ? "" : " ") + "--enable-native-access=ALL-UNNAMED -cp "
                        + System.getProperty("test.class.path");
        String where = length + " bytes, available=" + available + ", " + (atEnd ? "guard after" : "guard before");
        if (tag == -3) {
            return "\nIt died (a crash is a read outside the container: see the hs_err file) reading corpus file " + name + " ("
                            + where + ")\n  replay: " + java + " -Djaguar.fuzz.replay=" + name + " PSOFuzz";
        }
        Path saved = Path.of("pso-fuzz-crash-" + seed + "-" + tag + ".bin").toAbsolutePath();
        Files.write(saved, bytes);
        return "\nIt died (a crash is a read outside the container: see the hs_err file) in iteration " + tag + " of seed " + seed + " ("
                        + where + ")\n  bytes: " + saved + "\n  replay: " + java + " -Djaguar.fuzz.seed=" + seed + " -Djaguar.fuzz.first="
                        + tag + " -Djaguar.fuzz.iterations=" + (tag + 1) + " PSOFuzz";
    }

    /** A read of the guard page after (or before) the data region must kill the JVM with SIGSEGV. */
    static void selftest(String where) throws Exception {
        List<String> vm = new ArrayList<>(vmOptions("xint"));
        vm.add("-Djaguar.fuzz.selftest=" + where);
        ChildJvm.Result r = ChildJvm.run(vm, "PSOFuzz", List.of(), 120);
        String all = r.stdout() + r.stderr();
        if (r.exitCode() == 0 || all.contains("SELFTEST-SURVIVED") || !all.contains("SIGSEGV")) {
            throw new AssertionError("reading the guard page " + where + " the region did not crash the JVM with SIGSEGV (exit "
                            + r.exitCode() + "):\n" + all);
        }
        System.out.println("self-test: a read of the guard page " + where + " the data region killed the JVM (SIGSEGV), as it must");
    }
}
