/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import jaguar.ext.OffHeapBuffer;
import jaguar.ext.SharedMemoryBuffer;
import tigris.UpstreamFailedException;
import tigris.Water;
import tigris.reservoir.ShmConsumer;
import tigris.reservoir.ShmProducer;
import tigris.reservoir.ShmReservoir;
import tigris.reservoir.ShmRingDescriptor;
import tigris.reservoir.ShmSizing;

/**
 * Shared-memory streams with indirection: Waters take the lines their bytes need in a ring of
 * data, several readers share one stream, and a waiting side sleeps on a futex the other wakes.
 */
class ShmStreamTest {
    private static final Duration DEAD_PEER = Duration.ofSeconds(20);

    private static String unique(String base) {
        return "tigris-test-" + base + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
    }

    /** The byte at {@code i} of Water {@code n}: what every test writes and checks. */
    private static byte pattern(long n, int i) {
        return (byte) (n * 31 + i * 7);
    }

    private static int sizeOf(long n, int max) {
        return 1 + (int) Math.floorMod(n * 2654435761L >>> 7, max);
    }

    private static void fill(Water w, long n, int size) {
        for (int i = 0; i < size; i++) {
            w.buffer().putByte(i, pattern(n, i));
        }
        w.setLength(size);
        w.setKind((byte) n);
    }

    private static String check(Water w, long n, int size) {
        if (w.length() != size) {
            return "Water " + n + " has " + w.length() + " bytes, not " + size;
        }
        if (w.kind() != (byte) n) {
            return "Water " + n + " is of kind " + w.kind();
        }
        for (int i = 0; i < size; i++) {
            if (w.buffer().getByte(i) != pattern(n, i)) {
                return "Water " + n + " differs at byte " + i;
            }
        }
        return null;
    }

