/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.reflex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSOContainer;
import jaguar.reflex.EventSpace;
import jaguar.reflex.EventTemplate;
import jaguar.reflex.OverrunPolicy;
import jaguar.reflex.ReflexRuntime;
import jaguar.reflex.ReflexTask;
import jaguar.reflex.Release;
import jaguar.sched.CpuAffinity;

/** The event space: typed templates, the Now forms, subscriptions, and operations that commit or roll back with the invocation. */
class ReflexEventSpaceTest {
    private static final EventTemplate<Offer> ANY_OFFER = EventTemplate.of(Offer.class, o -> { });
    private static final EventTemplate<Offer> OFFERS_OF_7 = EventTemplate.of(Offer.class, o -> o.symbol = 7);
    private static final EventTemplate<Buy> ANY_BUY = EventTemplate.of(Buy.class, b -> { });

    /** A container on the test's thread for events it writes and reads. */
    private static PSOContainer local() {
        return PSOContainer.format(OffHeapBuffer.allocate(4096));
    }

    private static Offer offer(PSOContainer c, int symbol, long price) {
        Offer o = c.allocate(Offer.class);
        o.symbol = symbol;
        o.price = price;
        return o;
    }

    @Test
    void templatesMatchTheFieldsTheirCodeSetsAndNowFormsActAtOnce() throws Exception {
        try (EventSpace space = EventSpace.create(16, 64)) {
            PSOContainer c = local();
            space.writeNow(offer(c, 7, 100));
            space.writeNow(offer(c, 8, 90));
            space.writeNow(offer(c, 7, 80));
            assertEquals(3, space.size());
            assertTrue(space.testNow(OFFERS_OF_7));
            assertFalse(space.testNow(ANY_BUY));
            assertTrue(space.testNow(EventTemplate.of(Offer.class, o -> o.price = 0)) == false, "price 0 is a value, not a wildcard");
            Offer into = c.allocate(Offer.class);
            assertTrue(space.takeNow(EventTemplate.of(Offer.class, o -> o.symbol = 8), into));
            assertEquals(90, into.price, "the event copied out");
            assertTrue(space.takeNow(OFFERS_OF_7, into));
            assertTrue(space.takeNow(OFFERS_OF_7, into));
            assertFalse(space.takeNow(ANY_OFFER, into));
            assertEquals(0, space.size());
            // The copy carries the class in its header: an object of another class of the same size is refused.
            space.writeNow(offer(c, 9, 10));
            Offer special = c.allocate(SpecialOffer.class);
            var other = assertThrows(IllegalArgumentException.class, () -> space.takeNow(ANY_OFFER, special));
            assertTrue(other.getMessage().contains("an event of jaguar.test.reflex.Offer cannot be read into a jaguar.test.reflex.SpecialOffer"),
                            other.getMessage());
            assertEquals(1, space.size(), "the event stays in the space");
            assertTrue(space.takeNow(ANY_OFFER, into) && into.symbol == 9);
            assertEquals("Offer[symbol=7]", OFFERS_OF_7.toString());

            var refs = assertThrows(IllegalArgumentException.class, () -> EventTemplate.of(Account.class, a -> { }));
            assertTrue(refs.getMessage().contains("has reference fields"), refs.getMessage());
            int[] calls = new int[1];
            var fickle = assertThrows(IllegalArgumentException.class, () -> EventTemplate.of(Offer.class, o -> o.symbol = calls[0]++));
            assertTrue(fickle.getMessage().contains("must set the same values each time"), fickle.getMessage());
            try (EventSpace tiny = EventSpace.create(1, 16)) {
                var big = assertThrows(IllegalArgumentException.class, () -> tiny.writeNow(offer(c, 1, 1)));
                assertTrue(big.getMessage().contains("holds events of up to 16"), big.getMessage());
            }
        }
    }

    /**
     * Released by offers of 7: takes one and writes a buy at its price, unless the test says this run
     * aborts or throws; its stable state counts the buys it committed.
     */
    static final class Buyer extends ReflexTask {
        Offer offer;
        Buy buy;
        Account bought;
        volatile int mode;   // 0 commit, 1 abort, 2 throw
        volatile boolean tookIt;
        volatile boolean go = true;

        Buyer() {
            super("buyer", 1, OverrunPolicy.SKIP, 4096, 0);
        }

        @Override
        protected void initialize() {
            offer = stable().allocate(Offer.class);
            buy = stable().allocate(Buy.class);
            bought = stable().allocate(Account.class);
            subscribe(OFFERS_OF_7);
        }

        @Override
        protected void execute() {
            while (take(OFFERS_OF_7, offer)) {
                buy.symbol = offer.symbol;
                buy.price = offer.price;
                write(buy);
                bought.deposits++;
                tookIt = true;
                while (!go) {
                    Thread.onSpinWait();
                }
                switch (mode) {
                    case 1 -> abort();
                    case 2 -> throw new IllegalStateException("the buyer fails mid-invocation");
                    default -> {
                    }
                }
            }
        }
    }

