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
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tigris.ConsumerEnd;
import tigris.ProducerEnd;
import tigris.Water;
import tigris.transport.Endpoint;
import tigris.transport.PendingConsumer;
import tigris.transport.ReservoirPlan;
import tigris.transport.Site;
import tigris.transport.Transport;
import tigris.transport.TransportContext;
import tigris.transport.Transports;

/**
 * Every transport through the one SPI, as a node uses it: the consumer's end opened first, its
 * endpoint carried (serialized, as RMI does) to the producer's side, the producer's end opened
 * there, then the consumer's end awaited.
 */
class TransportTest {
    @TempDir
    Path dir;

    private TransportContext context(String node) {
        return new TransportContext(node, InetAddress.getLoopbackAddress(), dir.resolve(node), Duration.ofSeconds(10), Duration.ofSeconds(10), tigris.RiverAttempt.first("test"), DataPlanes.KEY, DataPlanes.of(node));
    }

    /** {@code e} after a round trip through Java serialization. */
    private static Endpoint carried(Endpoint e) throws Exception {
        var bytes = new java.io.ByteArrayOutputStream();
        try (var out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(e);
        }
        try (var in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
            return (Endpoint) in.readObject();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "tcp", "shm", "file"})
    void everyTransportJoinsItsEndsThroughTheSpi(String id) throws Exception {
        Transport t = Transports.byId(id);
        ReservoirPlan plan = new ReservoirPlan("a->b", id, 4, 256);
        TransportContext node = context("n1");
        PendingConsumer pending = t.openConsumer(plan, node);
        Endpoint at = carried(pending.endpoint());
        assertEquals(id, at.transport());
        ProducerEnd out = t.openProducer(plan, at, node);
        ConsumerEnd in = pending.await(Duration.ofSeconds(30));
        try {
            // The consumer takes Waters while the producer still puts them (a file is read as it grows).
            CompletableFuture<Long> taken = CompletableFuture.supplyAsync(() -> {
                long sum = 0;
                try {
                    for (Water w; (w = in.get()) != null;) {
                        sum += w.buffer().getLong(0);
                        w.release();
                        in.creditBack();
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return sum;
            });
            for (long i = 1; i <= 100; i++) {
                Water w = out.spring().createWater(8);
                w.buffer().putLong(0, i);
                w.setLength(8);
                out.put(w);
            }
            out.endOfRiver();
            assertEquals(5050L, taken.get(60, TimeUnit.SECONDS), id);
            assertNull(in.poll());
        } finally {
            in.close();
            out.close();
        }
    }

    @Test
    void whatATransportCanJoinIsItsOwnRule() {
        Site n1 = new Site("n1", "10.0.0.1");
        Site n2 = new Site("n2", "10.0.0.1");
        Site far = new Site("n3", "10.0.0.2");
        assertTrue(Transports.byId("memory").canJoin(n1, n1) && !Transports.byId("memory").canJoin(n1, n2));
        assertTrue(Transports.byId("shm").canJoin(n1, n2) && !Transports.byId("shm").canJoin(n1, far));
        assertTrue(Transports.byId("file").canJoin(n1, n2) && !Transports.byId("file").canJoin(n1, far));
        assertTrue(Transports.byId("tcp").canJoin(n1, far) && Transports.byId("verbs").canJoin(n1, far));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Transports.byId("pigeon"));
        assertEquals("transport=pigeon is not one of memory, tcp, shm, verbs, file", e.getMessage());
    }

    @Test
    void aConsumerWhoseProducerNeverComesIsNamed() throws Exception {
        for (String id : new String[] {"tcp", "shm", "file"}) {
            PendingConsumer pending = Transports.byId(id).openConsumer(new ReservoirPlan("lonely", id, 2, 64), context("n1"));
            IOException e = assertThrows(IOException.class, () -> pending.await(Duration.ofMillis(300)));
            assertTrue(e.getMessage().contains("lonely"), id + ": " + e.getMessage());
            pending.cancel();
        }
    }
}
