/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ModuleThread;
import tigris.dq.LotteryModuleThread;
import tigris.dq.RandomModuleThread;
import tigris.dq.RoundRobinModuleThread;
import tigris.reservoir.MemoryReservoir;

/**
 * Distributed Queues: one producer, several consumers. A stalled consumer holds at most its
 * reservoir's window of Waters; the credit-based queues send everything else to the others.
 */
class DistributedQueueTest {
    enum Policy {
        RANDOM((m, c) -> new RandomModuleThread(m, c, new SplittableRandom(1))),
        LOTTERY((m, c) -> new LotteryModuleThread(m, c, new SplittableRandom(2)));

        final BiFunction<ModuleIF, ModuleConfig, ModuleThread> make;

        Policy(BiFunction<ModuleIF, ModuleConfig, ModuleThread> make) {
            this.make = make;
        }
    }

    private static final int WINDOW = 4;
    private static final int WATERS = 400;

    @ParameterizedTest
    @EnumSource(Policy.class)
    void aStalledConsumerGetsNoMoreThanItsWindow(Policy policy) throws Exception {
        var source = new TestModules.Source(WATERS, 1);
        List<TestModules.Sink> sinks = new ArrayList<>();
        List<MemoryReservoir> reservoirs = new ArrayList<>();
        List<ModuleThread> consumers = new ArrayList<>();
        ModuleThread producer = policy.make.apply(source, ModuleConfig.of("source", Map.of()));
        CountDownLatch stall = new CountDownLatch(1);
        for (int i = 0; i < 3; i++) {
            var sink = new TestModules.Sink();
            if (i == 0) {
                sink.gate = stall;
            }
            var r = new MemoryReservoir("dq" + i, WINDOW, 4096);
            sinks.add(sink);
            reservoirs.add(r);
            producer.addDownstream(r.producer());
            consumers.add(new RoundRobinModuleThread(sink, new ModuleConfig("sink", i, 3, Map.of())).addUpstream(r.consumer()));
        }
        try {
            consumers.forEach(ModuleThread::start);
            producer.start();
            // Consumer 0 is stalled on its first Water: the others must take all but its window.
            long others;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            do {
                others = sinks.get(1).waters.get() + sinks.get(2).waters.get();
                assertTrue(System.nanoTime() < deadline, "the queue did not route around the stalled consumer: " + others);
                Thread.sleep(1);
            } while (others < WATERS - WINDOW);
            assertEquals(0, reservoirs.get(0).producer().credits(), "the stalled consumer holds its whole window");
            assertTrue(sinks.get(1).waters.get() > 0 && sinks.get(2).waters.get() > 0, "both free consumers took Waters");
            stall.countDown();
            assertTrue(producer.await(30, TimeUnit.SECONDS));
            for (ModuleThread c : consumers) {
                assertTrue(c.await(30, TimeUnit.SECONDS), c + " did not end");
                assertEquals(ModuleThread.State.ENDED, c.state(), c + ": " + c.failure());
            }
            long total = sinks.stream().mapToLong(s -> s.waters.get()).sum();
            assertEquals(WATERS, total, "every Water arrived exactly once");
            long keys = sinks.stream().mapToLong(s -> s.keySum.get()).sum();
            assertEquals((long) WATERS * (WATERS - 1) / 2, keys);
            assertTrue(sinks.get(0).waters.get() <= WINDOW, "stalled consumer got " + sinks.get(0).waters.get());
        } finally {
            stall.countDown();
            producer.stop();
            consumers.forEach(ModuleThread::stop);
            reservoirs.forEach(MemoryReservoir::close);
        }
    }
}
