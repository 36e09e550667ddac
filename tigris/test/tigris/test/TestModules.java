package tigris.test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.Reservoir;
import tigris.Water;

/** Small modules the tests wire together. */
final class TestModules {
    private TestModules() {
    }

    /** Starts the threads and waits for each to reach End of River, failing with its failure otherwise. */
    static void runToEnd(tigris.ModuleThread... threads) throws InterruptedException {
        for (tigris.ModuleThread t : threads) {
            t.start();
        }
        for (tigris.ModuleThread t : threads) {
            org.junit.jupiter.api.Assertions.assertTrue(t.await(60, java.util.concurrent.TimeUnit.SECONDS), t + " did not end");
            org.junit.jupiter.api.Assertions.assertEquals(tigris.ModuleThread.State.ENDED, t.state(), t + ": " + t.failure());
        }
    }

    abstract static class Named implements ModuleIF {
        private String name = "?";
        volatile boolean destroyed;

        @Override
        public String getName() {
            return name;
        }

        @Override
        public void init(ModuleConfig config) {
            name = config.name();
        }

        @Override
        public void destroy() {
            destroyed = true;
        }
    }

    /** Emits {@code count} Waters, each one PSO list of {@code perWater} Records, keys counting up from 0. */
    static final class Source extends Named {
        final int count;
        final int perWater;
        int sent;

        Source(int count, int perWater) {
            this.count = count;
            this.perWater = perWater;
        }

        @Override
        public void doOperation(Water in, Reservoir out) throws EndOfRiverException, InterruptedException {
            if (sent == count) {
                throw new EndOfRiverException();
            }
            Water w = out.spring().createWater(4096);
            var c = w.container();
            Record prev = null;
            for (int i = 0; i < perWater; i++) {
                Record r = c.allocate(Record.class);
                r.key = (long) sent * perWater + i;
                r.value = (int) r.key * 3;
                if (prev == null) {
                    c.setRoot(r);
                } else {
                    prev.next = r;
                }
                prev = r;
            }
            sent++;
            out.put(w);
        }
    }

    /** Adds 1 to every value in place and passes the same Water on (zero copy). */
    static final class Increment extends Named {
        @Override
        public void doOperation(Water in, Reservoir out) throws InterruptedException {
            if (in == null) {
                return;
            }
            for (Record r = in.container().root(Record.class); r != null; r = r.next) {
                r.value++;
            }
            out.put(in);
        }
    }

    /** Sums keys and values and counts Waters and Records; may block on a gate first. */
    static final class Sink extends Named {
        final AtomicLong waters = new AtomicLong();
        final AtomicLong records = new AtomicLong();
        final AtomicLong keySum = new AtomicLong();
        final AtomicLong valueSum = new AtomicLong();
        volatile boolean sawEnd;
        volatile CountDownLatch gate;

        @Override
        public void doOperation(Water in, Reservoir out) throws InterruptedException {
            if (in == null) {
                sawEnd = true;
                return;
            }
            CountDownLatch g = gate;
            if (g != null) {
                g.await();
            }
            for (Record r = in.container().root(Record.class); r != null; r = r.next) {
                records.incrementAndGet();
                keySum.addAndGet(r.key);
                valueSum.addAndGet(r.value);
            }
            waters.incrementAndGet();
        }
    }
}
