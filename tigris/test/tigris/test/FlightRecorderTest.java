/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import tigris.graph.LocalRiver;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.RiverReport;
import tigris.graph.ThreadPolicy;

/** A river's behaviour in a flight recording: module operations, waits, hand-offs, credits and DQ choices, read back. */
class FlightRecorderTest {
    @TempDir
    Path dir;

    private static final List<String> EVENTS = List.of("tigris.ModuleOperation", "tigris.ReservoirWait", "tigris.WaterHandOff", "tigris.CreditBack",
                    "tigris.DqChoice");

    private List<RecordedEvent> record(Map<String, String> settings) throws Exception {
        RiverGraph g = new RiverGraph("recorded");
        ReservoirSpec spec = ReservoirSpec.of(2, 1024);
        g.module("source", GraphModules.CountingSource.class).parameter("count", "400").output("out", Record.class);
        g.module("doubler", GraphModules.Doubler.class).instances(2).policy(ThreadPolicy.LOTTERY).input("in", Record.class).output("out", Record.class);
        // A slow sink: its upstream waits for credit, and it waits for Water at the start.
        g.module("sink", GraphModules.FileSummingSink.class).parameter("out", dir.resolve("sum").toString()).parameter("delayMillis", "2")
                        .input("in", Record.class);
        g.connect("source.out", "doubler.in", spec).connect("doubler.out", "sink.in", spec);
        Path file = dir.resolve("river-" + System.nanoTime() + ".jfr");
        try (Recording r = new Recording()) {
            r.setSettings(settings);
            r.start();
            try (LocalRiver river = LocalRiver.build(g).start()) {
                RiverReport report = river.await(60, TimeUnit.SECONDS);
                assertTrue(report.completed(), report.toString());
            }
            r.stop();
            r.dump(file);
        }
        return RecordingFile.readAllEvents(file).stream().filter(e -> e.getEventType().getName().startsWith("tigris.")).toList();
    }

    @Test
    void aRecordingShowsTheRiversOperationsWaitsHandOffsCreditsAndChoices() throws Exception {
        Map<String, String> all = EVENTS.stream().collect(Collectors.toMap(n -> n + "#enabled", n -> "true"));
        Map<String, String> settings = new java.util.HashMap<>(all);
        settings.put("tigris.ReservoirWait#threshold", "0 ms");
        List<RecordedEvent> events = record(settings);
        Map<String, List<RecordedEvent>> byType = events.stream().collect(Collectors.groupingBy(e -> e.getEventType().getName()));
        assertEquals(java.util.Set.copyOf(EVENTS), byType.keySet(), "every kind of event was recorded");
        // The source made 400 Waters: each doubler operation and each put is there, with its module and reservoir.
        List<RecordedEvent> doublerOps = byType.get("tigris.ModuleOperation").stream().filter(e -> e.getString("module").startsWith("doubler"))
                        .toList();
        assertEquals(400 + 2, doublerOps.size(), "400 Waters and one End of River call per doubler instance");
        assertTrue(doublerOps.stream().anyMatch(e -> e.getString("from").equals("source->doubler#0") && e.getLong("bytes") > 0));
        long puts = byType.get("tigris.WaterHandOff").stream().filter(e -> e.getString("reservoir").startsWith("source->")).count();
        assertEquals(400, puts);
        assertEquals(401, byType.get("tigris.DqChoice").stream().filter(e -> e.getString("module").equals("source")).count(),
                        "the source's DQ chose a doubler for every operation: 400 Waters and the call that ends the river");
        assertTrue(byType.get("tigris.CreditBack").stream().anyMatch(e -> e.getString("reservoir").equals("doubler#1->sink")));
        assertTrue(byType.get("tigris.ReservoirWait").stream().anyMatch(e -> e.getString("waitingFor").equals("credit")),
                        "a producer waited for the slow sink's credit");
    }

    @Test
    void byDefaultOnlyOperationsAndLongWaitsAreRecorded() throws Exception {
        List<RecordedEvent> events = record(jdk.jfr.Configuration.getConfiguration("default").getSettings());
        java.util.Set<String> types = events.stream().map(e -> e.getEventType().getName()).collect(Collectors.toSet());
        assertTrue(types.contains("tigris.ModuleOperation"), types.toString());
        for (String off : List.of("tigris.WaterHandOff", "tigris.CreditBack", "tigris.DqChoice")) {
            assertTrue(!types.contains(off), off + " is off by default: " + types);
        }
        assertTrue(events.stream().filter(e -> e.getEventType().getName().equals("tigris.ReservoirWait"))
                        .allMatch(e -> e.getDuration().toNanos() >= 1_000_000), "waits under 1 ms are not recorded by default");
    }
}
