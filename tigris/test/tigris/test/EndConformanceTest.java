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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tigris.ConsumerEnd;
import tigris.ProducerEnd;
import tigris.UpstreamFailedException;
import tigris.Water;

/**
 * Every end performs every method of its interface, in protocol order, on every transport: no end
 * refuses half of what it offers (the verbs ends run the same protocol in VerbsReservoirTest, on a
 * device).
 */
class EndConformanceTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"memory", "shm", "tcp", "file"})
    void everyEndPerformsEveryMethodInProtocolOrder(String transport) throws Exception {
        TransportEnds ends = TransportEnds.open(transport, 4, 64, dir);
        ProducerEnd out = ends.producer();
        assertFalse(out.name().isEmpty());
        assertTrue(out.window() >= 1);
        int credits = out.credits();
        assertTrue(credits >= 1, transport + ": credits before any put: " + credits);
        Water w = out.spring().createWater(8);
        w.buffer().putLong(0, 0x5EED_0000_0000_0001L);
        w.setLength(8);
        w.setKind((byte) 9);
        out.put(w);
        out.endOfRiver();
        out.endOfRiver();   // idempotent
        ConsumerEnd in = ends.consumer();
        try {
            Water got = in.get();
            assertEquals(0x5EED_0000_0000_0001L, got.buffer().getLong(0), transport);
            assertEquals(9, got.kind(), transport);
            got.release();
            in.creditBack();
            assertNull(in.get(), transport + ": End of River after the Water");
            assertTrue(in.isEnded());
            assertNull(in.poll(), transport + ": nothing after End of River");
        } finally {
            ends.close();
        }
    }

    /**
     * A producer that fails ends the stream with its cause: the consumer gets the Waters put
     * before, then (again at every later look) an UpstreamFailedException naming the reservoir and
     * the cause, never End of River; End of River after it changes nothing.
     */
    @ParameterizedTest
    @ValueSource(strings = {"memory", "shm", "tcp", "file"})
    void aProducersFailureReachesTheConsumerAfterItsWaters(String transport) throws Exception {
        TransportEnds ends = TransportEnds.open(transport, 4, 64, dir);
        ProducerEnd out = ends.producer();
        for (int i = 0; i < 2; i++) {
            Water w = out.spring().createWater(8);
            w.buffer().putLong(0, i);
            w.setLength(8);
            out.put(w);
        }
        out.endWithFailure("module partition#1 failed: bad record at offset 4096 (ü)");
        out.endWithFailure("a second failure is not sent");
        out.endOfRiver();
        ConsumerEnd in = ends.consumer();
        try {
            for (int i = 0; i < 2; i++) {
                Water got = in.get();
                assertEquals(i, got.buffer().getLong(0), transport);
                got.release();
                in.creditBack();
            }
            UpstreamFailedException e = assertThrows(UpstreamFailedException.class, in::get, transport);
            assertTrue(e.getMessage().startsWith("reservoir " + in.name() + ": the stream ends with its producer's failure: module partition#1 failed: "
                            + "bad record at offset 4096 (ü)"), transport + ": " + e.getMessage());
            assertFalse(in.isEnded(), transport + ": not End of River");
            assertThrows(UpstreamFailedException.class, in::poll, transport + ": every later look fails too");
        } finally {
            ends.close();
        }
    }

    /**
     * A producer's thread that puts and then fails while the consumer is looking: the consumer
     * takes every Water before the failure, in every round. (The narrowest way to break it, a
     * consumer that reads the failure after finding its queue empty, loses a Water only when the
     * producer's put and failure both fall between those two reads: Inbox reads the failure first
     * by design, and this test seldom catches that case.)
     */
    @ParameterizedTest
    @ValueSource(strings = {"memory", "shm", "tcp"})
    void aFailureRacingTheConsumerNeverOvertakesAWater(String transport) throws Exception {
        int rounds = transport.equals("memory") ? 2000 : 100;
        for (int round = 0; round < rounds; round++) {
            TransportEnds ends = TransportEnds.open(transport, 2, 64, dir);
            ProducerEnd out = ends.producer();
            ConsumerEnd in = ends.consumer();
            int waters = 1 + round % 5;
            Thread producer = Thread.ofPlatform().start(() -> {
                try {
                    for (int i = 0; i < waters; i++) {
                        Water w = out.spring().createWater(8);
                        w.setLength(8);
                        out.put(w);
                    }
                    out.endWithFailure("boom");
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
            try {
                int got = 0;
                while (true) {
                    Water w;
                    try {
                        w = in.poll();
                    } catch (UpstreamFailedException e) {
                        break;
                    }
                    if (w != null) {
                        w.release();
                        in.creditBack();
                        got++;
                    } else {
                        Thread.onSpinWait();
                    }
                }
                assertEquals(waters, got, transport + ", round " + round + ": every Water before the failure");
                producer.join();
            } finally {
                ends.close();
            }
        }
    }

    /**
     * A Water the producer holds unput at the end (a partly filled one) does not hold back the
     * ones put after it, nor the cause: the end publishes its slot as skipped.
     */
    @Test
    void aSlotHeldAtTheEndHoldsNothingBack() throws Exception {
        for (boolean fails : new boolean[] {false, true}) {
            TransportEnds ends = TransportEnds.open("shm", 4, 64, dir);
            ProducerEnd out = ends.producer();
            Water held = out.spring().createWater(8);
            Water put = out.spring().createWater(8);
            put.buffer().putLong(0, 42);
            put.setLength(8);
            out.put(put);
            if (fails) {
                out.endWithFailure("module partition#0 failed: disk full");
            } else {
                out.endOfRiver();
            }
            held.release();   // released after the end, as a failing module's destroy() would
            ConsumerEnd in = ends.consumer();
            try {
                Water got = in.get();
                assertEquals(42, got.buffer().getLong(0), "the Water put after the held one");
                got.release();
                in.creditBack();
                if (fails) {
                    UpstreamFailedException e = assertThrows(UpstreamFailedException.class, in::get);
                    assertEquals("module partition#0 failed: disk full", e.upstreamCause());
                } else {
                    assertNull(in.get());
                    assertTrue(in.isEnded());
                }
            } finally {
                ends.close();
            }
        }
    }

    /** A cause longer than a reservoir carries is cut on a character's boundary, not refused. */
    @ParameterizedTest
    @ValueSource(strings = {"memory", "shm", "tcp", "file"})
    void aLongCauseIsCut(String transport) throws Exception {
        TransportEnds ends = TransportEnds.open(transport, 4, 4096, dir);
        // 1 + 2 x 1024 bytes: byte 1024 is the second of an "é", so the cut comes before that "é".
        ends.producer().endWithFailure("x" + "é".repeat(ProducerEnd.MAX_CAUSE_BYTES));
        try {
            UpstreamFailedException e = assertThrows(UpstreamFailedException.class, ends.consumer()::get, transport);
            // The file's end adds the file's name after the cause.
            String cause = e.getMessage().substring(e.getMessage().indexOf("failure: ") + "failure: ".length()).replaceFirst(" \\(/.*\\)$", "");
            assertEquals("x" + "é".repeat(ProducerEnd.MAX_CAUSE_BYTES / 2 - 1), cause, transport);
        } finally {
            ends.close();
        }
    }

    /**
     * No end refuses an operation of its own interface: Tigris's sources throw no
     * UnsupportedOperationException (they may catch the JDK's).
     */
    @Test
    void noTigrisClassThrowsUnsupportedOperation() throws Exception {
        Path src = Path.of(System.getProperty("tigris.test.data")).resolve("../../src").normalize();
        assertTrue(Files.isDirectory(src.resolve("tigris")), "Tigris's sources at " + src);
        try (Stream<Path> files = Files.walk(src)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                assertFalse(Files.readString(f).contains("new UnsupportedOperationException"), f + " throws UnsupportedOperationException");
            }
        }
    }
}
