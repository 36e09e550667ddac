/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import tigris.ConsumerEnd;
import tigris.ProducerEnd;
import tigris.reservoir.FileReservoir;
import tigris.reservoir.MemoryReservoir;
import tigris.reservoir.ShmReservoir;
import tigris.reservoir.TcpSender;
import tigris.reservoir.WaterFileReader;
import tigris.reservoir.WaterFileWriter;

/**
 * The two ends of one reservoir of each transport that runs without a device (memory, shm, tcp,
 * file), for tests that run the same protocol over all of them. A file's consumer end opens when
 * first asked for: a file reservoir is read once it is written.
 */
final class TransportEnds implements AutoCloseable {
    static final String[] TRANSPORTS = {"memory", "shm", "tcp", "file"};
    private static final Duration DEAD_PEER = Duration.ofSeconds(10);

    private final ProducerEnd producer;
    private final Path file;
    private ConsumerEnd consumer;

    private TransportEnds(ProducerEnd producer, ConsumerEnd consumer, Path file) {
        this.producer = producer;
        this.consumer = consumer;
        this.file = file;
    }

    /** A reservoir of {@code transport} with {@code window} Waters of {@code waterSize} bytes; {@code dir} holds a file reservoir's file. */
    static TransportEnds open(String transport, int window, int waterSize, Path dir) throws Exception {
        switch (transport) {
            case "memory" -> {
                MemoryReservoir r = new MemoryReservoir("memory", window, waterSize);
                return new TransportEnds(r.producer(), r.consumer(), null);
            }
            case "shm" -> {
                String segment = "tigris-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
                ProducerEnd out = ShmReservoir.create(segment, window, waterSize, DEAD_PEER);
                return new TransportEnds(out, ShmReservoir.attach(segment, DEAD_PEER), null);
            }
            case "tcp" -> {
                String name = "tcp-" + System.nanoTime();
                var expected = DataPlanes.of("ends-in").expect(name, null, null, window, waterSize);
                var in = DataPlanes.of("ends-in");
                TcpSender out = DataPlanes.of("ends-out").open(in.node(), in.address(), name, null, null, window, waterSize);
                return new TransportEnds(out, expected.joined().get(30, TimeUnit.SECONDS), null);
            }
            case "file" -> {
                Path f = dir.resolve("ends-" + System.nanoTime() + ".tgr");
                WaterFileWriter out = FileReservoir.writer("file", f, waterSize);
                return new TransportEnds(out, null, f);
            }
            default -> throw new IllegalArgumentException("no transport " + transport);
        }
    }

    ProducerEnd producer() {
        return producer;
    }

    ConsumerEnd consumer() throws java.io.IOException {
        if (consumer == null) {
            WaterFileReader reader = FileReservoir.reader("file", file);
            consumer = reader;
        }
        return consumer;
    }

    @Override
    public void close() {
        if (consumer != null) {
            consumer.close();
        }
        producer.close();
    }
}
