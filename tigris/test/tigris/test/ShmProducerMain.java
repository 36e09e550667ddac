package tigris.test;

import java.time.Duration;

import tigris.Water;
import tigris.reservoir.ShmProducer;
import tigris.reservoir.ShmReservoir;

/**
 * A producer in its own process: creates ring args[0] and puts args[1] Waters of one Record each
 * (key = index) built in the ring's slots; then End of River, or, with args[2] = "crash", dies
 * without it.
 */
public final class ShmProducerMain {
    private ShmProducerMain() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[1]);
        boolean crash = args.length > 2 && args[2].equals("crash");
        try (ShmProducer out = ShmReservoir.create(args[0], 4, 4096, Duration.ofSeconds(30))) {
            for (int i = 0; i < n; i++) {
                Water w = out.spring().createWater(4096);
                Record r = w.container().allocate(Record.class);
                r.key = i;
                r.value = 2 * i;
                w.container().setRoot(r);
                out.put(w);
            }
            if (crash) {
                Thread.sleep(300);
                Runtime.getRuntime().halt(3);
            }
            out.endOfRiver();
            // Wait until the consumer has freed every slot before unmapping.
            while (out.credits() < 4) {
                Thread.sleep(1);
            }
        }
    }
}
