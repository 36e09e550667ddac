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
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import jaguar.verbs.RdmaListener;
import tigris.Water;
import tigris.reservoir.VerbsReceiver;
import tigris.reservoir.VerbsSender;

/**
 * Verbs reservoirs on a real RDMA device (Soft-RoCE in the test VM: make test-verbs): a river of
 * PSO records across a verbs connection, zero copy on both sides, credits, End of River, a
 * refused producer and a producer process that dies.
 */
@Tag("rdma-device")
class VerbsReservoirTest {
    /** Generous: under emulation (the test VM) a JVM takes tens of seconds to start and connect. */
    private static final Duration T = Duration.ofSeconds(180);
    private RdmaListener listener;

    @BeforeEach
    void listen() throws Exception {
        listener = RdmaListener.bind(new InetSocketAddress(InetAddress.getByName(System.getProperty("jaguar.verbs.address", "10.50.0.1")), 0), 4);
    }

    @AfterEach
    void stopListening() {
        listener.close();
    }

    /** The key of the river attempts in these tests, and the consumer's fresh value its endpoint would carry. */
    private static final tigris.AttemptKey KEY = tigris.AttemptKey.random();
    private static final byte[] NONCE = tigris.AttemptKey.nonce(16);

    private CompletableFuture<VerbsReceiver> acceptAsync(String name) {
        return acceptAsync(name, null);
    }

    /** The consumer's end of reservoir {@code name} of river attempt {@code attempt} (null: none), accepted on another thread. */
    private CompletableFuture<VerbsReceiver> acceptAsync(String name, tigris.RiverAttempt attempt) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return attempt == null ? VerbsReceiver.accept(listener, name, 64, T) : VerbsReceiver.accept(listener, name, attempt, KEY, NONCE, 64, T);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @Test
    void aRiverOfPsoRecordsCrossesAVerbsConnection() throws Exception {
        var accepted = acceptAsync("link");
        var source = new TestModules.Source(300, 20);
        var sink = new TestModules.Sink();
        try (VerbsSender out = VerbsSender.connect("link", listener.address(), 4, 4096, T);
             VerbsReceiver in = accepted.get(T.toSeconds(), TimeUnit.SECONDS)) {
            assertEquals("link", in.name());
            assertEquals(4, in.window());
            TestModules.riverAcross(source, out, in, sink, 300, 20);
            assertEquals(300, out.sent());
            assertEquals(300, in.received());
        }
    }

