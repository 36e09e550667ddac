/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import jaguar.ext.OffHeapBuffer;
import tigris.ModuleConfig;
import tigris.Parker;
import tigris.ProducerEnd;
import tigris.Water;
import tigris.pipe.filters.Split;
import tigris.reservoir.ShmConsumer;
import tigris.reservoir.ShmProducer;
import tigris.reservoir.ShmReservoir;

/**
 * A filter that writes several classes into one shared-memory stream: the stream hands out one
 * Water over its data at a time, and a writer of a class that rarely comes must not hold it while
 * the others fill the ring (it would wait for room only that Water's put can make).
 */
class OutletTest {
    @Test
    void twoClassesIntoOneStreamNeverHoldItsData() throws Exception {
        String name = "tigris-test-outlet-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        // A ring of four of its Waters; class 2 (the key "rare") comes once, at the start.
        try (ShmProducer out = ShmReservoir.create(name, 64, 1024, 4096, 1, null, Duration.ofSeconds(20));
                        ShmConsumer in = ShmReservoir.attach(name, Duration.ofSeconds(20))) {
            AtomicLong bytes = new AtomicLong();
            AtomicReference<Throwable> failed = new AtomicReference<>();
            Thread reader = Thread.ofPlatform().start(() -> {
                try {
                    in.attachConsumer(Parker.forCurrentThread());
                    Water w;
                    while ((w = in.get()) != null) {
                        bytes.addAndGet(w.length());
                        w.release();
                        in.creditBack();
                    }
                } catch (Throwable t) {
                    failed.set(t);
                }
            });
            Split.Module split = new Split.Module();
            // split n=2: the line "rare" in one class, "common" in the other, both to the one stream.
            split.init(new ModuleConfig("split", 0, 1, Map.of("n", "2", "field", "0", "route.0", "1-2", "water", "1024")));
            out.attachProducer(Parker.forCurrentThread());
            List<ProducerEnd> outs = List.of(out);
            long sent = 0;
            Thread writer = Thread.currentThread();
            Thread watchdog = Thread.ofPlatform().daemon().start(() -> {
                try {
                    Thread.sleep(30_000);
                    writer.interrupt();   // a held Water would keep the put waiting for ever
                } catch (InterruptedException e) {
                    // done in time
                }
            });
            for (int i = 0; i < 20_000; i++) {
                byte[] line = (i == 0 ? "rare\n" : "common\n").getBytes(StandardCharsets.US_ASCII);
                Water w = new Water(null, OffHeapBuffer.allocate(line.length));
                w.buffer().put(0, line, 0, line.length);
                w.setLength(line.length);
                split.doOperation(w, outs);
                sent += line.length;
            }
            split.doOperation(null, outs);
            out.endOfRiver();
            watchdog.interrupt();
            reader.join(30_000);
            assertNull(failed.get());
            assertEquals(sent, bytes.get(), "every line of both classes went through");
            assertTrue(!Thread.interrupted(), "no put waited for the watchdog");
            split.destroy();
        }
    }
}
