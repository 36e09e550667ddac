/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.tck;

import java.util.concurrent.Flow;

import org.reactivestreams.tck.SubscriberWhiteboxVerification.SubscriberPuppet;
import org.reactivestreams.tck.SubscriberWhiteboxVerification.WhiteboxSubscriberProbe;
import org.reactivestreams.tck.TestEnvironment;
import org.reactivestreams.tck.flow.FlowSubscriberWhiteboxVerification;

import tigris.Water;
import tigris.flow.ProducerEndSubscriber;
import tigris.reservoir.MemoryReservoir;

/**
 * The Reactive Streams TCK's white-box verification of a reservoir's producer's end as a
 * subscriber: the TCK watches every signal the subscriber gets (through a probe the subscriber
 * reports to) and drives its demand and cancellation (through the subscription it was given), so
 * the rules about what a subscriber does, not only what it survives, are checked. Each subscriber
 * gets a memory reservoir of its own, drained by a thread as a downstream module would.
 */
public class ProducerEndSubscriberWhiteboxTck extends FlowSubscriberWhiteboxVerification<Water> {
    public ProducerEndSubscriberWhiteboxTck() {
        super(new TestEnvironment(1000));
    }

    @Override
    protected Flow.Subscriber<Water> createFlowSubscriber(WhiteboxSubscriberProbe<Water> probe) {
        MemoryReservoir r = ProducerEndSubscriberTck.drained();
        ProducerEndSubscriber subscriber = new ProducerEndSubscriber(r.producer());
        return new Flow.Subscriber<>() {
            @Override
            public void onSubscribe(Flow.Subscription s) {
                subscriber.onSubscribe(s);
                probe.registerOnSubscribe(new SubscriberPuppet() {
                    @Override
                    public void triggerRequest(long elements) {
                        s.request(elements);
                    }

                    @Override
                    public void signalCancel() {
                        s.cancel();
                    }
                });
            }

            @Override
            public void onNext(Water w) {
                probe.registerOnNext(w);   // before the put: afterwards the Water is the reservoir's
                subscriber.onNext(w);
            }

            @Override
            public void onError(Throwable t) {
                subscriber.onError(t);
                probe.registerOnError(t);
            }

            @Override
            public void onComplete() {
                subscriber.onComplete();
                probe.registerOnComplete();
            }
        };
    }

    @Override
    public Water createElement(int element) {
        return ProducerEndSubscriberTck.element(element);
    }
}
