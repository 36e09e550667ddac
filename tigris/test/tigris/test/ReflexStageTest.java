/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import tigris.ModuleThread;
import tigris.UpstreamFailedException;
import tigris.graph.GraphException;
import tigris.graph.LocalRiver;
import tigris.graph.OverflowPolicy;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.RiverReport;
import tigris.graph.TimeCritical;
import tigris.reflex.ReflexStage;
import tigris.reflex.ReflexStageReport;
import tigris.reflex.StageCounters;
import tigris.river.LocalSite;
import tigris.river.RiverAssembler;
import tigris.transport.TransportContext;

/**
 * A time-critical module runs as a Reflex task that never waits: source -> time-critical filter
 * -> a sink slower than the source. The filter's runs stay short while the sink holds each Water
 * far longer, its overruns are counted, DROP_NEWEST delivers an ordered subset and KEEP_NEWEST the
 * newest Waters; End of River and an upstream failure reach the sink; bad specs say what is wrong.
 */
class ReflexStageTest {
    private static final int SENT = 400;
    /** How long the slow sink holds each Water. */
    private static final long HOLD_MILLIS = 50;
    /** The filter's downstream window: what the sink can have in flight. */
    private static final int WINDOW = 2;

    private static RiverGraph slowSinkRiver(String name, TimeCritical spec, long sent, long holdMillis, int window) {
        RiverGraph g = new RiverGraph(name);
        g.module("source", ReflexStageModules.NumberedSource.class).parameter("count", Long.toString(sent)).output("out", Record.class);
        g.module("filter", ReflexStageModules.PassOn.class).timeCritical(spec).input("in", Record.class).output("out", Record.class);
        g.module("sink", ReflexStageModules.RecordingSink.class).parameter("holdMillis", Long.toString(holdMillis)).input("in", Record.class);
        g.connect("source.out", "filter.in", ReservoirSpec.of(8, 256));
        g.connect("filter.out", "sink.in", ReservoirSpec.of(window, 256));
        return g;
    }

    private static ReflexStage stage(LocalRiver river) {
        return (ReflexStage) river.threads().stream().filter(t -> t.name().equals("filter")).findFirst().orElseThrow();
    }

    /** Keys strictly increasing: in the order sent, none twice. */
    private static void assertInOrder(List<Long> keys) {
        for (int i = 1; i < keys.size(); i++) {
            assertTrue(keys.get(i) > keys.get(i - 1), "delivered out of order at " + i + ": " + keys);
        }
    }

    /** The filter never waited: its longest run is far shorter than the sink's hold of one Water (a put that waited for credit would last one). */
    private static void assertNeverBlocked(ReflexStage filter) {
        long worst = filter.taskCounters().worstRunNanos();
        assertTrue(worst < TimeUnit.MILLISECONDS.toNanos(HOLD_MILLIS) / 4, "the stage's longest run took " + worst / 1000 + " µs, against the sink's "
                        + HOLD_MILLIS + " ms per Water: it waited (" + filter.taskCounters() + ")");
        assertTrue(filter.taskCounters().runs() > 0);
        assertEquals(0, filter.taskCounters().failures(), filter.taskCounters().toString());
    }

    /** Both ways a stage is released: every 1 ms, and on arrival (then a credit coming back releases it while Waters are held). */
    private static List<TimeCritical> bothReleases(OverflowPolicy policy) {
        return List.of(TimeCritical.everyMicros(1000, policy), TimeCritical.onArrival(policy));
    }

    /** A run of the slow-sink river: its report, the stage, what the sink got; the stage never blocked and kept order. */
    private record SlowSinkRun(RiverReport report, ReflexStage filter, List<Long> delivered, StageCounters counters) {
    }