    @Test
    void watersAreBuiltAndReadInRegisteredBuffersWithoutCopies() throws Exception {
        var accepted = acceptAsync("zero-copy");
        int window = 4, n = 200;
        try (VerbsSender out = VerbsSender.connect("zero-copy", listener.address(), window, 1024, T);
             VerbsReceiver in = accepted.get(T.toSeconds(), TimeUnit.SECONDS)) {
            Set<Long> sentFrom = new HashSet<>();
            CompletableFuture<Void> producer = CompletableFuture.runAsync(() -> {
                try {
                    for (int i = 0; i < n; i++) {
                        Water w = out.spring().createWater(1024);
                        sentFrom.add(w.buffer().address());
                        Record r = w.container().allocate(Record.class);
                        r.key = i;
                        r.value = -i;
                        w.container().setRoot(r);
                        w.setKind((byte) i);   // every kind, 0..199 and wrapped, crosses in the immediate data
                        out.put(w);
                    }
                    out.endOfRiver();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
            Set<Long> receivedIn = new HashSet<>();
            for (int i = 0; i < n; i++) {
                Water w = in.get();
                receivedIn.add(w.buffer().address());
                Record r = w.container().root(Record.class);
                assertEquals(i, r.key);
                assertEquals(-i, r.value);
                assertEquals((byte) i, w.kind());
                w.release();
                in.creditBack();   // released and processed: its buffer is posted again and its credit goes back
            }
            assertNull(in.get(), "End of River");
            assertTrue(in.isEnded());
            producer.get(60, TimeUnit.SECONDS);
            // Every Water was built in, and received into, the reservoirs' own registered buffers:
            // a handful of them, reused, never a fresh copy.
            assertTrue(sentFrom.size() <= 2 * window, "sender buffers used: " + sentFrom.size());
            assertTrue(receivedIn.size() <= window + 1, "receiver buffers used: " + receivedIn.size());
        }
    }

    @Test
    void aProducerOfAnotherReservoirIsRefusedWithTheReason() throws Exception {
        var accepted = acceptAsync("expected");
        IOException e = assertThrows(IOException.class, () -> VerbsSender.connect("other", listener.address(), 4, 256, T));
        assertTrue(e.getMessage().contains("refused it") && e.getMessage().contains("expects reservoir 'expected', not 'other'"),
                e.getMessage());
        assertFalse(accepted.isDone(), "the consumer's end goes on accepting");
        try (VerbsSender out = VerbsSender.connect("expected", listener.address(), 4, 256, T); VerbsReceiver in = accepted.get(T.toSeconds(), TimeUnit.SECONDS)) {
            assertEquals("expected", in.name(), "its own producer joins after the refusal");
        }
    }

    /** The hello names the river attempt: a consumer's end of attempt 2 refuses a producer of attempt 1, telling it why. */
    @Test
    void aProducerOfAStaleAttemptIsRefusedWithTheReason() throws Exception {
        tigris.RiverAttempt second = new tigris.RiverAttempt("job", 2);
        var accepted = acceptAsync("r", second);
        IOException e = assertThrows(IOException.class,
                () -> VerbsSender.connect("r", listener.address(), 4, 256, tigris.RiverAttempt.first("job"), KEY, NONCE, T));
        assertTrue(e.getMessage().contains("refused it") && e.getMessage().contains("attempt 1 of river job is stale: this end belongs to attempt 2"),
                e.getMessage());
        try (VerbsSender out = VerbsSender.connect("r", listener.address(), 4, 256, second, KEY, NONCE, T);
             VerbsReceiver in = accepted.get(T.toSeconds(), TimeUnit.SECONDS)) {
            assertEquals("r", in.name(), "the attempt's own producer joins after the stale one was refused");
        }
    }

    /**
     * The hello proves the attempt's key over the consumer's fresh value: a producer with another
     * key (a stranger who guessed the names) or another fresh value (a hello seen elsewhere) is
     * refused, and the consumer's end takes its own producer afterwards.
     */
    @Test
    void aProducerThatCannotProveTheAttemptsKeyIsRefusedAndTheRealOneStillJoins() throws Exception {
        tigris.RiverAttempt job = tigris.RiverAttempt.first("keyed");
        var accepted = acceptAsync("r", job);
        for (var forger : List.of(Map.entry(tigris.AttemptKey.random(), NONCE), Map.entry(KEY, tigris.AttemptKey.nonce(16)))) {
            IOException e = assertThrows(IOException.class,
                    () -> VerbsSender.connect("r", listener.address(), 4, 256, job, forger.getKey(), forger.getValue(), T));
            assertTrue(e.getMessage().contains("refused it: the hello does not prove the river attempt's key"), e.getMessage());
        }
        assertFalse(accepted.isDone(), "the consumer's end goes on accepting");
        try (VerbsSender out = VerbsSender.connect("r", listener.address(), 4, 256, job, KEY, NONCE, T);
             VerbsReceiver in = accepted.get(T.toSeconds(), TimeUnit.SECONDS)) {
            Water w = out.spring().createWater(8);
            w.buffer().putLong(0, 42);
            w.setLength(8);
            out.put(w);
            assertEquals(42, in.get().buffer().getLong(0));
        }
    }

    @Test
    void aProducersFailureReachesTheConsumerAfterItsWaters() throws Exception {
        var accepted = acceptAsync("failing");
        try (VerbsSender out = VerbsSender.connect("failing", listener.address(), 4, 512, T);
             VerbsReceiver in = accepted.get(T.toSeconds(), TimeUnit.SECONDS)) {
            for (int i = 0; i < 3; i++) {
                Water w = out.spring().createWater(8);
                w.buffer().putLong(0, i);
                w.setLength(8);
                out.put(w);
            }
            out.endWithFailure("module partition#1 failed: " + "bad record ".repeat(100));
            for (int i = 0; i < 3; i++) {
                Water got = in.get();
                assertEquals(i, got.buffer().getLong(0));
                got.release();
                in.creditBack();
            }
            tigris.UpstreamFailedException e = assertThrows(tigris.UpstreamFailedException.class, in::get);
            // Cut to the Water size (512 bytes here): it lands in one of the consumer's Water buffers.
            assertEquals("reservoir failing: the stream ends with its producer's failure: " + ("module partition#1 failed: " + "bad record ".repeat(100)).substring(0, 512),
                            e.getMessage());
            assertThrows(tigris.UpstreamFailedException.class, in::poll, "every later look fails too");
        }
    }

    @Test
    void aProducerThatDiesFailsTheReservoirAfterItsWaters() throws Exception {
        var accepted = acceptAsync("crash");
        InetSocketAddress at = listener.address();
        Process child = TestModules.startProcess(VerbsProducerMain.class, at.getAddress().getHostAddress(),
                Integer.toString(at.getPort()), "5");
        try (VerbsReceiver in = accepted.get(T.toSeconds(), TimeUnit.SECONDS)) {
            TestModules.recordsThenFailure(in, 5, "disconnected before End of River", child);
        }
    }
}
