/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import tigris.ModuleThread;
import tigris.Water;
import tigris.graph.GraphException;
import tigris.graph.LocalRiver;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.RiverReport;
import tigris.graph.ThreadPolicy;

/** Graphs are validated whole before they run; a valid one runs to End of River in one JVM. */
class RiverGraphTest {
    private static final ReservoirSpec MEM = ReservoirSpec.of(4, 256);

    private static RiverGraph pipeline(int sources, int doublers, ThreadPolicy policy, long count) {
        RiverGraph g = new RiverGraph("pipeline");
        g.module("source", GraphModules.CountingSource.class).instances(sources).policy(policy).parameter("count", Long.toString(count))
                        .output("out", Record.class);
        g.module("doubler", GraphModules.Doubler.class).instances(doublers).policy(policy).input("in", Record.class)
                        .output("out", Record.class);
        g.module("sink", GraphModules.SummingSink.class).input("in", Record.class);
        g.connect("source.out", "doubler.in", MEM);
        g.connect("doubler.out", "sink.in", MEM);
        return g;
    }

    @Test
    void aValidGraphRunsToEndOfRiverThroughDistributedQueues() throws Exception {
        for (ThreadPolicy policy : ThreadPolicy.values()) {
            if (policy == ThreadPolicy.PARTITIONED) {
                continue;   // for modules that choose their reservoir (PartitionModuleThreadTest); these do not
            }
            GraphModules.SummingSink.reset();
            long n = 1000;
            try (LocalRiver river = LocalRiver.build(pipeline(2, 3, policy, n)).start()) {
                RiverReport report = river.await(60, TimeUnit.SECONDS);
                assertTrue(report.completed(), report.toString());
                assertEquals(6, report.threads().size(), "2 sources, 3 doublers, 1 sink");
            }
            assertEquals(n, GraphModules.SummingSink.WATERS.get(), policy + ": every Water once");
            assertEquals(n * (n - 1) / 2, GraphModules.SummingSink.KEYS.get(), policy.toString());
            assertEquals(2 * n, GraphModules.SummingSink.VALUES.get(), policy + ": every value doubled once");
        }
    }

    /** After a stop, await returns once every thread has left its module: no thread in the report is still stopping. */
    @Test
    void awaitAfterAStopWaitsForTheStoppingThreads() throws Exception {
        RiverGraph g = new RiverGraph("stopped");
        g.module("source", GraphModules.CountingSource.class).parameter("count", "1000000000").output("out", Record.class);
        g.module("sink", GraphModules.SlowSink.class).parameter("pauseMillis", "300").input("in", Record.class);
        g.connect("source.out", "sink.in", MEM);
        try (LocalRiver river = LocalRiver.build(g).start()) {
            Thread.sleep(100);   // the sink is in its first pause
            river.stop();
            RiverReport report = river.await(30, TimeUnit.SECONDS);
            for (RiverReport.Entry e : report.threads()) {
                assertTrue(e.state() == ModuleThread.State.STOPPED || e.state() == ModuleThread.State.ENDED,
                                e.name() + " is " + e.state() + " when await returns: " + report);
            }
        }
    }

    @Test
    void aFailureFailsTheRunAndNamesTheModule() throws Exception {
        RiverGraph g = new RiverGraph("failing");
        g.module("source", GraphModules.CountingSource.class).parameter("count", "1000000").output("out", Record.class);
        g.module("bad", GraphModules.FailingModule.class).input("in", Record.class).output("out", Record.class);
        g.module("sink", GraphModules.SummingSink.class).input("in", Record.class);
        g.connect("source.out", "bad.in", MEM).connect("bad.out", "sink.in", MEM);
        try (LocalRiver river = LocalRiver.build(g).start()) {
            RiverReport report = river.await(60, TimeUnit.SECONDS);
            assertFalse(report.completed());
            assertFalse(report.timedOut());
            assertEquals("bad", report.failures().getFirst().name(), "the failure where it began comes first: " + report);
            assertEquals("failing on purpose at Water 10", report.failures().getFirst().failure().getMessage());
            // The sink failed with it, or was stopped with it: it never ends as if its stream were whole.
            RiverReport.Entry sink = report.threads().stream().filter(t -> t.name().equals("sink")).findFirst().orElseThrow();
            assertTrue(sink.state() == ModuleThread.State.STOPPED || sink.state() == ModuleThread.State.FAILED
                            && ((tigris.UpstreamFailedException) sink.failure()).upstreamCause().equals("module bad failed: failing on purpose at Water 10"),
                            report.toString());
            assertTrue(report.toString().startsWith("river failing: failed"), report.toString());
            assertTrue(report.threads().stream().noneMatch(t -> t.state() == ModuleThread.State.RUNNING), "a stopped thread is never reported RUNNING: " + report);
        }
    }

