/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleThread;
import tigris.ProducerEnd;
import tigris.Water;
import tigris.dq.RoundRobinModuleThread;
import tigris.reservoir.MemoryReservoir;

/** Rivers of ModuleThreads over memory reservoirs: data, End of River, failure and stop. */
class RiverTest {
    private static ModuleThread thread(TestModules.Named m, String name) {
        return new RoundRobinModuleThread(m, ModuleConfig.of(name, Map.of()));
    }

    /** A module that passes Waters on and throws {@code message} at its {@code n}th. */
    private static TestModules.Named breaksAt(int n, String message) {
        return new TestModules.Named() {
            int seen;

            @Override
            public void doOperation(Water in, ProducerEnd out) throws InterruptedException {
                if (in != null && ++seen == n) {
                    throw new IllegalStateException(message);
                }
                if (in != null) {
                    out.put(in);
                }
            }
        };
    }

    private static void awaitAll(List<ModuleThread> threads) throws InterruptedException {
        for (ModuleThread t : threads) {
            assertTrue(t.await(30, TimeUnit.SECONDS), t + " did not end");
        }
    }

    @Test
    void aPipelineCarriesEveryRecordAndEndsEverywhere() throws Exception {
        var source = new TestModules.Source(200, 10);
        var inc = new TestModules.Increment();
        var sink = new TestModules.Sink();
        try (var r1 = new MemoryReservoir("r1", 4, 4096); var r2 = new MemoryReservoir("r2", 4, 4096)) {
            ModuleThread a = thread(source, "source").addDownstream(r1.producer());
            ModuleThread b = thread(inc, "inc").addUpstream(r1.consumer()).addDownstream(r2.producer());
            ModuleThread c = thread(sink, "sink").addUpstream(r2.consumer());
            List<ModuleThread> all = List.of(a, b, c);
            all.forEach(ModuleThread::start);
            awaitAll(all);
            for (ModuleThread t : all) {
                assertEquals(ModuleThread.State.ENDED, t.state(), t + ": " + t.failure());
                assertTrue(((TestModules.Named) t.module()).destroyed, t + " destroyed");
            }
            long n = 2000;
            assertEquals(200, sink.waters.get());
            assertEquals(n, sink.records.get());
            assertEquals(n * (n - 1) / 2, sink.keySum.get());
            assertEquals(3 * n * (n - 1) / 2 + n, sink.valueSum.get(), "every value incremented once");
            assertTrue(sink.sawEnd, "the sink got End of River as a null Water");
            assertEquals(4, r1.producer().credits(), "all credits back");
            assertEquals(4, r2.producer().credits());
        }
    }

    @Test
    void aMergeEndsOnlyWhenEveryUpstreamHasEnded() throws Exception {
        var s1 = new TestModules.Source(50, 1);
        var s2 = new TestModules.Source(300, 1);
        var sink = new TestModules.Sink();
        try (var r1 = new MemoryReservoir("r1", 2, 4096); var r2 = new MemoryReservoir("r2", 2, 4096)) {
            List<ModuleThread> all = List.of(thread(s1, "s1").addDownstream(r1.producer()), thread(s2, "s2").addDownstream(r2.producer()),
                            thread(sink, "sink").addUpstream(r1.consumer()).addUpstream(r2.consumer()));
            all.forEach(ModuleThread::start);
            awaitAll(all);
            assertEquals(350, sink.waters.get());
            assertTrue(sink.sawEnd);
        }
    }

