/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.tck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Flow;

import org.reactivestreams.tck.TestEnvironment;
import org.reactivestreams.tck.flow.FlowPublisherVerification;

import tigris.Water;
import tigris.flow.ConsumerEndPublisher;
import tigris.reservoir.FileReservoir;
import tigris.reservoir.MemoryReservoir;
import tigris.reservoir.WaterFileWriter;

/**
 * The Reactive Streams TCK (its java.util.concurrent.Flow form) on a reservoir's consumer's end
 * as a publisher: a producer thread puts {@code elements} Waters into a memory reservoir, then
 * End of River.
 */
public class ConsumerEndPublisherTck extends FlowPublisherVerification<Water> {
    public ConsumerEndPublisherTck() {
        super(new TestEnvironment(1000));
    }

    @Override
    public Flow.Publisher<Water> createFlowPublisher(long elements) {
        MemoryReservoir r = new MemoryReservoir("tck", 4, 16);
        Thread.ofPlatform().daemon().name("tck-producer").start(() -> {
            try {
                for (long i = 0; i < elements; i++) {
                    Water w = r.producer().spring().createWater(8);
                    w.buffer().putLong(0, i);
                    w.setLength(8);
                    r.producer().put(w);
                }
                r.producer().endOfRiver();
            } catch (InterruptedException | RuntimeException e) {
                // the subscriber went away: nothing takes the rest
            }
        });
        return new ConsumerEndPublisher(r.consumer());
    }

    /**
     * A publisher whose reservoir has failed: the consumer's end of a Water file its writer left
     * without End of River (as a producer that died leaves it), which fails on the first take.
     */
    @Override
    public Flow.Publisher<Water> createFailedFlowPublisher() {
        try {
            Path f = Files.createTempFile("tigris-tck-", ".tgr");
            f.toFile().deleteOnExit();
            try (WaterFileWriter out = FileReservoir.writer("tck-writer", f, 64)) {
                // closed with nothing put and no End of River
            }
            return new ConsumerEndPublisher(FileReservoir.reader("tck-failed", f));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
