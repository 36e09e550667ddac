/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import tigris.Water;
import tigris.flow.BoundedSubscription;
import tigris.flow.ConsumerEndPublisher;
import tigris.flow.ProducerEndSubscriber;
import tigris.reservoir.MemoryReservoir;

/** Reservoir ends as java.util.concurrent.Flow publishers and subscribers: demand is credit. */
class FlowTest {
    private static void put(MemoryReservoir r, long value) throws InterruptedException {
        Water w = r.producer().spring().createWater(8);
        w.buffer().putLong(0, value);
        w.setLength(8);
        w.setKind((byte) 7);
        r.producer().put(w);
    }

    /** The values {@code r}'s consumer takes until End of River, each Water of {@code kind}, taken on a thread of their own. */
    private static CompletableFuture<List<Long>> values(MemoryReservoir r, byte kind) {
        return CompletableFuture.supplyAsync(() -> {
            List<Long> got = new java.util.ArrayList<>();
            try {
                for (Water w; (w = r.consumer().get()) != null;) {
                    assertEquals(kind, w.kind());
                    got.add(w.buffer().getLong(0));
                    w.release();
                    r.consumer().creditBack();
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return got;
        });
    }

    /** Records what it is given, asking as the test says. */
    static final class Recorder implements Flow.Subscriber<Water> {
        final List<Long> values = new CopyOnWriteArrayList<>();
        final CompletableFuture<Throwable> done = new CompletableFuture<>();
        volatile Flow.Subscription subscription;

        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
        }

        public void onNext(Water w) {
            values.add(w.buffer().getLong(0));
        }

        public void onError(Throwable t) {
            done.complete(t);
        }

        public void onComplete() {
            done.complete(null);
        }

        void awaitSubscribed() throws InterruptedException {
            while (subscription == null) {
                Thread.sleep(1);
            }
        }
    }

    @Test
    void aPublisherAndASubscriberJoinTwoReservoirsKeepingOrderKindAndEndOfRiver() throws Exception {
        try (MemoryReservoir in = new MemoryReservoir("in", 4, 64); MemoryReservoir out = new MemoryReservoir("out", 4, 64)) {
            ProducerEndSubscriber bridge = new ProducerEndSubscriber(out.producer());
            new ConsumerEndPublisher(in.consumer()).subscribe(bridge);
            CompletableFuture<List<Long>> taken = values(out, (byte) 7);
            for (long i = 0; i < 200; i++) {
                put(in, i);   // a window of 4 all the way: the bridge asks only for what the other reservoir can take
            }
            in.producer().endOfRiver();
            assertEquals(java.util.stream.LongStream.range(0, 200).boxed().toList(), taken.get(60, TimeUnit.SECONDS));
            assertNull(bridge.failure());
        }
    }

    /**
     * A Water made on one thread and handed to the subscriber on another (a SubmissionPublisher
     * delivers on its executor's threads): every one arrives, in order, and the end's producer is
     * whichever thread delivers.
     */
    @Test
    void aSubmissionPublisherFeedsAReservoirFromItsOwnThreads() throws Exception {
        try (MemoryReservoir out = new MemoryReservoir("out", 4, 64);
                        java.util.concurrent.SubmissionPublisher<Water> publisher = new java.util.concurrent.SubmissionPublisher<>(
                                        java.util.concurrent.Executors.newFixedThreadPool(2), 8)) {
            ProducerEndSubscriber bridge = new ProducerEndSubscriber(out.producer());
            publisher.subscribe(bridge);
            CompletableFuture<List<Long>> taken = values(out, Water.DATA);
            for (long i = 0; i < 1000; i++) {
                Water w = out.producer().spring().createWater(8);
                w.buffer().putLong(0, i);
                w.setLength(8);
                publisher.submit(w);   // waits while the publisher's buffer is full
            }
            publisher.close();
            assertEquals(java.util.stream.LongStream.range(0, 1000).boxed().toList(), taken.get(60, TimeUnit.SECONDS));
            assertNull(bridge.failure());
        }
    }

    /** The end of a real reservoir whose End of River is lost, as over a connection that broke just then. */
    private record EndOfRiverLost(tigris.ProducerEnd real) implements tigris.ProducerEnd {
        @Override public String name() { return real.name(); }
        @Override public int window() { return real.window(); }
        @Override public tigris.Spring spring() { return real.spring(); }
        @Override public int credits() { return real.credits(); }
        @Override public void put(Water w) throws InterruptedException { real.put(w); }
        @Override public void endOfRiver() { throw new tigris.ReservoirFailedException("reservoir out: the connection to its consumer was lost"); }
        @Override public void endWithFailure(String cause) { real.endWithFailure(cause); }
        @Override public tigris.EndStatus status() { return real.status(); }
        @Override public void attachProducer(tigris.Parker p) { real.attachProducer(p); }
        @Override public void close() { real.close(); }
    }

    /** Rule 2.13: onComplete returns normally; an End of River that cannot be sent is the subscriber's failure, and the consumer's. */
    @Test
    void anEndOfRiverThatCannotBeSentIsKeptNotThrown() throws Exception {
        try (MemoryReservoir out = new MemoryReservoir("out", 4, 64)) {
            ProducerEndSubscriber bridge = new ProducerEndSubscriber(new EndOfRiverLost(out.producer()));
            try (var publisher = new java.util.concurrent.SubmissionPublisher<Water>(Runnable::run, 8)) {
                publisher.subscribe(bridge);
                Water w = out.producer().spring().createWater(8);
                w.setLength(8);
                publisher.submit(w);
            }   // close(): onComplete on this thread, which must return normally
            assertTrue(bridge.failure() instanceof tigris.ReservoirFailedException, String.valueOf(bridge.failure()));
            Water first = out.consumer().get();
            first.release();
            out.consumer().creditBack();
            tigris.UpstreamFailedException told = org.junit.jupiter.api.Assertions.assertThrows(tigris.UpstreamFailedException.class, () -> out.consumer().get());
            assertTrue(told.getMessage().contains("End of River could not be sent: tigris.ReservoirFailedException: reservoir out: the connection"), told.getMessage());
        }
    }

    @Test
    void demandIsCreditAndABoundedRequestTakesWhatArrivedInTime() throws Exception {
        try (MemoryReservoir in = new MemoryReservoir("in", 8, 64)) {
            Recorder r = new Recorder();
            new ConsumerEndPublisher(in.consumer()).subscribe(r);
            r.awaitSubscribed();
            for (long i = 0; i < 3; i++) {
                put(in, i);
            }
            Thread.sleep(100);
            assertEquals(List.of(), r.values, "nothing is taken before it is asked for");
            assertEquals(5, in.producer().credits(), "three Waters wait in the reservoir, holding their credits");
            ((BoundedSubscription) r.subscription).request(10, Duration.ofMillis(300));
            Thread.sleep(600);
            assertEquals(List.of(0L, 1L, 2L), r.values, "what arrived within the time");
            put(in, 3);
            Thread.sleep(200);
            assertEquals(3, r.values.size(), "the rest of that request was given up when its time ran out");
            r.subscription.request(1);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (r.values.size() < 4 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(List.of(0L, 1L, 2L, 3L), r.values);
            in.producer().endOfRiver();
            r.subscription.request(1);
            assertNull(r.done.get(10, TimeUnit.SECONDS), "End of River is onComplete");
        }
    }

    @Test
    void aBadRequestOrASecondSubscriberIsAnError() throws Exception {
        try (MemoryReservoir in = new MemoryReservoir("in", 2, 64)) {
            ConsumerEndPublisher p = new ConsumerEndPublisher(in.consumer());
            Recorder first = new Recorder();
            p.subscribe(first);
            first.awaitSubscribed();
            Recorder second = new Recorder();
            p.subscribe(second);
            Throwable twice = second.done.get(10, TimeUnit.SECONDS);
            assertTrue(twice instanceof IllegalStateException && twice.getMessage().contains("has one consumer"), String.valueOf(twice));
            first.subscription.request(0);
            Throwable bad = first.done.get(10, TimeUnit.SECONDS);
            assertTrue(bad instanceof IllegalArgumentException && bad.getMessage().contains("rule 3.9"), String.valueOf(bad));
        }
    }
}
