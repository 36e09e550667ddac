/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.reflex;

import java.util.List;
import java.util.concurrent.TimeUnit;

import jaguar.reflex.EventSpace;
import jaguar.reflex.EventTemplate;
import jaguar.reflex.OverrunPolicy;
import jaguar.reflex.ReflexRuntime;
import jaguar.reflex.ReflexTask;
import jaguar.reflex.Release;

/**
 * The Reflexes paper's Table 1 on Jaguar: one million invocations of each micro-benchmark, time and
 * take/write operations per millisecond. Every task is released by events, so it runs again as
 * soon as its own commit (or, for Empty, its own release) says so: the paper's tasks of period 0.
 * <ul>
 * <li>Empty: increments a counter in its stable state and releases itself; no event space operation.</li>
 * <li>Solo: takes the event it wrote itself and writes it back (a take and a write an invocation).</li>
 * <li>Duo: two tasks on one scheduler, each taking the event the other wrote and writing one for it.</li>
 * <li>Max: the space holds 64 numbers; each invocation takes two and writes the larger back, then the
 *     smaller (the paper's space lost one event an invocation; a million would need a million events,
 *     and this space's scan is linear): four operations an invocation.</li>
 * </ul>
 * Prints TSV: benchmark, invocations, ms, take/write operations per ms, aborts.
 * Usage: Table1 CPU [INVOCATIONS]
 */
public final class Table1 {
    private Table1() {
    }

    abstract static class Bench extends ReflexTask {
        final long target;
        volatile boolean done;

        Bench(String name, long target) {
            super(name, 1, OverrunPolicy.SKIP, 4096, 0);
            this.target = target;
        }

        final void count() {
            if (counters().runs() + 1 >= target) {
                done = true;
            }
        }
    }

    static final class Empty extends Bench {
        Counter state;

        Empty(long target) {
            super("empty", target);
        }

        @Override
        protected void initialize() {
            state = stable().allocate(Counter.class);
        }

        @Override
        protected void execute() {
            state.value++;
            count();
            if (!done) {
                release();
            }
        }
    }

    static final class Solo extends Bench {
        final int me;
        final EventTemplate<Counter> mine;
        Counter event;

        Solo(String name, long target, int me, int other) {
            super(name, target);
            this.me = me;
            this.mine = EventTemplate.of(Counter.class, c -> c.owner = me);
            this.other = other;
        }

        final int other;

        @Override
        protected void initialize() {
            event = stable().allocate(Counter.class);
            subscribe(mine);
        }

        @Override
        protected void execute() {
            if (take(mine, event)) {
                event.owner = other;
                event.value++;   // the event counts the invocations that passed it on, on both tasks of Duo
                if (event.value >= target) {
                    done = true;
                } else {
                    write(event);
                }
            }
        }
    }

    static final class Max extends Bench {
        static final EventTemplate<Counter> ANY = EventTemplate.of(Counter.class, c -> c.owner = 0);
        Counter a;
        Counter b;

        Max(long target) {
            super("max", target);
        }

        @Override
        protected void initialize() {
            a = stable().allocate(Counter.class);
            b = stable().allocate(Counter.class);
        }

        @Override
        protected void execute() {
            if (take(ANY, a) && take(ANY, b)) {
                write(a.value >= b.value ? a : b);
                write(a.value >= b.value ? b : a);   // and the smaller too: the space keeps its 64 (see the class comment)
                count();
                if (!done) {
                    release();
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int cpu = Integer.parseInt(args[0]);
        long n = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000;
        System.out.println("benchmark\tinvocations\tms\tops_per_ms\taborts");
        for (String bench : List.of("warm-up", "empty", "solo", "duo", "max")) {
            try (EventSpace space = EventSpace.create(128, 64); ReflexRuntime rt = ReflexRuntime.start("table1", List.of(cpu), ReflexRuntime.DEFAULT_PRIORITY, space)) {
                rt.warnings().forEach(w -> System.err.println("table1: " + w));
                long target = bench.equals("warm-up") ? n / 5 : n;
                List<Bench> tasks;
                int opsPerRun;
                long t0 = System.nanoTime();
                switch (bench) {
                    case "empty" -> {
                        tasks = List.of(rt.add(new Empty(target), Release.onEvent()));
                        opsPerRun = 0;
                        t0 = System.nanoTime();
                        tasks.get(0).release();
                    }
                    case "duo" -> {
                        Solo ping = rt.add(new Solo("ping", target, 1, 2), Release.onEvent());
                        Solo pong = rt.add(new Solo("pong", target, 2, 1), Release.onEvent());
                        tasks = List.of(ping, pong);
                        opsPerRun = 2;
                        t0 = System.nanoTime();
                        seed(space, 1, 0);
                    }
                    case "max" -> {
                        Max max = rt.add(new Max(target), Release.onEvent());
                        for (int i = 0; i < 64; i++) {
                            seed(space, 0, i);
                        }
                        tasks = List.of(max);
                        opsPerRun = 4;
                        t0 = System.nanoTime();
                        max.release();
                    }
                    default -> {
                        Solo solo = rt.add(new Solo("solo", target, 1, 1), Release.onEvent());
                        tasks = List.of(solo);
                        opsPerRun = 2;
                        t0 = System.nanoTime();
                        seed(space, 1, 0);
                    }
                }
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
                while (tasks.stream().noneMatch(t -> t.done) && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
                long ms = (System.nanoTime() - t0) / 1_000_000;
                long runs = tasks.stream().mapToLong(t -> t.counters().runs()).sum();
                long aborts = tasks.stream().mapToLong(t -> t.counters().aborts()).sum();
                if (!bench.equals("warm-up")) {
                    System.out.printf("%s\t%d\t%d\t%.0f\t%d%n", bench, runs, ms, opsPerRun == 0 ? 0.0 : (double) runs * opsPerRun / Math.max(1, ms), aborts);
                }
            }
        }
    }

    private static void seed(EventSpace space, int owner, long value) {
        try (jaguar.ext.OffHeapBuffer b = jaguar.ext.OffHeapBuffer.allocate(256)) {
            Counter c = jaguar.pso.PSOContainer.format(b).allocate(Counter.class);
            c.owner = owner;
            c.value = value;
            space.writeNow(c);
        }
    }
}