    private static SlowSinkRun runSlowSink(String name, TimeCritical spec) throws Exception {
        ReflexStageModules.RecordingSink.reset();
        try (LocalRiver river = LocalRiver.build(slowSinkRiver(name, spec, SENT, HOLD_MILLIS, WINDOW)).start()) {
            RiverReport report = river.await(15, TimeUnit.SECONDS);
            assertTrue(report.completed(), report.toString());
            ReflexStage filter = stage(river);
            List<Long> delivered = ReflexStageModules.RecordingSink.keys();
            assertNeverBlocked(filter);
            assertInOrder(delivered);
            return new SlowSinkRun(report, filter, delivered, filter.counters());
        }
    }

    @Test
    void dropNewestNeverBlocksAndDeliversAnOrderedSubset() throws Exception {
        for (TimeCritical spec : bothReleases(OverflowPolicy.DROP_NEWEST)) {
            SlowSinkRun run = runSlowSink("drop", spec);
            List<Long> delivered = run.delivered();
            var c = run.counters();
            assertEquals(SENT, c.watersIn(), spec + ": " + c);
            assertTrue(c.overruns() > 0, spec + ": a sink " + HOLD_MILLIS + " ms a Water behind a source that sends at once overruns the filter: " + c);
            assertEquals(c.overruns(), c.dropped(), spec + ": DROP_NEWEST drops each Water it has no credit for, and only those: " + c);
            assertEquals(SENT, delivered.size() + c.dropped(), spec + ": every Water delivered or counted dropped: " + c);
            assertEquals(delivered.size(), c.watersOut(), spec + ": " + c);
            assertEquals(0, c.held(), "DROP_NEWEST holds nothing");
            // The first Waters had the sink's whole window of credit: they went, later ones were dropped.
            assertEquals(List.of(0L, 1L), delivered.subList(0, WINDOW), spec + ": the window's worth first: " + delivered);
            assertTrue(ReflexStageModules.RecordingSink.sawEndOfRiver(), spec + ": End of River reached the sink");
            ReflexStageReport said = assertInstanceOf(ReflexStageReport.class,
                            run.report().threads().stream().filter(e -> e.name().equals("filter")).findFirst().orElseThrow().report());
            assertEquals(c.dropped(), said.dropped(), "the river's report carries the stage's counters: " + run.report());
        }
    }

    @Test
    void keepNewestDeliversTheNewestWatersInOrder() throws Exception {
        int keep = 3;
        for (TimeCritical policy : bothReleases(OverflowPolicy.KEEP_NEWEST)) {
            TimeCritical spec = policy.keeping(keep);
            SlowSinkRun run = runSlowSink("keep", spec);
            List<Long> delivered = run.delivered();
            var c = run.counters();
            assertTrue(c.overruns() > 0, spec + ": " + c);
            assertEquals(SENT, delivered.size() + c.dropped(), spec + ": every Water delivered or counted dropped: " + c);
            assertEquals(0, c.held(), spec + ": every held Water went out before End of River: " + c);
            // The newest were held, never displaced (nothing newer came), and went out last.
            List<Long> newest = List.of((long) SENT - 3, (long) SENT - 2, (long) SENT - 1);
            assertEquals(newest, delivered.subList(delivered.size() - keep, delivered.size()), spec + ": the newest " + keep + " Waters last: " + delivered);
            assertTrue(ReflexStageModules.RecordingSink.sawEndOfRiver(), spec + ": End of River reached the sink after the held Waters");
        }
    }

