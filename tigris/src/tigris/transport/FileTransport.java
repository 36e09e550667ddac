/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import tigris.ConsumerEnd;
import tigris.ProducerEnd;
import tigris.reservoir.FileReservoir;
import tigris.reservoir.WaterFileDescriptor;
import tigris.reservoir.WaterFileReader;

/**
 * Nodes of one host through a Water file in the consumer's node's directory: the producer's end
 * appends Waters to it ({@link FileReservoir#pacedWriter}: credits are the window less what the
 * consumer has not yet taken, as the reader counts in the file's header), the consumer's end reads
 * them as they come ({@link FileReservoir#tailingReader}) until the End of River frame. The file stays as a record of
 * what crossed (it goes with the river's directory).
 */
public final class FileTransport implements Transport {
    /**
     * The Water file between the ends, on {@code host}.
     *
     * @param host the address the consumer's node is listed at: the producer's node must be on the
     *        same host (see {@link FileTransport#canJoin}); never null
     * @param path the file's absolute path on {@code host}, in the consumer's river directory
     */
    public record At(String host, String path) implements Endpoint {
        /**
         * Checks the components, when built and when deserialized.
         *
         * @throws IllegalArgumentException if {@code host} or {@code path} is null or {@code path}
         *         is not absolute
         */
        public At {
            if (host == null || path == null || !Path.of(path).isAbsolute()) {
                throw new IllegalArgumentException("file endpoint " + host + " " + path + " is not a host and an absolute path");
            }
        }

        @Override
        public String transport() {
            return "file";
        }
    }

    private static final AtomicLong FILES = new AtomicLong();

    /** Made by {@link Transports}; find it with {@code Transports.byId("file")}. */
    public FileTransport() {
    }

    @Override
    public String id() {
        return "file";
    }

    @Override
    public String label() {
        return "file";
    }

    @Override
    public boolean canJoin(Site a, Site b) {
        return a.host().equals(b.host());
    }

    @Override
    public String joinRule() {
        return "a file joins nodes on one host, listed at the same address";
    }

    @Override
    public PendingConsumer openConsumer(ReservoirPlan plan, TransportContext context) throws IOException {
        Files.createDirectories(context.work());
        Path file = context.work().resolve("reservoir-" + FILES.incrementAndGet() + "-" + plan.name().replaceAll("[^A-Za-z0-9_-]", "_") + ".tgr")
                        .toAbsolutePath();
        At at = new At(context.host(), file.toString());
        return new PendingConsumer() {
            private WaterFileReader end;

            @Override
            public Endpoint endpoint() {
                return at;
            }

            @Override
            public synchronized ConsumerEnd await(Duration timeout) throws IOException, InterruptedException {
                long deadline = System.nanoTime() + timeout.toNanos();
                while (!Files.exists(file) || Files.size(file) < WaterFileDescriptor.HEADER_SIZE) {
                    if (System.nanoTime() > deadline) {
                        throw new IOException("file reservoir " + plan.name() + ": " + file + " was not written within " + timeout.toSeconds()
                                        + " s (is its producer's node on this host?)");
                    }
                    Thread.sleep(10);
                }
                end = FileReservoir.tailingReader(plan.name(), file, context.deadPeer());
                return end;
            }

            @Override
            public synchronized void cancel() {
                if (end != null) {
                    end.close();
                }
            }
        };
    }

    @Override
    public ProducerEnd openProducer(ReservoirPlan plan, Endpoint at, TransportContext context) throws IOException {
        return FileReservoir.pacedWriter(plan.name(), Path.of(((At) at).path()), plan.waterSize(), plan.window(), context.deadPeer());
    }

    @Override
    public Class<At> endpointType() {
        return At.class;
    }
}
