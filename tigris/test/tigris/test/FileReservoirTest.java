/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.ModuleConfig;
import tigris.ReservoirFailedException;
import tigris.Water;
import tigris.dq.RandomModuleThread;
import tigris.dq.RoundRobinModuleThread;
import tigris.reservoir.FileReservoir;
import tigris.reservoir.WaterFileReader;
import tigris.reservoir.WaterFileWriter;
import tigris.reservoir.WaterFileDescriptor;

/** File reservoirs: a river writes Waters to a file and another reads them back, PSOs and all. */
class FileReservoirTest {
    @TempDir
    Path dir;

    @Test
    void watersWrittenToAFileComeBackAsTheSameWaters() throws Exception {
        Path f = dir.resolve("waters.tgr");
        try (WaterFileWriter out = FileReservoir.writer("out", f, 4096)) {
            TestModules.runToEnd(new RoundRobinModuleThread(new TestModules.Source(300, 7), ModuleConfig.of("source", Map.of())).addDownstream(out));
            assertEquals(300, out.waters());
        }
        var sink = new TestModules.Sink();
        try (WaterFileReader in = FileReservoir.reader("in", f)) {
            TestModules.runToEnd(new RoundRobinModuleThread(sink, ModuleConfig.of("sink", Map.of())).addUpstream(in));
        }
        long n = 300 * 7;
        assertEquals(300, sink.waters.get());
        assertEquals(n, sink.records.get());
        assertEquals(n * (n - 1) / 2, sink.keySum.get());
        assertTrue(sink.sawEnd);
    }