    private static byte[] bytes(long n, int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = pattern(n, i);
        }
        return b;
    }

    private static String check(byte[] b, int length, byte kind, long n, int size) {
        if (length != size) {
            return "Water " + n + " read as " + length + " bytes, not " + size;
        }
        if (kind != (byte) n) {
            return "Water " + n + " read as of kind " + kind;
        }
        for (int i = 0; i < size; i++) {
            if (b[i] != pattern(n, i)) {
                return "Water " + n + " read differs at byte " + i;
            }
        }
        return null;
    }

    @Test
    void smallWatersTakeOnlyTheLinesTheyNeed() throws Exception {
        String name = unique("pack");
        // 64 descriptors, Waters of up to 1 KiB, 4 KiB of data: 64 Waters of 10 bytes fit with nothing read.
        try (ShmProducer out = ShmReservoir.create(name, 64, 1024, 4096, 1, null, DEAD_PEER); ShmConsumer in = ShmReservoir.attach(name, DEAD_PEER)) {
            for (int n = 0; n < 64; n++) {
                Water w = out.spring().createWater(1024);
                fill(w, n, 10);
                out.put(w);
            }
            assertEquals(0, out.credits(), "every descriptor used, and the data held them all");
            for (int n = 0; n < 64; n++) {
                Water w = in.poll();
                assertNull(check(w, n, 10));
                w.release();
                in.creditBack();
            }
            assertEquals(64, out.credits());
        }
    }

    @Test
    void everyReaderReadsEveryWaterAndTheSlowestHoldsTheData() throws Exception {
        String name = unique("readers");
        int readers = 3;
        long total = 20_000;
        try (ShmProducer out = ShmReservoir.create(name, 16, 256, 4096, readers, null, DEAD_PEER)) {
            List<ShmConsumer> ins = new ArrayList<>();
            for (int r = 0; r < readers; r++) {
                ins.add(ShmReservoir.attach(name, DEAD_PEER));
            }
            assertTrue(ins.stream().map(ShmConsumer::reader).distinct().count() == readers, "each took a reader's place of its own");
            assertTrue(!java.nio.file.Files.exists(Path.of("/dev/shm", name)), "the last reader removed the name");
            ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
            List<Thread> threads = new ArrayList<>();
            for (ShmConsumer in : ins) {
                boolean slow = in.reader() == 1;
                threads.add(Thread.ofPlatform().start(() -> {
                    try {
                        for (long n = 0; n < total; n++) {
                            Water w = in.get();
                            String p = w == null ? "reader " + in.reader() + " ended at " + n : check(w, n, sizeOf(n, 256));
                            if (p != null) {
                                problems.add(p);
                                return;
                            }
                            if (slow && n % 1000 == 0) {
                                Thread.sleep(20);   // the producer must wait for this one
                            }
                            w.release();
                            in.creditBack();
                        }
                        if (in.get() != null || !in.isEnded()) {
                            problems.add("reader " + in.reader() + " read past the end");
                        }
                    } catch (Exception e) {
                        problems.add("reader " + in.reader() + ": " + e);
                    }
                }));
            }
            for (long n = 0; n < total; n++) {
                Water w = out.spring().createWater(256);
                fill(w, n, sizeOf(n, 256));
                out.put(w);
            }
            out.endOfRiver();
            for (Thread t : threads) {
                t.join(60_000);
            }
            assertTrue(problems.isEmpty(), problems.toString());
            assertEquals(16, out.credits(), "every reader freed every Water");
            for (ShmConsumer in : ins) {
                in.close();
            }
        }
    }

    /**
     * A producer that mixes Waters over the stream's data, pool Waters made while one is out,
     * foreign Waters and Waters released without a put, into a ring of a few of its largest
     * Waters; a reader that passes some Waters on, to be released later elsewhere and out of
     * order: every Water put arrives whole and in order, across hundreds of turns of the ring.
     */
    @Test
    void aRandomMixOfWatersSurvivesManyTurnsOfASmallRing() throws Exception {
        String name = unique("mix");
        long total = 50_000;
        int max = 512;
        // Data for 8 of the largest Waters: the two the reader may hold passed on, the one the producer holds, and room to move.
        try (ShmProducer out = ShmReservoir.create(name, 8, max, 8 * max, 1, null, DEAD_PEER); ShmConsumer in = ShmReservoir.attach(name, DEAD_PEER);
                        OffHeapBuffer foreign = OffHeapBuffer.allocate(max)) {
            AtomicReference<String> problem = new AtomicReference<>();
            // Waters passed on go to a thread downstream, which holds a few and releases them out of
            // order, and lets go of all it holds whenever nothing comes (it never waits on the reader
            // while it holds the data the producer needs: no module does).
            java.util.concurrent.BlockingQueue<Water> downstream = new java.util.concurrent.LinkedBlockingQueue<>();
            Water endMark = new Water(null, OffHeapBuffer.allocate(1));
            // Which Water each one passed on is: checked again as it is released, so data freed while still held is seen.
            java.util.Map<Water, Long> numbers = new java.util.concurrent.ConcurrentHashMap<>();
            java.util.function.Consumer<Water> letGo = w -> {
                long n = numbers.remove(w);
                String p = check(w, n, sizeOf(n, max));
                if (p != null) {
                    problem.compareAndSet(null, "held downstream: " + p);
                }
                w.release();
            };
            Thread releaser = Thread.ofPlatform().start(() -> {
                Random r = new Random(3);
                ArrayDeque<Water> held = new ArrayDeque<>();
                try {
                    while (true) {
                        Water w = downstream.poll(1, TimeUnit.MILLISECONDS);
                        if (w == endMark) {
                            break;
                        }
                        if (w == null) {
                            held.forEach(letGo);
                            held.clear();
                            continue;
                        }
                        w.adopt();
                        held.add(w);
                        while (held.size() > 2 || !held.isEmpty() && r.nextInt(3) == 0) {
                            letGo.accept(r.nextBoolean() ? held.pollFirst() : held.pollLast());
                        }
                    }
                    held.forEach(letGo);
                } catch (Exception e) {
                    problem.set("downstream: " + e);
                }
            });
            Thread reader = Thread.ofPlatform().start(() -> {
                Random r = new Random(2);
                try {
                    byte[] copy = new byte[max];
                    for (long n = 0; n < total; n++) {
                        if (r.nextInt(3) == 0) {
                            // The pipe-like read: copied out, freed at once.
                            int got = in.read(copy, 0, max);
                            String p = got < 0 ? "ended at " + n : check(copy, got, in.lastKind(), n, sizeOf(n, max));
                            if (p != null) {
                                problem.compareAndSet(null, p);
                                if (got < 0) {
                                    return;
                                }
                            }
                            continue;
                        }
                        Water w = in.get();
                        String p = w == null ? "ended at " + n : check(w, n, sizeOf(n, max));
                        if (p != null) {
                            // The first problem is the test's finding; the reader drains the rest so the producer ends.
                            problem.compareAndSet(null, p);
                            if (w == null) {
                                return;
                            }
                        }
                        in.creditBack();
                        if (r.nextInt(4) == 0) {
                            numbers.put(w, n);
                            downstream.add(w);   // passed on: released later, elsewhere, out of order
                        } else {
                            w.release();
                        }
                    }
                    if (in.get() != null) {
                        problem.set("a Water after the last");
                    }
                } catch (Exception e) {
                    problem.set(e.toString());
                } finally {
                    downstream.add(endMark);
                }
            });
            Random r = new Random(1);
            for (long n = 0; n < total; n++) {
                int size = sizeOf(n, max);
                switch (r.nextInt(7)) {
                    case 0 -> {
                        Water held = out.spring().createWater(max);   // out, never put
                        Water w = out.spring().createWater(max);      // made while one is out: copied in
                        fill(w, n, size);
                        out.put(w);
                        held.release();
                    }
                    case 1 -> {
                        Water w = new Water(null, foreign);
                        fill(w, n, size);
                        out.put(w);
                    }
                    case 2 -> {
                        if (n + 1 == total) {
                            n--;
                            continue;
                        }
                        // The Water over the data is put after one copied in behind it: published at a lower position.
                        Water first = out.spring().createWater(max);
                        Water second = out.spring().createWater(max);
                        fill(second, n, size);
                        out.put(second);
                        n++;
                        fill(first, n, sizeOf(n, max));
                        out.put(first);
                    }
                    case 3 -> out.write(bytes(n, size), 0, size, (byte) n);
                    case 4 -> {
                        if (n + 1 == total) {
                            n--;
                            continue;
                        }
                        // Written while a Water over the data is out, filled already: the write must leave its data alone.
                        Water first = out.spring().createWater(max);
                        fill(first, n + 1, sizeOf(n + 1, max));
                        out.write(bytes(n, size), 0, size, (byte) n);
                        n++;
                        out.put(first);
                    }
                    default -> {
                        Water w = out.spring().createWater(max);
                        fill(w, n, size);
                        out.put(w);
                    }
                }
            }
            out.endOfRiver();
            reader.join(120_000);
            releaser.join(10_000);
            assertNull(problem.get());
            assertEquals(8, out.credits());
        }
    }

    /** The pipe-like write and read keep each Water whole, with its kind, and refuse what would lose or reorder bytes. */
    @Test
    void writesAndReadsCopyWholeWatersAndSayWhatIsWrong() throws Exception {
        String name = unique("copy");
        try (ShmProducer out = ShmReservoir.create(name, 4, 64, DEAD_PEER); ShmConsumer in = ShmReservoir.attach(name, DEAD_PEER)) {
            var tooLong = assertThrows(IllegalArgumentException.class, () -> out.write(new byte[65], 0, 65));
            assertTrue(tooLong.getMessage().contains("up to 64 bytes; a write of 65"), tooLong.getMessage());
            out.write(bytes(1, 40), 0, 40, (byte) 1);
            out.write(bytes(2, 8), 0, 8, (byte) 2);
            out.write(new byte[0], 0, 0);
            byte[] small = new byte[16];
            var tooSmall = assertThrows(IllegalArgumentException.class, () -> in.read(small, 0, 16));
            assertTrue(tooSmall.getMessage().contains("holds 40 bytes, more than the 16 given"), tooSmall.getMessage());
            byte[] b = new byte[64];
            int got = in.read(b, 8, 56);   // the refused Water, whole, at the offset given
            assertNull(check(java.util.Arrays.copyOfRange(b, 8, 8 + got), got, in.lastKind(), 1, 40));
            Water w = in.get();
            assertNull(check(w, 2, 8));
            var owed = assertThrows(IllegalStateException.class, () -> in.read(b, 0, 64));
            assertTrue(owed.getMessage().contains("1 Water(s) taken from it await a credit back"), owed.getMessage());
            w.release();
            in.creditBack();
            assertEquals(0, in.read(b, 0, 64), "an empty Water is read as 0 bytes");
            assertEquals(Water.DATA, in.lastKind());
            out.endOfRiver();
            var after = assertThrows(IllegalStateException.class, () -> out.write(b, 0, 1));
            assertTrue(after.getMessage().contains("write after End of River"), after.getMessage());
            assertEquals(-1, in.read(b, 0, 64));
            assertEquals(-1, in.read(b, 0, 64), "and again");
            assertEquals(4, out.credits(), "every Water read is freed");
        }
        name = unique("copy-failed");
        try (ShmProducer out = ShmReservoir.create(name, 4, 64, DEAD_PEER); ShmConsumer in = ShmReservoir.attach(name, DEAD_PEER)) {
            out.write(bytes(1, 4), 0, 4);
            out.endWithFailure("the source's disk is gone");
            byte[] b = new byte[64];
            assertEquals(4, in.read(b, 0, 64), "what was written before the failure is read");
            var failed = assertThrows(UpstreamFailedException.class, () -> in.read(b, 0, 64));
            assertEquals("the source's disk is gone", failed.upstreamCause());
        }
    }

    /** A reader that sleeps for a minute on an empty stream is woken by the producer's put in another process. */
    @Test
    void aSleepingReaderIsWokenByAPutInAnotherProcess() throws Exception {
        String name = unique("wake");
        Process child = ShmReservoirTest.start(name, "5", "gap=300");
        try (ShmConsumer in = ShmReservoirTest.attachWhenCreated(name, child)) {
            for (int i = 0; i < 5; i++) {
                long t0 = System.nanoTime();
                Water w;
                while ((w = in.poll()) == null) {
                    in.awaitData(TimeUnit.SECONDS.toNanos(60));
                    assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(30), "woken by the put, not by the minute running out");
                }
                assertEquals(i, w.container().root(Record.class).key);
                w.release();
                in.creditBack();
            }
            assertNull(in.get());
        }
        assertTrue(child.waitFor(60, TimeUnit.SECONDS));
    }

    /** A producer with no room sleeps, and the reader that frees a Water wakes it (the releases word moves). */
    @Test
    void aProducerWithNoRoomSleepsUntilAReaderFreesSome() throws Exception {
        String name = unique("room");
        // The test maps the stream before its reader attaches (which removes its name).
        try (ShmProducer out = ShmReservoir.create(name, 1, 64, 64, 1, null, DEAD_PEER); SharedMemoryBuffer seg = SharedMemoryBuffer.open(name);
                        ShmConsumer in = ShmReservoir.attach(name, DEAD_PEER)) {
            out.put(out.spring().createWater(8));
            Thread putter = Thread.ofPlatform().start(() -> {
                try {
                    Water w = new Water(null, OffHeapBuffer.allocate(8));
                    w.setLength(8);
                    out.put(w);   // no descriptor free: sleeps
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (seg.getIntVolatile(ShmRingDescriptor.PRODUCER_ASLEEP_OFFSET) == 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(1, seg.getIntVolatile(ShmRingDescriptor.PRODUCER_ASLEEP_OFFSET), "the producer sleeps");
            int releases = seg.getIntVolatile(ShmRingDescriptor.RELEASES_OFFSET);
            Water w = in.get();
            w.release();
            in.creditBack();
            putter.join(10_000);
            assertTrue(!putter.isAlive(), "the put went through");
            assertTrue(seg.getIntVolatile(ShmRingDescriptor.RELEASES_OFFSET) > releases, "the reader woke the producer");
        }
    }

    @Test
    void theDefaultDataIsFourOfACoresCaches() {
        ShmSizing.Cache c = ShmSizing.coreCache();
        assertTrue(c.bytes() > 0 && c.bytes() <= ShmSizing.CAP, c.toString());
        assertEquals(ShmSizing.powerOfTwo(4 * c.bytes()), ShmSizing.defaultBytes());
        assertEquals(ShmSizing.defaultBytes(), ShmSizing.dataBytes(1 << 16, 1024), "a wide window of small Waters gets the default");
        assertEquals(2 * (64 << 10) + 0L, ShmSizing.dataBytes(1, 64 << 10), "two of the largest Waters at least");
        assertEquals(8 * 4096, ShmSizing.dataBytes(8, 4096), "a window of 8 small Waters takes 8 of them, no more");
    }
}