    @Test
    void validationReportsEveryProblemAtOnce() {
        RiverGraph g = new RiverGraph("broken");
        g.module("source", GraphModules.CountingSource.class).output("out", Record.class);
        g.module("raw", GraphModules.Doubler.class).input("in", Water.class).output("out", String.class);
        g.module("sink", GraphModules.SummingSink.class).input("in", Record.class).input("side", Record.class);
        g.module("odd", GraphModules.NeedsArgument.class);
        g.connect("source.out", "sink.in", MEM);
        g.connect("raw.out", "sink.in", MEM);                       // String into Record: mistyped
        g.connect("source.out", "nowhere.in", MEM);                 // no such module
        g.connect("source.out", "sink.missing", MEM);               // no such port
        g.connect("sink.in", "raw.in", MEM);                        // from an input
        g.connect("source", "raw.in", ReservoirSpec.of(0, 1));  // not module.port; bad window
        GraphException e = assertThrows(GraphException.class, g::validate);
        String m = e.getMessage();
        assertTrue(m.startsWith("river broken is not valid:"), m);
        assertTrue(m.contains("connection raw.out -> sink.in is mistyped: output raw.out (String) does not fit input sink.in (Record)"), m);
        assertTrue(m.contains("there is no module named nowhere"), m);
        assertTrue(m.contains("module sink has no port missing"), m);
        assertTrue(m.contains("input sink.in (Record) is an input; connections go from an output"), m);
        assertTrue(m.contains("'source' is not of the form module.port"), m);
        assertTrue(m.contains("window and water size must be positive"), m);
        assertTrue(m.contains("dangling port: input sink.side (Record) is not connected"), m);
        assertTrue(m.contains("NeedsArgument has no public no-argument constructor"), m);
        assertFalse(m.contains("cycle"), "only well-formed connections make cycles");
        assertFalse(g.isValidated());
    }

    @Test
    void aCycleIsRefusedAndAValidatedGraphIsFrozen() {
        RiverGraph g = new RiverGraph("loop");
        g.module("a", GraphModules.Doubler.class).input("in", Record.class).output("out", Record.class);
        g.module("b", GraphModules.Doubler.class).input("in", Record.class).output("out", Record.class);
        g.connect("a.out", "b.in", MEM).connect("b.out", "a.in", MEM);
        GraphException e = assertThrows(GraphException.class, g::validate);
        assertTrue(e.getMessage().contains("cycle: a -> b -> a"), e.getMessage());

        RiverGraph ok = pipeline(1, 1, ThreadPolicy.LOTTERY, 1).validate();
        assertThrows(IllegalStateException.class, () -> ok.module("late", GraphModules.Doubler.class));
        assertThrows(IllegalStateException.class, () -> ok.connect("a.out", "b.in", MEM));
        assertThrows(IllegalArgumentException.class, () -> new RiverGraph("x").module("bad.name", GraphModules.Doubler.class));
    }

    @Test
    void aSubtypeFitsItsSupertypesInput() {
        RiverGraph g = new RiverGraph("typed");
        g.module("source", GraphModules.CountingSource.class).output("out", Record.class);
        g.module("sink", GraphModules.SummingSink.class).input("in", jaguar.pso.PSO.class);
        g.connect("source.out", "sink.in", MEM);
        g.validate();
        assertTrue(g.isValidated());
    }
}
