/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.tck;

import java.util.concurrent.Flow;

import org.reactivestreams.tck.TestEnvironment;
import org.reactivestreams.tck.flow.FlowSubscriberBlackboxVerification;

import tigris.Water;
import tigris.flow.ProducerEndSubscriber;
import tigris.reservoir.MemoryReservoir;

/**
 * The Reactive Streams TCK (its java.util.concurrent.Flow form, black box) on a reservoir's
 * producer's end as a subscriber: every subscriber gets a memory reservoir of its own, whose
 * consumer's end a thread drains (giving credits back), as a downstream module would.
 */
public class ProducerEndSubscriberTck extends FlowSubscriberBlackboxVerification<Water> {
    public ProducerEndSubscriberTck() {
        super(new TestEnvironment(1000));
    }

    @Override
    public Flow.Subscriber<Water> createFlowSubscriber() {
        return new ProducerEndSubscriber(drained().producer());
    }

    /** A memory reservoir whose consumer's end a thread drains (giving credits back), as a downstream module would. */
    static MemoryReservoir drained() {
        MemoryReservoir r = new MemoryReservoir("tck", 4, 16);
        Thread.ofPlatform().daemon().name("tck-consumer").start(() -> {
            try {
                while (true) {
                    Water w = r.consumer().get();
                    if (w == null) {
                        return;   // End of River
                    }
                    w.release();
                    r.consumer().creditBack();
                }
            } catch (InterruptedException | RuntimeException e) {
                // the test is over
            }
        });
        return r;
    }

    /** A Water of 8 bytes holding {@code element}, made by a spring of its own (the TCK makes elements before any subscriber exists). */
    @Override
    public Water createElement(int element) {
        return element(element);
    }

    static Water element(int element) {
        MemoryReservoir spring = new MemoryReservoir("tck-elements", 1, 16);
        Water w = spring.producer().spring().createWater(8);
        w.buffer().putLong(0, element);
        w.setLength(8);
        return w;
    }
}
