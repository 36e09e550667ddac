/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import java.time.Duration;

import tigris.Water;
import tigris.reservoir.ShmProducer;
import tigris.reservoir.ShmReservoir;

/**
 * A producer in its own process: creates ring args[0] and puts args[1] Waters of one Record each
 * (key = index) built in the stream's data; then End of River, or, with args[2] = "crash", dies
 * without it; with args[2] = "gap=MILLIS", it waits that long before each put.
 */
public final class ShmProducerMain {
    private ShmProducerMain() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[1]);
        boolean crash = args.length > 2 && args[2].equals("crash");
        long gapMillis = args.length > 2 && args[2].startsWith("gap=") ? Long.parseLong(args[2].substring(4)) : 0;
        try (ShmProducer out = ShmReservoir.create(args[0], 4, 4096, Duration.ofSeconds(30))) {
            for (int i = 0; i < n; i++) {
                Water w = out.spring().createWater(4096);
                Record r = w.container().allocate(Record.class);
                r.key = i;
                r.value = 2 * i;
                w.container().setRoot(r);
                if (gapMillis > 0) {
                    Thread.sleep(gapMillis);
                }
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