    private static void awaitRuns(ReflexTask t, long runs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (t.counters().runs() < runs && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertTrue(t.counters().runs() >= runs, t.counters().toString());
    }

    @Test
    void aSubscribersOperationsCommitWithItsInvocationOrNotAtAll() throws Exception {
        try (EventSpace space = EventSpace.create(64, 64); ReflexRuntime rt = ReflexRuntime.start("test", List.of(cpu()), 80, space)) {
            Buyer buyer = rt.add(new Buyer(), Release.onEvent());
            PSOContainer c = local();
            Offer into = c.allocate(Offer.class);
            Buy got = c.allocate(Buy.class);

            space.writeNow(offer(c, 8, 50));   // not the buyer's: no release
            Thread.sleep(20);
            assertEquals(0, buyer.counters().releases());
            space.writeNow(offer(c, 7, 60));   // released; takes it, writes a buy
            awaitRuns(buyer, 1);
            assertTrue(space.takeNow(ANY_BUY, got) && got.price == 60, "the buy committed");
            assertFalse(space.testNow(OFFERS_OF_7), "the offer taken for good");

            for (int mode = 1; mode <= 2; mode++) {
                buyer.mode = mode;
                long runs = buyer.counters().runs();
                space.writeNow(offer(c, 7, 70 + mode));
                awaitRuns(buyer, runs + 1);
                assertTrue(space.testNow(OFFERS_OF_7), "mode " + mode + ": the offer is back in the space");
                assertFalse(space.testNow(ANY_BUY), "mode " + mode + ": no buy written");
                assertTrue(space.takeNow(OFFERS_OF_7, into) && into.price == 70 + mode);
            }
            assertEquals(2, buyer.counters().aborts());

            // A conflict: while the buyer's invocation holds its tentative take, another takes the same offer.
            buyer.mode = 0;
            buyer.go = false;
            buyer.tookIt = false;
            long runs = buyer.counters().runs();
            space.writeNow(offer(c, 7, 99));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!buyer.tookIt && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertTrue(space.takeNow(OFFERS_OF_7, into), "a tentative take does not hide the event from others");
            buyer.go = true;
            awaitRuns(buyer, runs + 1);
            assertEquals(3, buyer.counters().aborts(), "the buyer's commit saw the offer gone: " + buyer.counters());
            assertFalse(space.testNow(ANY_BUY), "its buy was not written");
            assertEquals(1, space.size(), "only the offer of 8, which the buyer never wanted");
            assertTrue(space.takeNow(ANY_OFFER, into) && into.symbol == 8);
        }
    }

    private static int cpu() {
        return jaguar.sched.CpuAffinity.current().length() - 1;
    }

    /** Counts its releases; {@code wants} is the test's own statement of what its template matches. */
    static final class Counting extends ReflexTask {
        final EventTemplate<?> template;
        final java.util.function.Predicate<long[]> wants;   // {kind (0 offer, 1 buy), symbol, price}

        Counting(int i, EventTemplate<?> template, java.util.function.Predicate<long[]> wants) {
            super("counting" + i, 1, OverrunPolicy.SKIP, 256, 0);
            this.template = template;
            this.wants = wants;
        }

        @Override
        protected void initialize() {
            subscribe(template);
        }

        @Override
        protected void execute() {
        }
    }

    /**
     * Subscriptions of every shape the index files them under (keyed on the first field, on a later
     * field only, on two fields, on none; two classes; equal keys shared by several), released by
     * random events: each task exactly as often as the events its template matches, as a scan of
     * every subscription would release it.
     */
    @Test
    void eachInsertReleasesExactlyTheSubscribersWhoseTemplatesMatch() throws Exception {
        java.util.Random random = new java.util.Random(41);
        try (EventSpace space = EventSpace.create(4, 64); ReflexRuntime rt = ReflexRuntime.start("test", List.of(CpuAffinity.current().length() - 1),
                        ReflexRuntime.DEFAULT_PRIORITY, space)) {
            List<Counting> tasks = new java.util.ArrayList<>();
            for (int i = 0; i < 60; i++) {
                int symbol = random.nextInt(4);
                long price = random.nextInt(3);
                Counting t = switch (i % 6) {
                    case 0 -> new Counting(i, EventTemplate.of(Offer.class, o -> o.symbol = symbol), e -> e[0] == 0 && e[1] == symbol);
                    case 1 -> new Counting(i, EventTemplate.of(Offer.class, o -> o.price = price), e -> e[0] == 0 && e[2] == price);
                    case 2 -> new Counting(i, EventTemplate.of(Offer.class, o -> {
                        o.symbol = symbol;
                        o.price = price;
                    }), e -> e[0] == 0 && e[1] == symbol && e[2] == price);
                    case 3 -> new Counting(i, ANY_OFFER, e -> e[0] == 0);
                    case 4 -> new Counting(i, EventTemplate.of(Buy.class, b -> b.symbol = symbol), e -> e[0] == 1 && e[1] == symbol);
                    default -> new Counting(i, ANY_BUY, e -> e[0] == 1);
                };
                tasks.add(rt.add(t, Release.onEvent()));
            }
            PSOContainer c = local();
            Offer offer = c.allocate(Offer.class);
            Buy buy = c.allocate(Buy.class);
            long[] expected = new long[tasks.size()];
            for (int n = 0; n < 500; n++) {
                long[] e = { random.nextInt(2), random.nextInt(5), random.nextInt(4) };
                if (e[0] == 0) {
                    offer.symbol = (int) e[1];
                    offer.price = e[2];
                    space.writeNow(offer);
                    space.takeNow(ANY_OFFER, offer);
                } else {
                    buy.symbol = (int) e[1];
                    buy.price = e[2];
                    space.writeNow(buy);
                    space.takeNow(ANY_BUY, buy);
                }
                for (int i = 0; i < tasks.size(); i++) {
                    expected[i] += tasks.get(i).wants.test(e) ? 1 : 0;
                }
            }
            long want = java.util.Arrays.stream(expected).sum();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (tasks.stream().mapToLong(t -> t.counters().releases()).sum() < want && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            for (int i = 0; i < tasks.size(); i++) {
                assertEquals(expected[i], tasks.get(i).counters().releases(), tasks.get(i).name() + " subscribed to " + tasks.get(i).template);
            }
        }
    }
}
