/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package example.hello;

import java.util.concurrent.TimeUnit;

import jaguar.ext.OffHeapBuffer;
import tigris.graph.LocalRiver;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.RiverReport;

/** Uses a code mapping, an External Object and a Tigris river; prints one line for each. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        System.out.println("java.home " + System.getProperty("java.home"));

        try (OffHeapBuffer counter = OffHeapBuffer.allocate(8)) {
            long address = counter.address();
            for (int i = 0; i < 2_000_000; i++) {
                Counters.increment(address, 0);
            }
            System.out.println("counter " + counter.getLong(0));
        }

        try (OffHeapBuffer buf = OffHeapBuffer.allocate(1 << 20)) {
            for (int i = 0; i < 1 << 18; i++) {
                buf.putIntAtIndex(i, i);
            }
            long sum = 0;
            for (int i = 0; i < 1 << 18; i++) {
                sum += buf.getIntAtIndex(i);
            }
            System.out.println("off-heap sum " + sum);
        }

        RiverGraph g = new RiverGraph("hello");
        g.module("sensors", Sensors.class).parameter("count", "1000").output("out", Reading.class);
        g.module("totals", Totals.class).input("in", Reading.class);
        g.connect("sensors.out", "totals.in", ReservoirSpec.of(4, 256));
        try (LocalRiver river = LocalRiver.build(g).start()) {
            RiverReport report = river.await(60, TimeUnit.SECONDS);
            if (!report.completed()) {
                throw new IllegalStateException("the river did not complete: " + report);
            }
        }
        System.out.println("river " + Totals.READINGS.get() + " readings, sum " + Totals.SUM.get());
    }
}
