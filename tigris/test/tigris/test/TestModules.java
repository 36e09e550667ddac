/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ProducerEnd;
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
        public void doOperation(Water in, ProducerEnd out) throws EndOfRiverException, InterruptedException {
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
        public void doOperation(Water in, ProducerEnd out) throws InterruptedException {
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
        public void doOperation(Water in, ProducerEnd out) throws InterruptedException {
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

    /**
     * Runs {@code source} into {@code out} and {@code in} into {@code sink} to End of River and
     * checks that every Water and PSO record of the source arrived: counts, key and value sums.
     */
    static void riverAcross(Source source, tigris.ProducerEnd out, tigris.ConsumerEnd in, Sink sink, int waters, int perWater)
            throws InterruptedException {
        tigris.ModuleThread a = new tigris.dq.RoundRobinModuleThread(source, ModuleConfig.of("source", java.util.Map.of())).addDownstream(out);
        tigris.ModuleThread b = new tigris.dq.RoundRobinModuleThread(sink, ModuleConfig.of("sink", java.util.Map.of())).addUpstream(in);
        runToEnd(a, b);
        long n = (long) waters * perWater;
        org.junit.jupiter.api.Assertions.assertEquals(waters, sink.waters.get());
        org.junit.jupiter.api.Assertions.assertEquals(n, sink.records.get(), "every PSO record arrived, references followed");
        org.junit.jupiter.api.Assertions.assertEquals(n * (n - 1) / 2, sink.keySum.get());
        org.junit.jupiter.api.Assertions.assertEquals(3 * n * (n - 1) / 2, sink.valueSum.get());
        org.junit.jupiter.api.Assertions.assertTrue(sink.sawEnd);
    }

    /** Puts {@code n} Waters of one Record (key i) each into {@code out}: the crashing producers' body. */
    static void putRecords(tigris.ProducerEnd out, int n, int size) throws InterruptedException {
        for (int i = 0; i < n; i++) {
            Water w = out.spring().createWater(size);
            Record r = w.container().allocate(Record.class);
            r.key = i;
            w.container().setRoot(r);
            out.put(w);
        }
    }

    /** Starts {@code main} (a producer that crashes after its Waters) in a JVM of its own, with the test classes. */
    static Process startProcess(Class<?> main, String... args) throws Exception {
        String javaCommand = ProcessHandle.current().info().command().orElseThrow();
        String classes = java.nio.file.Path.of(main.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(javaCommand, "-cp", classes, main.getName()));
        command.addAll(java.util.List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    /**
     * Takes {@code n} Waters of one Record (keys 0..n-1) from {@code in}, then expects the
     * reservoir to fail with a message containing {@code why}, and to stay failed; finally checks
     * that the crashing producer {@code child} exited with status 3.
     */
    static void recordsThenFailure(tigris.ConsumerEnd in, int n, String why, Process child) throws Exception {
        try {
            for (int i = 0; i < n; i++) {
                Water w = in.get();
                org.junit.jupiter.api.Assertions.assertEquals(i, w.container().root(Record.class).key);
                w.release();
                in.creditBack();
            }
            var e = org.junit.jupiter.api.Assertions.assertThrows(tigris.ReservoirFailedException.class, in::get);
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("reservoir crash from")
                    && e.getMessage().contains(why) && e.getMessage().endsWith(" after " + n + " Waters"), e.getMessage());
            org.junit.jupiter.api.Assertions.assertThrows(tigris.ReservoirFailedException.class, in::poll, "and it stays failed");
        } finally {
            org.junit.jupiter.api.Assertions.assertTrue(child.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
            String out = new String(child.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            org.junit.jupiter.api.Assertions.assertEquals(3, child.exitValue(), out);
        }
    }
}
