package tigris.tck;

import java.util.concurrent.Flow;

import org.reactivestreams.tck.TestEnvironment;
import org.reactivestreams.tck.flow.FlowPublisherVerification;

import tigris.Water;
import tigris.flow.ConsumerEndPublisher;
import tigris.reservoir.MemoryReservoir;

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

    /** A publisher whose reservoir has failed: no such reservoir is made here, so the TCK skips those rules. */
    @Override
    public Flow.Publisher<Water> createFailedFlowPublisher() {
        return null;
    }
}
