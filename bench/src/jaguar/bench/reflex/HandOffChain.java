/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.reflex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSOContainer;
import jaguar.reflex.EventSpace;
import jaguar.reflex.EventTemplate;
import jaguar.reflex.OverrunPolicy;
import jaguar.reflex.ReflexRuntime;
import jaguar.reflex.ReflexTask;
import jaguar.reflex.Release;

/**
 * The Reflexes paper's Figure 7: an event handed down a chain of N tasks, each taking the event
 * with its own number and writing it back with the next one's (the paper's benchmark), against the
 * same chain of N platform threads each taking from its {@link ArrayBlockingQueue} and putting into
 * the next's. Time for one event to traverse the chain, in µs: the median and the best of the
 * rounds. The Reflex tasks share one scheduler (one CPU, as the paper's uniprocessor VM); each is
 * released by its subscription. Prints TSV.
 *
 * <p>Usage: HandOffChain CPU ROUNDS N...
 */
public final class HandOffChain {
    private HandOffChain() {
    }

    static final class Link extends ReflexTask {
        private final EventTemplate<Counter> mine;
        private final int next;
        private final long[] arrivals;   // the last task's: when the event arrived, per round
        Counter event;

        Link(int me, int next, long[] arrivals) {
            super("link" + me, 1, OverrunPolicy.SKIP, 256, 0);
            this.mine = EventTemplate.of(Counter.class, c -> c.owner = me);
            this.next = next;
            this.arrivals = arrivals;
        }

        @Override
        protected void initialize() {
            event = stable().allocate(Counter.class);
            subscribe(mine);
        }

        @Override
        protected void execute() {
            if (take(mine, event)) {
                if (arrivals != null) {
                    arrivals[(int) event.value] = System.nanoTime();
                } else {
                    event.owner = next;
                    write(event);
                }
            }
        }
    }

    static long[] reflexChain(int cpu, int n, int rounds) throws Exception {
        long[] arrivals = new long[rounds];
        long[] took = new long[rounds];
        try (EventSpace space = EventSpace.create(16, 64); ReflexRuntime rt = ReflexRuntime.start("chain", List.of(cpu), ReflexRuntime.DEFAULT_PRIORITY, space);
                        OffHeapBuffer b = OffHeapBuffer.allocate(256)) {
            rt.warnings().forEach(w -> System.err.println("chain: " + w));
            for (int i = 1; i <= n; i++) {
                rt.add(new Link(i, i + 1, i == n ? arrivals : null), Release.onEvent());
            }
            Counter seed = PSOContainer.format(b).allocate(Counter.class);
            for (int r = 0; r < rounds; r++) {
                seed.owner = 1;
                seed.value = r;
                long t0 = System.nanoTime();
                space.writeNow(seed);
                long giveUp = t0 + TimeUnit.SECONDS.toNanos(60);
                while (arrivals[r] == 0) {
                    Thread.onSpinWait();
                    if (System.nanoTime() > giveUp) {
                        throw new IllegalStateException("the event did not reach the end of a chain of " + n + " in 60 s");
                    }
                }
                took[r] = arrivals[r] - t0;
            }
        }
        return took;
    }

    static long[] threadChain(int n, int rounds) throws Exception {
        List<ArrayBlockingQueue<Long>> queues = new ArrayList<>();
        for (int i = 0; i <= n; i++) {
            queues.add(new ArrayBlockingQueue<>(1));
        }
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ArrayBlockingQueue<Long> in = queues.get(i);
            ArrayBlockingQueue<Long> out = queues.get(i + 1);
            Thread t = Thread.ofPlatform().daemon().name("link" + i).start(() -> {
                try {
                    while (true) {
                        out.put(in.take());
                    }
                } catch (InterruptedException e) {
                    // the chain ends
                }
            });
            threads.add(t);
        }
        long[] took = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            queues.get(0).put((long) r);
            queues.get(n).take();
            took[r] = System.nanoTime() - t0;
        }
        threads.forEach(Thread::interrupt);
        for (Thread t : threads) {
            t.join();
        }
        return took;
    }

    public static void main(String[] args) throws Exception {
        int cpu = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] sizes = Arrays.stream(args, 2, args.length).mapToInt(Integer::parseInt).toArray();
        // Warm both paths so that every size runs compiled code (C2 compiles after about 10,000 calls).
        reflexChain(cpu, 100, 400);
        threadChain(100, 400);
        System.out.println("chain\ttasks\trounds\tmedian_us\tbest_us\tp90_us\tper_hop_us");
        for (int n : sizes) {
            print("reflex", n, reflexChain(cpu, n, rounds));
            print("threads", n, threadChain(n, rounds));
        }
    }

    private static void print(String chain, int n, long[] took) {
        Histogram h = new Histogram(3);
        for (long t : took) {
            h.recordValue(t);
        }
        double median = h.getValueAtPercentile(50) / 1e3;
        System.out.printf("%s\t%d\t%d\t%.1f\t%.1f\t%.1f\t%.2f%n", chain, n, took.length, median, h.getMinValue() / 1e3, h.getValueAtPercentile(90) / 1e3,
                        median / n);
    }
}