    @Test
    void aFailingModuleFailsItsThreadAndTheModulesDownstreamWithIt() throws Exception {
        var source = new TestModules.Source(1000, 1);
        var sink = new TestModules.Sink();
        var broken = breaksAt(5, "broken on the fifth Water");
        try (var r1 = new MemoryReservoir("r1", 2, 4096); var r2 = new MemoryReservoir("r2", 2, 4096)) {
            ModuleThread a = thread(source, "source").addDownstream(r1.producer());
            ModuleThread b = thread(broken, "broken").addUpstream(r1.consumer()).addDownstream(r2.producer());
            ModuleThread c = thread(sink, "sink").addUpstream(r2.consumer());
            List.of(a, b, c).forEach(ModuleThread::start);
            assertTrue(b.await(30, TimeUnit.SECONDS));
            assertEquals(ModuleThread.State.FAILED, b.state());
            assertEquals("broken on the fifth Water", b.failure().getMessage());
            assertTrue(broken.destroyed);
            assertTrue(c.await(30, TimeUnit.SECONDS), "the sink ended, not hung");
            assertEquals(4, sink.waters.get(), "the Waters put before the failure arrive");
            assertFalse(sink.sawEnd, "the sink does not take the four Waters for the whole stream");
            assertEquals(ModuleThread.State.FAILED, c.state());
            assertTrue(c.failure() instanceof tigris.UpstreamFailedException, String.valueOf(c.failure()));
            assertEquals("reservoir r2: the stream ends with its producer's failure: module broken failed: broken on the fifth Water", c.failure().getMessage());
            assertTrue(sink.destroyed);
            // The source is now blocked on credit that will never come back: stopping it must work.
            a.stop();
            assertTrue(a.await(30, TimeUnit.SECONDS));
            assertEquals(ModuleThread.State.STOPPED, a.state());
        }
    }

    /** A failure passes through modules that fail with it as it began, not wrapped once per module. */
    @Test
    void aFailurePassesDownAChainAsItBegan() throws Exception {
        var source = new TestModules.Source(1000, 1);
        var sink = new TestModules.Sink();
        var broken = breaksAt(3, "broken on the third Water");
        var inc1 = new TestModules.Increment();
        var inc2 = new TestModules.Increment();
        try (var r1 = new MemoryReservoir("r1", 2, 4096); var r2 = new MemoryReservoir("r2", 2, 4096); var r3 = new MemoryReservoir("r3", 2, 4096);
             var r4 = new MemoryReservoir("r4", 2, 4096)) {
            ModuleThread a = thread(source, "source").addDownstream(r1.producer());
            ModuleThread b = thread(broken, "broken").addUpstream(r1.consumer()).addDownstream(r2.producer());
            ModuleThread c = thread(inc1, "inc1").addUpstream(r2.consumer()).addDownstream(r3.producer());
            ModuleThread d = thread(inc2, "inc2").addUpstream(r3.consumer()).addDownstream(r4.producer());
            ModuleThread e = thread(sink, "sink").addUpstream(r4.consumer());
            List.of(a, b, c, d, e).forEach(ModuleThread::start);
            awaitAll(List.of(b, c, d, e));
            for (ModuleThread t : List.of(c, d, e)) {
                assertEquals(ModuleThread.State.FAILED, t.state(), t.toString());
                assertEquals("module broken failed: broken on the third Water", ((tigris.UpstreamFailedException) t.failure()).upstreamCause());
            }
            assertEquals("reservoir r4: the stream ends with its producer's failure: module broken failed: broken on the third Water", e.failure().getMessage());
            assertEquals(2, sink.waters.get());
            a.stop();
            awaitAll(List.of(a));
        }
    }

    /**
     * Stopping an endless source ends the stream there: a plain stop with End of River (its
     * consumer ends), a stop because the river cannot complete with that cause (its consumer
     * fails naming it instead of ending as if the stream were whole).
     */
    @Test
    void stopEndsAnEndlessSourceAndItsConsumersWithEndOfRiverOrTheCause() throws Exception {
        for (String cause : new String[] {null, "river x failed: module y on node h2 failed: disk full"}) {
            var endless = new TestModules.Source(Integer.MAX_VALUE, 1);
            var sink = new TestModules.Sink();
            try (var r = new MemoryReservoir("r", 4, 4096)) {
                ModuleThread a = thread(endless, "endless").addDownstream(r.producer());
                ModuleThread b = thread(sink, "sink").addUpstream(r.consumer());
                a.start();
                b.start();
                while (sink.waters.get() < 100) {
                    Thread.sleep(1);
                }
                if (cause == null) {
                    a.stop();
                } else {
                    a.stop(cause);
                }
                awaitAll(List.of(a, b));
                assertEquals(ModuleThread.State.STOPPED, a.state());
                if (cause == null) {
                    assertEquals(ModuleThread.State.ENDED, b.state());
                    assertTrue(sink.sawEnd);
                } else {
                    assertEquals(ModuleThread.State.FAILED, b.state());
                    assertFalse(sink.sawEnd);
                    assertEquals("module endless was stopped: " + cause, ((tigris.UpstreamFailedException) b.failure()).upstreamCause());
                }
            }
        }
    }

