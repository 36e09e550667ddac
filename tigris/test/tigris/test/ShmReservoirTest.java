/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import jaguar.ext.OffHeapBuffer;
import tigris.ModuleConfig;
import tigris.ModuleThread;
import tigris.ReservoirFailedException;
import tigris.Water;
import tigris.dq.RoundRobinModuleThread;
import tigris.reservoir.ShmConsumer;
import tigris.reservoir.ShmProducer;
import tigris.reservoir.ShmReservoir;

/** Shared-memory rings: Waters built in a slot are read in place by another thread or process. */
class ShmReservoirTest {
    private static final Duration DEAD_PEER = Duration.ofSeconds(10);

    private static String unique(String base) {
        return "tigris-test-" + base + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
    }

    @Test
    void aRiverRunsThroughARingWithoutCopies() throws Exception {
        String name = unique("river");
        var source = new TestModules.Source(500, 12);
        var sink = new TestModules.Sink();
        try (ShmProducer out = ShmReservoir.create(name, 4, 4096, DEAD_PEER)) {
            // The ring is its user's alone: no other user's process maps it to read or inject Waters (until the consumer attaches and unlinks it).
            assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                            java.nio.file.Files.getPosixFilePermissions(java.nio.file.Path.of("/dev/shm", name))));
        }
        name = unique("river");
        try (ShmProducer out = ShmReservoir.create(name, 4, 4096, DEAD_PEER); ShmConsumer in = ShmReservoir.attach(name, DEAD_PEER)) {
            ModuleThread a = new RoundRobinModuleThread(source, ModuleConfig.of("source", Map.of())).addDownstream(out);
            ModuleThread b = new RoundRobinModuleThread(sink, ModuleConfig.of("sink", Map.of())).addUpstream(in);
            TestModules.runToEnd(a, b);
            long n = 500 * 12;
            assertEquals(n, sink.records.get());
            assertEquals(n * (n - 1) / 2, sink.keySum.get());
            assertEquals(4, out.credits(), "every slot freed");
        }
    }

    @Test
    void watersArePublishedInTheOrderTheyArePutAndForeignOnesCopied() throws Exception {
        String name = unique("order");
        try (ShmProducer out = ShmReservoir.create(name, 4, 64, DEAD_PEER); ShmConsumer in = ShmReservoir.attach(name, DEAD_PEER);
                        OffHeapBuffer foreign = OffHeapBuffer.allocate(64)) {
            Water a = out.spring().createWater(8);   // over the stream's data
            Water b = out.spring().createWater(8);   // one is out already: from a pool, copied at its put
            Water c = out.spring().createWater(8);
            a.buffer().putInt(0, 1);
            a.setLength(4);
            b.release();                             // never put: nothing of it is published
            c.buffer().putInt(0, 3);
            c.setLength(4);
            out.put(c);
            Water first = in.poll();
            assertEquals(3, first.buffer().getInt(0), "c, put first, is read first");
            first.release();
            in.creditBack();
            out.put(a);
            Water f = new Water(null, foreign);
            foreign.putInt(0, 4);
            f.setLength(4);
            out.put(f);                              // copied in
            out.endOfRiver();
            int[] seen = new int[2];
            for (int i = 0; i < 2; i++) {
                Water w = in.get();
                seen[i] = w.buffer().getInt(0);
                w.release();
                in.creditBack();
            }
            assertEquals(List.of(1, 4), List.of(seen[0], seen[1]));
            assertNull(in.get());
            assertTrue(in.isEnded());
            assertEquals(4, out.credits());
        }
    }

    @Test
    void aProducerProcessBuildsPsosTheConsumerReadsInPlace() throws Exception {
        String name = unique("process");
        Process child = start(name, "200");
        try (ShmConsumer in = attachWhenCreated(name, child)) {
            for (int i = 0; i < 200; i++) {
                Water w = in.get();
                Record r = w.container().root(Record.class);
                assertEquals(i, r.key);
                assertEquals(2 * i, r.value);
                w.release();
                in.creditBack();
            }
            assertNull(in.get());
        }
        assertTrue(child.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, child.exitValue(), "the producer's exit status (its output is above)");
    }

    @Test
    void aProducerProcessThatDiesFailsTheRing() throws Exception {
        String name = unique("crash");
        Process child = start(name, "3", "crash");
        try (ShmConsumer in = attachWhenCreated(name, child)) {
            for (int i = 0; i < 3; i++) {
                in.get().release();
                in.creditBack();
            }
            ReservoirFailedException e = assertThrows(ReservoirFailedException.class, in::get);
            assertTrue(e.getMessage().contains("the producer (pid " + child.pid() + ") has exited before End of River; 3 Waters taken"),
                            e.getMessage());
        }
        assertTrue(child.waitFor(60, TimeUnit.SECONDS));
    }

    /**
     * A river's module thread polls its reservoirs (it never calls get): a ring whose producer
     * process dies must fail the consuming module, naming the producer, rather than leave it
     * waiting until someone stops the river.
     */
    @Test
    void aRiverReadingARingWhoseProducerDiesFails() throws Exception {
        String name = unique("river-crash");
        Process child = start(name, "3", "crash");
        var sink = new TestModules.Sink();
        try (ShmConsumer in = attachWhenCreated(name, child)) {
            ModuleThread t = new RoundRobinModuleThread(sink, ModuleConfig.of("sink", Map.of())).addUpstream(in);
            t.start();
            assertTrue(t.await(60, TimeUnit.SECONDS), "the sink still waits on a ring whose producer died");
            assertEquals(ModuleThread.State.FAILED, t.state());
            assertTrue(String.valueOf(t.failure()).contains("the producer (pid " + child.pid() + ") has exited before End of River"),
                            String.valueOf(t.failure()));
            assertEquals(3, sink.records.get(), "the Waters published before the crash were read");
        }
        assertTrue(child.waitFor(60, TimeUnit.SECONDS));
    }

    @Test
    void aSlotReleasedMidOperationComesBackOnlyAfterTheOperation() throws Exception {
        String name = unique("join");
        try (ShmProducer out = ShmReservoir.create(name, 1, 64, DEAD_PEER); ShmConsumer in = ShmReservoir.attach(name, DEAD_PEER)) {
            out.put(out.spring().createWater(8));
            assertEquals(0, out.credits());
            Water w = in.get();
            w.release();   // the module let go of the Water, but its operation is not over
            assertEquals(0, out.credits(), "the slot waits for the operation's credit");
            in.creditBack();
            assertEquals(1, out.credits(), "released and credited: the slot is free");
            // The other order: credited first, the Water passed on and released later.
            out.put(out.spring().createWater(8));
            Water passed = in.get();
            in.creditBack();
            assertEquals(0, out.credits(), "the slot still holds the Water passed on");
            passed.release();
            assertEquals(1, out.credits());
            IllegalStateException e = assertThrows(IllegalStateException.class, in::creditBack);
            assertTrue(e.getMessage().contains("no Water taken from it awaits one"), e.getMessage());
        }
    }

    /** The ring's header names the producer's river attempt: a consumer of attempt 2 does not attach to a ring of attempt 1, or of another river. */
    @Test
    void aConsumerDoesNotAttachToARingOfAStaleAttemptOrAnotherRiver() throws Exception {
        tigris.RiverAttempt second = new tigris.RiverAttempt("job", 2);
        for (tigris.RiverAttempt stranger : List.of(tigris.RiverAttempt.first("job"), new tigris.RiverAttempt("other", 2))) {
            String name = unique("stale");
            try (ShmProducer p = ShmReservoir.create(name, 4, 256, stranger, DEAD_PEER)) {
                IOException e = assertThrows(IOException.class, () -> ShmReservoir.attach(name, second, DEAD_PEER));
                assertTrue(e.getMessage().contains("shared memory segment " + name + ": " + second.refusal(stranger)), e.getMessage());
                assertEquals(4, p.credits(), "no consumer took the ring");
            }
        }
        String name = unique("mine");
        try (ShmProducer p = ShmReservoir.create(name, 4, 256, second, DEAD_PEER); ShmConsumer c = ShmReservoir.attach(name, second, DEAD_PEER)) {
            assertEquals(4, p.credits(), "its own attempt's consumer attaches");
            assertNull(c.poll(), "an empty ring");
        }
    }

    /** A river may be named with 100 characters; the ring's header holds 94 bytes of it: refused before anything is made. */
    @Test
    void aRiverNameLongerThanTheHeaderHoldsIsRefusedBeforeTheSegmentIsMade() throws Exception {
        String name = unique("long");
        tigris.RiverAttempt longName = tigris.RiverAttempt.first("r".repeat(95));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ShmReservoir.create(name, 4, 256, longName, DEAD_PEER));
        assertTrue(e.getMessage().contains("takes 95 bytes in UTF-8, and a shared-memory stream's header holds at most 94"), e.getMessage());
        assertThrows(NoSuchFileException.class, () -> ShmReservoir.attach(name, DEAD_PEER), "no segment was left behind");
        tigris.RiverAttempt fits = tigris.RiverAttempt.first("r".repeat(94));
        try (ShmProducer p = ShmReservoir.create(name, 4, 256, fits, DEAD_PEER); ShmConsumer c = ShmReservoir.attach(name, fits, DEAD_PEER)) {
            assertNull(c.poll(), "a 94-byte name fits and reads back");
        }
    }

    @Test
    void attachingToWhatIsNotARingIsAClearError() throws Exception {
        NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> ShmReservoir.attach(unique("none"), DEAD_PEER));
        assertTrue(e.getMessage().contains("no shared memory segment"), e.getMessage());
        String name = unique("junk");
        try (var junk = jaguar.ext.SharedMemoryBuffer.create(name, 4096)) {
            IOException x = assertThrows(IOException.class, () -> ShmReservoir.attach(name, DEAD_PEER));
            assertTrue(x.getMessage().contains("is not a Tigris reservoir stream"), x.getMessage());
            junk.unlink();
        }
    }

    /** A producer process (ShmProducerMain) with {@code args}. */
    static Process start(String... args) throws Exception {
        String javaCommand = ProcessHandle.current().info().command().orElseThrow();
        String classes = Path.of(ShmProducerMain.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> cmd = new java.util.ArrayList<>(List.of(javaCommand, "-cp", classes, ShmProducerMain.class.getName()));
        cmd.addAll(List.of(args));
        // The child's output goes to the test's: read from a pipe, it would block until the child exits.
        return new ProcessBuilder(cmd).inheritIO().start();
    }

    /** Attaches to {@code name} as soon as {@code child} has created it. */
    static ShmConsumer attachWhenCreated(String name, Process child) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try {
                return ShmReservoir.attach(name, DEAD_PEER);
            } catch (NoSuchFileException | IllegalStateException notYet) {
                assertTrue(child.isAlive() || child.exitValue() == 3, () -> "the producer exited with " + child.exitValue() + " while " + notYet);
                assertTrue(System.nanoTime() < deadline, "the producer never created " + name);
                Thread.sleep(5);
            } catch (IOException partial) {
                // created but the header not yet written
                assertTrue(System.nanoTime() < deadline, partial.getMessage());
                Thread.sleep(5);
            }
        }
    }
}
