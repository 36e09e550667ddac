/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bad river file is status 2 with the file, the line and the problem, before any node is called
 * (the nodes listed here do not exist), and never a stack trace.
 */
class RiverFileErrorsTest {
    @TempDir
    static Path dir;

    private static final String G = GraphModules.class.getName();

    @BeforeAll
    static void jar() throws Exception {
        Files.write(dir.resolve("modules.jar"), NodeControlTest.moduleJar());
        Files.writeString(dir.resolve("pw"), "x\n");
    }

    /** A river file of {@code statements} after the river, jar and node lines (so the first statement is line 5). */
    private static TigrisSortTest.Run run(String name, String... statements) throws Exception {
        Path f = dir.resolve(name + ".tgr");
        List<String> lines = new java.util.ArrayList<>(List.of("river " + name, "jar modules.jar", "node a 127.0.0.1:1", "node b 127.0.0.2:1"));
        lines.addAll(List.of(statements));
        Files.write(f, lines);
        TigrisSortTest.Run r = TigrisSortTest.tigris("run", f.toString(), "--key", dir.resolve("none.p12").toString(), "--password-file",
                        dir.resolve("pw").toString());
        assertEquals(2, r.status(), name + ": " + r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception in thread"), name + ": " + r.err());
        return r;
    }

    private static void says(TigrisSortTest.Run r, String name, int line, String problem) {
        assertTrue(r.err().contains(dir.resolve(name + ".tgr") + ":" + line + ": " + problem), "expected line " + line + ": " + problem + "\n" + r.err());
    }

    private static final String SOURCE = "module source " + G + "$CountingSource on a out:out=tigris.test.Record count=10";
    private static final String SINK = "module sink " + G + "$SummingSink on a in:in=tigris.test.Record";

    @Test
    void graphErrorsNameTheirLine() throws Exception {
        says(run("port", SOURCE, SINK, "connect source.out sink.nope"), "port", 7, "connection source.out -> sink.nope: module sink has no port nope");
        says(run("dangling", SOURCE, SINK), "dangling", 5, "dangling port: output source.out");
        says(run("dangling2", SOURCE, SINK), "dangling2", 6, "dangling port: input sink.in");
        says(run("mistyped", SOURCE, "module sink " + G + "$SummingSink on a in:in=Water", "connect source.out sink.in"), "mistyped", 7,
                        "connection source.out -> sink.in is mistyped");
        says(run("window", SOURCE, SINK, "connect source.out sink.in window=0"), "window", 7, "connection source.out -> sink.in: window and water size must be positive, got window 0 and water size 65536");
        says(run("water", SOURCE, SINK, "connect source.out sink.in water=-1"), "water", 7, "connection source.out -> sink.in: window and water size must be positive, got window 8 and water size -1");
    }

    @Test
    void statementErrorsNameTheirLine() throws Exception {
        says(run("notmodule", "module source tigris.test.Record on a out:out=tigris.test.Record"), "notmodule", 5,
                        "class tigris.test.Record is not a Tigris module");
        says(run("noclass", "module source no.Such on a"), "noclass", 5, "class no.Such is not in the jar");
        // A second jar or river line would have mixed two jars' classes, or dropped the modules before it.
        says(run("twojars", "jar modules.jar", SOURCE), "twojars", 5, "a river has one jar, and this one's is " + dir.resolve("modules.jar"));
        says(run("tworivers", SOURCE, "river again"), "tworivers", 6, "a file holds one river, and this one is tworivers");
        says(run("policy", SOURCE + " policy:FASTEST"), "policy", 5, "policy:FASTEST is not one of [ROUND_ROBIN, RANDOM, LOTTERY, PARTITIONED]");
        says(run("transport", SOURCE, SINK, "connect source.out sink.in transport=pigeon"), "transport", 7,
                        "transport=pigeon is not one of memory, tcp, shm, verbs, file");
        says(run("placement", SOURCE, "module sink " + G + "$SummingSink on b in:in=tigris.test.Record", "connect source.out sink.in transport=shm"),
                        "placement", 7, "connection source.out -> sink.in is shared-memory (transport=shm), but source runs on a (127.0.0.1) and sink on b (127.0.0.2)");
    }

    @Test
    void aBadTimeCriticalMarkNamesItsLineAndWhatIsAllowed() throws Exception {
        String doubler = "module doubler " + G + "$Doubler on a in:in=tigris.test.Record out:out=tigris.test.Record";
        says(run("when", SOURCE + " critical:sometimes"), "when", 5,
                        "critical: 'sometimes' must begin with when it runs: every=MICROS or arrival, not 'sometimes'");
        says(run("short", SOURCE + " critical:every=5"), "short", 5, "critical: a time-critical module runs every 10 µs or more");
        says(run("twice", doubler + " critical:arrival,drop,keep=2"), "twice", 5, "critical: 'arrival,drop,keep=2' says twice what an overrun does");
        says(run("keepless", doubler + " critical:arrival,keep=0"), "keepless", 5, "critical: KEEP_NEWEST keeps at least 1 Water (the newest), not 0");
        says(run("unknown", doubler + " critical:arrival,fast"), "unknown", 5, "critical: 'fast' in 'arrival,fast' is not drop, keep, keep=N or max=N");
        says(run("nan", doubler + " critical:every=soon"), "nan", 5, "critical: every=MICROS: 'soon' is not a whole number");
        // The graph's own rules, at the module's line: nothing arrives at a source, one task runs one instance.
        says(run("sourced", SOURCE + " critical:arrival", SINK, "connect source.out sink.in"), "sourced", 5,
                        "module source is time-critical (on arrival, DROP_NEWEST, at most 16 Waters a run) and has no upstream reservoir");
        says(run("twoof", SOURCE, "module doubler " + G + "$Doubler on a,b in:in=tigris.test.Record out:out=tigris.test.Record critical:every=100", SINK,
                        "connect source.out doubler.in", "connect doubler.out sink.in"), "twoof", 6, "module doubler is time-critical (every 100 µs, DROP_NEWEST, at most 16 Waters a run) and has 2 instances");
    }
}