    /**
     * After warm-up a stage's runs allocate nothing on the scheduler thread, polling, calling the
     * module, putting and signalling, for either release, even after a recording took the per-Water
     * events: counted with the thread's allocated bytes over 200,000 Waters (the module allocates
     * nothing itself).
     */
    @Test
    void aWarmStageAllocatesNothingOnTheHeap() throws Exception {
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long warm = 100_000;
        long counted = 200_000;
        // Waters pass on while the recording closes and the count is read: room for them after warm.
        long sent = warm + counted + 300_000;
        for (TimeCritical spec : List.of(TimeCritical.everyMicros(20, OverflowPolicy.KEEP_NEWEST).keeping(64).takingAtMost(64),
                        TimeCritical.onArrival(OverflowPolicy.KEEP_NEWEST).keeping(64).takingAtMost(64))) {
            ReflexStageModules.CountingPassOn.reset();
            RiverGraph g = new RiverGraph("quiet");
            g.module("source", ReflexStageModules.NumberedSource.class).parameter("count", Long.toString(sent)).output("out", Record.class);
            g.module("filter", ReflexStageModules.CountingPassOn.class).timeCritical(spec).input("in", Record.class).output("out", Record.class);
            g.module("sink", GraphModules.SummingSink.class).input("in", Record.class);
            g.connect("source.out", "filter.in", ReservoirSpec.of(16, 256));
            g.connect("filter.out", "sink.in", ReservoirSpec.of(16, 256));
            try (LocalRiver river = LocalRiver.build(g).start()) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
                // A recording takes the per-Water events while the stage warms up (its paths compile
                // with them on): once it is closed, they must cost no object.
                try (jdk.jfr.Recording r = new jdk.jfr.Recording()) {
                    r.enable("tigris.WaterHandOff");
                    r.enable("tigris.CreditBack");
                    r.start();
                    awaitPassed(warm, deadline, spec);
                }
                long tid = ReflexStageModules.CountingPassOn.thread;
                long passed0 = ReflexStageModules.CountingPassOn.PASSED.get();
                long before = threads.getThreadAllocatedBytes(tid);
                assertTrue(passed0 + counted <= sent, spec + ": " + passed0 + " Waters passed by the end of warm-up, too many to count " + counted + " more of " + sent);
                awaitPassed(passed0 + counted, deadline, spec);
                long allocated = threads.getThreadAllocatedBytes(tid) - before;
                long waters = ReflexStageModules.CountingPassOn.PASSED.get() - passed0;
                // The smallest object is 16 bytes: fewer than one per hundred Waters is none per Water or run.
                assertTrue(allocated < waters / 100 * 16, spec + ": " + waters + " Waters through the stage allocated " + allocated
                                + " bytes on its scheduler thread; " + stage(river).taskCounters());
                assertTrue(river.await(40, TimeUnit.SECONDS).completed(), spec + ": the river ends");
            }
        }
    }

    private static void awaitPassed(long n, long deadline, TimeCritical spec) throws InterruptedException {
        while (ReflexStageModules.CountingPassOn.PASSED.get() < n) {
            assertTrue(System.nanoTime() < deadline, spec + ": only " + ReflexStageModules.CountingPassOn.PASSED.get() + " Waters of " + n + " passed in 40 s");
            Thread.sleep(10);
        }
    }

    @Test
    void anArrivalReleasesTheStageAndEndOfRiverReachesTheSink() throws Exception {
        ReflexStageModules.RecordingSink.reset();
        int sent = 20;
        RiverGraph g = new RiverGraph("arrival");
        g.module("source", ReflexStageModules.NumberedSource.class).parameter("count", Integer.toString(sent)).parameter("pauseMillis", "2")
                        .output("out", Record.class);
        g.module("filter", ReflexStageModules.PassOn.class).timeCritical(TimeCritical.onArrival(OverflowPolicy.KEEP_NEWEST))
                        .input("in", Record.class).output("out", Record.class);
        g.module("sink", ReflexStageModules.RecordingSink.class).input("in", Record.class);
        g.connect("source.out", "filter.in", ReservoirSpec.of(4, 256));
        g.connect("filter.out", "sink.in", ReservoirSpec.of(16, 256));   // room for every Water: nothing overruns
        try (LocalRiver river = LocalRiver.build(g).start()) {
            RiverReport report = river.await(15, TimeUnit.SECONDS);
            assertTrue(report.completed(), report.toString());
            ReflexStage filter = stage(river);
            assertEquals(java.util.stream.LongStream.range(0, sent).boxed().toList(), ReflexStageModules.RecordingSink.keys(),
                            "every Water, in order: " + filter.counters());
            assertEquals(0, filter.counters().overruns(), filter.counters().toString());
            // Only the upstream end's signals (and one first look) release it: Waters 2 ms apart get a
            // run each, nearly; the sink's credits do not, since nothing is held for them.
            long runs = filter.taskCounters().runs();
            assertTrue(runs >= sent / 2 && runs <= sent * 3 / 2, "a run per arrival, not per credit back too: " + filter.taskCounters());
            assertTrue(ReflexStageModules.RecordingSink.sawEndOfRiver(), "End of River reached the sink");
            assertEquals(ModuleThread.State.ENDED, filter.state());
        }
    }

    @Test
    void anUpstreamFailureReachesTheSinkAsAFailureNeverAsEndOfRiver() throws Exception {
        ReflexStageModules.RecordingSink.reset();
        RiverGraph g = new RiverGraph("failing");
        g.module("source", ReflexStageModules.NumberedSource.class).parameter("count", "1000").parameter("failAfter", "5").output("out", Record.class);
        g.module("filter", ReflexStageModules.PassOn.class).timeCritical(TimeCritical.everyMicros(1000, OverflowPolicy.DROP_NEWEST))
                        .input("in", Record.class).output("out", Record.class);
        g.module("sink", ReflexStageModules.RecordingSink.class).input("in", Record.class);
        g.connect("source.out", "filter.in", ReservoirSpec.of(8, 256));
        g.connect("filter.out", "sink.in", ReservoirSpec.of(8, 256));
        try (LocalRiver river = LocalRiver.build(g).start()) {
            RiverReport report = river.await(15, TimeUnit.SECONDS);
            assertFalse(report.completed(), report.toString());
            assertEquals("source", report.failures().getFirst().name(), report.toString());
            for (String downstream : List.of("filter", "sink")) {
                RiverReport.Entry e = report.threads().stream().filter(t -> t.name().equals(downstream)).findFirst().orElseThrow();
                // Failed with the source's failure passed on, or stopped with it by the river: never ENDED as if the stream were whole.
                assertTrue(e.state() == ModuleThread.State.STOPPED || e.state() == ModuleThread.State.FAILED
                                && ((UpstreamFailedException) e.failure()).upstreamCause().contains("source failing on purpose after 5 Waters"),
                                report.toString());
            }
            assertFalse(ReflexStageModules.RecordingSink.sawEndOfRiver(), "the sink never took a failed stream for a whole one");
        }
    }

    /** A stage waits for its task to end it; a runtime that closes first (here before a period of 30 s passes) ends it saying so. */
    @Test
    void aStageWhoseRuntimeClosesUnderItFailsSayingSo() throws Exception {
        RiverGraph g = new RiverGraph("closing");
        g.module("source", ReflexStageModules.NumberedSource.class).parameter("count", "100000").parameter("pauseMillis", "1").output("out", Record.class);
        g.module("filter", ReflexStageModules.PassOn.class).timeCritical(TimeCritical.everyMicros(30_000_000, OverflowPolicy.DROP_NEWEST))
                        .input("in", Record.class).output("out", Record.class);
        g.module("sink", ReflexStageModules.RecordingSink.class).input("in", Record.class);
        g.connect("source.out", "filter.in", ReservoirSpec.of(4, 256));
        g.connect("filter.out", "sink.in", ReservoirSpec.of(4, 256));
        jaguar.reflex.ReflexRuntime runtime = jaguar.reflex.ReflexRuntime.start("closing");
        try (LocalRiver river = LocalRiver.build(g, runtime).start()) {
            ReflexStage filter = stage(river);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (filter.state() != ModuleThread.State.RUNNING && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            Thread.sleep(200);   // the task added: the stage waits for its next period
            runtime.close();
            assertTrue(filter.await(5, TimeUnit.SECONDS), "the stage ended without its task: " + filter.status());
            assertEquals(ModuleThread.State.FAILED, filter.state());
            assertTrue(filter.failure().getMessage().contains("module filter is time-critical, and the Reflex runtime that ran its task closed before the task"
                            + " ended the stage"), filter.failure().toString());
        } finally {
            runtime.close();
        }
    }

    @Test
    void badSpecsSayWhatIsWrong() {
        IllegalArgumentException tooShort = assertThrows(IllegalArgumentException.class, () -> TimeCritical.everyMicros(5, OverflowPolicy.DROP_NEWEST));
        assertTrue(tooShort.getMessage().contains("every 10 µs or more") && tooShort.getMessage().contains("not every 5 µs"), tooShort.getMessage());
        IllegalArgumentException keepDrop = assertThrows(IllegalArgumentException.class, () -> TimeCritical.onArrival(OverflowPolicy.DROP_NEWEST).keeping(2));
        assertTrue(keepDrop.getMessage().contains("DROP_NEWEST holds no Water back"), keepDrop.getMessage());
        IllegalArgumentException keepNone = assertThrows(IllegalArgumentException.class, () -> TimeCritical.onArrival(OverflowPolicy.KEEP_NEWEST).keeping(0));
        assertTrue(keepNone.getMessage().contains("KEEP_NEWEST keeps at least 1 Water"), keepNone.getMessage());
        IllegalArgumentException keepMany = assertThrows(IllegalArgumentException.class,
                        () -> TimeCritical.onArrival(OverflowPolicy.KEEP_NEWEST).keeping(2_000_000_000));
        assertTrue(keepMany.getMessage().contains("KEEP_NEWEST keeps at most 65536 Waters, not 2000000000"), keepMany.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TimeCritical.onArrival(OverflowPolicy.DROP_NEWEST).takingAtMost(0));

        RiverGraph g = new RiverGraph("bad");
        g.module("source", ReflexStageModules.NumberedSource.class).timeCritical(TimeCritical.onArrival(OverflowPolicy.DROP_NEWEST))
                        .output("out", Record.class);
        g.module("filter", ReflexStageModules.PassOn.class).timeCritical(TimeCritical.everyMicros(500, OverflowPolicy.DROP_NEWEST)).instances(2)
                        .scheduling(tigris.Scheduling.REALTIME).input("in", Record.class).output("out", Record.class);
        g.module("sink", ReflexStageModules.RecordingSink.class).instances(2).input("in", Record.class);
        g.connect("source.out", "filter.in", ReservoirSpec.of(8, 256));
        g.connect("filter.out", "sink.in", ReservoirSpec.of(8, 256));
        String m = assertThrows(GraphException.class, g::validate).getMessage();
        assertTrue(m.contains("module filter is time-critical (every 500 µs, DROP_NEWEST, at most 16 Waters a run) and has 2 instances: it runs as one "
                        + "Reflex task; give it instances(1)"), m);
        assertTrue(m.contains("module filter is time-critical") && m.contains("has scheduling REALTIME: it runs on its Reflex scheduler's thread"), m);
        assertTrue(m.contains("its output leads to 2 reservoirs: its stage puts into one"), m);
        assertTrue(m.contains("module source is time-critical (on arrival") && m.contains("has no upstream reservoir: no Water would ever arrive to run it"), m);
    }

    @Test
    void aSiteWithoutAReflexRuntimeRefusesATimeCriticalModuleBeforeAnythingIsMade() {
        RiverGraph g = slowSinkRiver("nowhere", TimeCritical.everyMicros(1000, OverflowPolicy.DROP_NEWEST), 1, 0, 1).validate();
        TransportContext context = new TransportContext("h1", InetAddress.getLoopbackAddress(), Path.of(System.getProperty("java.io.tmpdir")),
                        Duration.ofSeconds(5), Duration.ofSeconds(60), tigris.RiverAttempt.first("nowhere"), tigris.AttemptKey.random(), null);
        LocalSite site = new LocalSite(context, jar -> ReflexStageTest.class.getClassLoader());   // a site given no Reflex runtime
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                            () -> RiverAssembler.assemble(g, Map.of("source", List.of(site), "filter", List.of(site), "sink", List.of(site)), null));
            assertTrue(e.getMessage().contains("module filter is time-critical, and the site it is placed on (h1) cannot run it"), e.getMessage());
            assertTrue(site.threads().isEmpty(), "nothing was made");
        } finally {
            site.destroy();
        }
    }
}