    @Test
    void aRawReaderCutsAnyFileIntoWaters() throws Exception {
        Path f = dir.resolve("raw.bin");
        byte[] bytes = new byte[1000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) i;
        }
        Files.write(f, bytes);
        try (WaterFileReader in = FileReservoir.rawReader("raw", f, 300)) {
            int at = 0;
            for (int expected : List.of(300, 300, 300, 100)) {
                Water w = in.get();
                assertEquals(expected, w.length());
                assertEquals(bytes[at + expected - 1], w.buffer().getByte(expected - 1));
                at += expected;
                w.release();
            }
            assertNull(in.get());
            assertTrue(in.isEnded());
        }
    }

    @Test
    void badFilesAreNamedWithWhatIsWrong() throws Exception {
        NoSuchFileException missing = assertThrows(NoSuchFileException.class, () -> FileReservoir.reader("in", dir.resolve("missing")));
        assertTrue(missing.getMessage().contains("missing"));
        Path junk = dir.resolve("junk");
        Files.writeString(junk, "not a water file at all");
        IOException e = assertThrows(IOException.class, () -> FileReservoir.reader("in", junk));
        assertTrue(e.getMessage().contains("is not a Tigris Water file"), e.getMessage());

        Path f = dir.resolve("cut.tgr");
        try (WaterFileWriter out = FileReservoir.writer("out", f, 256)) {
            for (int i = 0; i < 3; i++) {
                Water w = out.spring().createWater(256);
                w.setLength(200);
                out.put(w);
            }
            out.endOfRiver();
        }
        byte[] all = Files.readAllBytes(f);
        Files.write(f, java.util.Arrays.copyOf(all, all.length - 50));
        try (WaterFileReader in = FileReservoir.reader("in", f)) {
            in.get().release();
            in.get().release();
            ReservoirFailedException x = assertThrows(ReservoirFailedException.class, in::get);
            assertTrue(x.getMessage().contains("ends inside Water 3 (200 bytes) at offset " + WaterFileDescriptor.frameOffset(200, 200)), x.getMessage());
        }
    }

    @Test
    void aVersion1WaterFileIsRefusedWithBothVersionsNamed() throws Exception {
        Path f = dir.resolve("old.tgr");
        ByteBuffer h = ByteBuffer.allocate(WaterFileDescriptor.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(WaterFileDescriptor.MAGIC_OFFSET, WaterFileDescriptor.MAGIC).putInt(WaterFileDescriptor.VERSION_OFFSET, 1)
                        .putInt(WaterFileDescriptor.WATER_SIZE_OFFSET, 256);
        Files.write(f, h.array());
        IOException e = assertThrows(IOException.class, () -> FileReservoir.reader("in", f));
        assertEquals(f + " is a Water file of version 1; this reader knows versions 2 to " + WaterFileDescriptor.VERSION, e.getMessage());
    }

    /**
     * A failed producer's file ends with its cause, which a reader gives after the Waters before it;
     * a failure frame claiming a longer cause than a writer writes is named as what it is.
     */
    @Test
    void aFailedWritersFileEndsWithItsCause() throws Exception {
        Path f = dir.resolve("failed.tgr");
        try (WaterFileWriter out = FileReservoir.writer("out", f, 256)) {
            Water w = out.spring().createWater(256);
            w.setLength(10);
            out.put(w);
            out.endWithFailure("module gen#0 failed: disk full");
        }
        assertEquals(WaterFileDescriptor.frameOffset(10) + WaterFileDescriptor.FRAME_HEADER + "module gen#0 failed: disk full".length(), Files.size(f));
        try (WaterFileReader in = FileReservoir.reader("in", f)) {
            in.get().release();
            tigris.UpstreamFailedException x = assertThrows(tigris.UpstreamFailedException.class, in::get);
            assertEquals("reservoir in: the stream ends with its producer's failure: module gen#0 failed: disk full (" + f + ")", x.getMessage());
        }
        Path hostile = dir.resolve("hostile.tgr");
        ByteBuffer b = ByteBuffer.allocate(WaterFileDescriptor.HEADER_SIZE + WaterFileDescriptor.FRAME_HEADER).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(WaterFileDescriptor.MAGIC_OFFSET, WaterFileDescriptor.MAGIC).putInt(WaterFileDescriptor.VERSION_OFFSET, WaterFileDescriptor.VERSION)
                        .putInt(WaterFileDescriptor.WATER_SIZE_OFFSET, 256);
        b.putInt(WaterFileDescriptor.HEADER_SIZE, WaterFileDescriptor.FAILED).putInt(WaterFileDescriptor.HEADER_SIZE + WaterFileDescriptor.FAILED_CAUSE_LENGTH_OFFSET, 5000);
        Files.write(hostile, b.array());
        try (WaterFileReader in = FileReservoir.reader("in", hostile)) {
            ReservoirFailedException x = assertThrows(ReservoirFailedException.class, in::get);
            assertEquals("reservoir in: " + hostile + " at offset " + WaterFileDescriptor.HEADER_SIZE + ": a failure frame with a cause of 5000 bytes, more than 1024", x.getMessage());
        }
    }

    @Test
    void aFileWithoutEndOfRiverIsNamedTruncated() throws Exception {
        Path f = dir.resolve("unfinished.tgr");
        try (WaterFileWriter out = FileReservoir.writer("out", f, 256)) {
            for (int i = 0; i < 2; i++) {
                Water w = out.spring().createWater(256);
                w.setLength(100);
                out.put(w);
            }
            // closed without End of River: the writer died, as far as a reader can tell
        }
        assertEquals(WaterFileDescriptor.frameOffset(100, 100), Files.size(f), "ends at a Water's end");
        try (WaterFileReader in = FileReservoir.reader("in", f)) {
            in.get().release();
            in.get().release();
            ReservoirFailedException x = assertThrows(ReservoirFailedException.class, in::get);
            assertTrue(x.getMessage().contains(f + " ends after Water 2 without End of River (offset " + WaterFileDescriptor.frameOffset(100, 100) + ")"),
                            x.getMessage());
        }
        // The complete file has one more frame, and bytes after it are named too.
        Path whole = dir.resolve("whole.tgr");
        try (WaterFileWriter out = FileReservoir.writer("out", whole, 256)) {
            out.endOfRiver();
        }
        assertEquals(WaterFileDescriptor.fileBytes(), Files.size(whole));
        Files.write(whole, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
        try (WaterFileReader in = FileReservoir.reader("in", whole)) {
            ReservoirFailedException x = assertThrows(ReservoirFailedException.class, in::get);
            assertTrue(x.getMessage().contains("holds 3 more bytes after its End of River frame"), x.getMessage());
        }
    }

    @Test
    void theEndsOfferOnlyTheirOwnOperations() throws Exception {
        // Each end has only its own half: what a writer cannot do is not there to be refused.
        for (var m : WaterFileWriter.class.getMethods()) {
            assertFalse(java.util.Set.of("poll", "get", "isEnded", "creditBack").contains(m.getName()), "writer has " + m);
        }
        for (var m : WaterFileReader.class.getMethods()) {
            assertFalse(java.util.Set.of("put", "endOfRiver", "spring", "credits").contains(m.getName()), "reader has " + m);
        }
        Path f = dir.resolve("roles.tgr");
        try (WaterFileWriter out = FileReservoir.writer("out", f, 64)) {
            Water big = out.spring().createWater(64);
            assertEquals(out.window(), out.credits(), "a file takes what it is given");
            out.endOfRiver();
            assertEquals(0, out.credits());
            assertThrows(IllegalStateException.class, () -> out.put(big));
        }
        try (WaterFileReader in = FileReservoir.reader("in", f)) {
            assertNull(in.get());
        }
    }

    @Test
    void aReaderReadsAheadOnlyAsFarAsItsCreditsAllow() throws Exception {
        Path f = dir.resolve("ahead.tgr");
        int n = 3 * FileReservoir.READ_AHEAD;
        try (WaterFileWriter out = FileReservoir.writer("out", f, 64)) {
            for (int i = 0; i < n; i++) {
                Water w = out.spring().createWater(64);
                w.buffer().putInt(0, i);
                w.setLength(4);
                out.put(w);
            }
            out.endOfRiver();
        }
        try (WaterFileReader in = FileReservoir.reader("in", f)) {
            Water first = in.get();
            Thread.sleep(200);
            assertEquals(FileReservoir.READ_AHEAD, in.waters(), "read ahead by its window, no further, while no credit comes back");
            first.release();
            in.creditBack();
            for (int i = 1; i < n; i++) {
                Water w = in.get();
                assertEquals(i, w.buffer().getInt(0));
                w.release();
                in.creditBack();
            }
            assertNull(in.get());
            assertEquals(n, in.waters());
        }
    }

    /** A Water of 8 bytes holding {@code value}, put into {@code out} by the calling thread. */
    private static void putValue(WaterFileWriter out, long value) throws InterruptedException {
        Water w = out.spring().createWater(8);
        w.buffer().putLong(0, value);
        w.setLength(8);
        out.put(w);
    }

    /**
     * The file transport's writer (paced) has the credits its reader's consumer gave back, as a
     * network reservoir's producer has: its window less what is written and not yet taken. A put
     * with none left waits until the consumer takes one.
     */
    @Test
    void aPacedWritersCreditsAreWhatItsReadersConsumerHasNotTaken() throws Exception {
        Path f = dir.resolve("paced.tgr");
        try (WaterFileWriter out = FileReservoir.pacedWriter("paced", f, 64, 4, Duration.ofSeconds(30));
                        WaterFileReader in = FileReservoir.tailingReader("in", f, Duration.ofSeconds(30))) {
            assertEquals(4, out.credits());
            for (long i = 0; i < 4; i++) {
                putValue(out, i);
            }
            assertEquals(0, out.credits(), "four written, none taken");
            CompletableFuture<Void> fifth = CompletableFuture.runAsync(() -> {
                try {
                    putValue(out, 4);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(300);
            assertFalse(fifth.isDone(), "a put with no credit waits for the reader");
            Water first = in.get();
            assertEquals(0, first.buffer().getLong(0));
            first.release();
            in.creditBack();
            fifth.get(10, TimeUnit.SECONDS);
            assertEquals(0, out.credits(), "one taken, one more written");
            for (long i = 1; i < 5; i++) {
                Water w = in.get();
                assertEquals(i, w.buffer().getLong(0));
                w.release();
                in.creditBack();
                assertEquals(i, out.credits(), "each Water taken is a credit back");
            }
            out.endOfRiver();
            assertNull(in.get());
        }
    }

    @Test
    void aPacedWriterThatNoReaderOpensFailsAfterItsPatience() throws Exception {
        Path f = dir.resolve("unread.tgr");
        try (WaterFileWriter out = FileReservoir.pacedWriter("unread", f, 64, 2, Duration.ofSeconds(1))) {
            putValue(out, 0);
            putValue(out, 1);
            long t0 = System.nanoTime();
            ReservoirFailedException e = assertThrows(ReservoirFailedException.class, () -> putValue(out, 2));
            assertTrue(e.getMessage().contains("the reader of " + f + " took no Water for 1 s with the window of 2 full, and no reader opened the file"),
                            e.getMessage());
            assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(900), "it waited its patience first");
        }
    }

    /** A reader whose consumer is slower than the writer's patience, but alive, is waited for: only a gone reader fails the writer. */
    @Test
    void aPacedWriterWaitsForASlowReaderWhoseProcessLives() throws Exception {
        Path f = dir.resolve("slow.tgr");
        try (WaterFileWriter out = FileReservoir.pacedWriter("slow", f, 64, 1, Duration.ofSeconds(1));
                        WaterFileReader in = FileReservoir.tailingReader("in", f, Duration.ofSeconds(30))) {
            putValue(out, 0);
            CompletableFuture<Void> second = CompletableFuture.runAsync(() -> {
                try {
                    putValue(out, 1);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(2500);   // longer than the writer's patience: the consumer is busy, its process alive
            assertFalse(second.isDone(), "the put waits");
            Water w = in.get();
            w.release();
            in.creditBack();
            second.get(10, TimeUnit.SECONDS);
            out.endOfRiver();
        }
    }

    /**
     * A Distributed Queue over two file reservoirs sees which reader is slow: a RANDOM thread draws
     * among the ends with credit, and the slow reader's end has none most of the time, so most
     * Waters go to the fast one (with a file's whole window as credit, half would go to each).
     */
    @Test
    void aDistributedQueueSendsMostWatersToTheFasterFileReader() throws Exception {
        Path fast = dir.resolve("fast.tgr");
        Path slow = dir.resolve("slow.tgr");
        try (WaterFileWriter toFast = FileReservoir.pacedWriter("fast", fast, 4096, 4, Duration.ofSeconds(30));
                        WaterFileWriter toSlow = FileReservoir.pacedWriter("slow", slow, 4096, 4, Duration.ofSeconds(30));
                        WaterFileReader fromFast = FileReservoir.tailingReader("fast-in", fast, Duration.ofSeconds(30));
                        WaterFileReader fromSlow = FileReservoir.tailingReader("slow-in", slow, Duration.ofSeconds(30))) {
            AtomicLong atFast = new AtomicLong();
            AtomicLong atSlow = new AtomicLong();
            Thread a = Thread.ofPlatform().start(() -> drain(fromFast, atFast, 0));
            Thread b = Thread.ofPlatform().start(() -> drain(fromSlow, atSlow, 5));
            TestModules.runToEnd(new RandomModuleThread(new TestModules.Source(400, 1), ModuleConfig.of("source", Map.of()), new java.util.SplittableRandom(7))
                            .addDownstream(toFast).addDownstream(toSlow));
            a.join(60_000);
            b.join(60_000);
            assertEquals(400, atFast.get() + atSlow.get());
            assertTrue(atFast.get() > 300, "the fast reader took " + atFast.get() + " of 400 Waters, the slow one " + atSlow.get());
        }
    }

    /** Takes Waters until End of River, {@code millis} each, counting them. */
    private static void drain(WaterFileReader in, AtomicLong count, long millis) {
        try {
            for (Water w; (w = in.get()) != null;) {
                w.release();
                Thread.sleep(millis);
                count.incrementAndGet();
                in.creditBack();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