    /**
     * A stop lets the current doOperation finish without an interrupt (an interrupt during socket
     * I/O would close a TCP reservoir's connection), then calls no more.
     */
    @Test
    void stopDoesNotInterruptAModuleInTheMiddleOfAnOperation() throws Exception {
        var started = new java.util.concurrent.CountDownLatch(1);
        var interrupted = new java.util.concurrent.atomic.AtomicBoolean();
        var calls = new java.util.concurrent.atomic.AtomicInteger();
        var busy = new TestModules.Named() {
            @Override
            public void doOperation(Water in, ProducerEnd out) {
                calls.incrementAndGet();
                started.countDown();
                long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
                while (System.nanoTime() < end) {
                    if (Thread.currentThread().isInterrupted()) {
                        interrupted.set(true);
                    }
                }
            }
        };
        try (var r = new MemoryReservoir("r", 1, 64)) {
            ModuleThread t = thread(busy, "busy").addDownstream(r.producer());
            t.start();
            assertTrue(started.await(30, TimeUnit.SECONDS));
            t.stop();
            assertTrue(t.await(30, TimeUnit.SECONDS));
            assertEquals(ModuleThread.State.STOPPED, t.state());
            assertTrue(!interrupted.get(), "the operation was interrupted");
            assertEquals(1, calls.get(), "no operation after the stop");
            assertNull(r.consumer().get(), "End of River went downstream");
        }
    }

    @Test
    void reservoirsAreConnectedBeforeStart() {
        var t = thread(new TestModules.Sink(), "sink");
        t.start();
        try (var r = new MemoryReservoir("late", 1, 64)) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> t.addUpstream(r.consumer()));
            assertTrue(e.getMessage().contains("module thread sink is"), e.getMessage());
        } finally {
            t.stop();
        }
    }

    @Test
    void endOfRiverIsTheLastThingAConsumerGets() throws Exception {
        try (var r = new MemoryReservoir("r", 3, 64)) {
            Water w = r.producer().spring().createWater(64);
            w.buffer().putInt(0, 7);
            w.setLength(4);
            r.producer().put(w);
            r.producer().endOfRiver();
            r.producer().endOfRiver();
            assertThrows(IllegalStateException.class, () -> r.producer().put(r.producer().spring().createWater(8)));
            Water got = r.consumer().get();
            assertSame(w, got, "the same Water, not a copy");
            assertEquals(7, got.buffer().getInt(0));
            assertEquals(4, got.length());
            assertNull(r.consumer().get());
            assertTrue(r.consumer().isEnded());
            assertNull(r.consumer().poll());
        }
    }

    @Test
    void aModuleWithoutReservoirsFailsAtStartAndIsNamed() throws Exception {
        boolean[] initialized = {false};
        var lonely = new TestModules.Named() {
            @Override
            public void init(ModuleConfig config) {
                initialized[0] = true;
            }

            @Override
            public void doOperation(Water in, ProducerEnd out) throws EndOfRiverException, InterruptedException {
                out.put(out.spring().createWater(8));
            }
        };
        ModuleThread t = thread(lonely, "lonely");
        t.start();
        assertTrue(t.await(30, TimeUnit.SECONDS));
        assertEquals(ModuleThread.State.FAILED, t.state());
        assertTrue(t.failure().getMessage().contains("lonely has no downstream reservoir"), t.failure().getMessage());
        assertFalse(initialized[0], "it fails before init: nothing to run for");
    }
}
