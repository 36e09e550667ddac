/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.tigris;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import tigris.ConsumerEnd;
import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ModuleThread;
import tigris.ProducerEnd;
import tigris.Water;
import tigris.graph.ThreadPolicy;
import tigris.reservoir.MemoryReservoir;
import tigris.reservoir.ShmProducer;
import tigris.reservoir.ShmReservoir;
import tigris.reservoir.TcpDataPlane;
import tigris.reservoir.TcpSender;

/**
 * The thesis's Figure 14 on one host: Distributed Queue bandwidth (1..4 producer/consumer pairs,
 * memory and TCP loopback reservoirs), and a lottery/random/round-robin DQ from one producer to
 * four consumers of which 0..3 are perturbed by a fixed delay per Water. Consumers serve each
 * Water in a fixed time (a park, so that the 2-core machine's CPUs are not what limits them), so
 * "ideal" is known: the sum of the consumers' own rates, each measured alone in the same run.
 * Prints a Markdown report.
 */
public final class DqPerturbation {
    private static final int WATER = 8 << 10;
    /** Credit window of the perturbation runs (the thesis-like setting). */
    private static final int WINDOW = 8;
    /** Credit window of the bandwidth runs: 64 Waters, 512 KiB in flight per reservoir. */
    private static final int WIDE_WINDOW = 64;

    private DqPerturbation() {
    }

    /** Fills Waters with a counter until stopped. */
    public static final class Producer implements ModuleIF {
        private long n;

        @Override
        public String getName() {
            return "producer";
        }

        @Override
        public void init(ModuleConfig config) {
        }

        @Override
        public void destroy() {
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) throws InterruptedException {
            out.put(HostModules.filled(out, WATER, n++));
        }
    }

    /** Reads a Water and then takes a fixed service time; counts Waters after a start mark. */
    public static final class Consumer implements ModuleIF {
        final long serviceNanos;
        final AtomicLong counted = new AtomicLong();
        volatile boolean counting;

        Consumer(long serviceNanos) {
            this.serviceNanos = serviceNanos;
        }

        @Override
        public String getName() {
            return "consumer";
        }

        @Override
        public void init(ModuleConfig config) {
        }

        @Override
        public void destroy() {
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) throws EndOfRiverException {
            if (in == null) {
                throw new EndOfRiverException();
            }
            HostModules.read(in);
            if (serviceNanos > 0) {
                HostModules.serve(serviceNanos);
            }
            if (counting) {
                counted.incrementAndGet();
            }
        }
    }

    enum Policy { ROUND_ROBIN, RANDOM, LOTTERY }

    enum Kind { MEMORY, SHM, TCP }

    private static int segments;

    private static ModuleThread thread(Policy p, ModuleIF m, String name) {
        return ThreadPolicy.valueOf(p.name()).newThread(m, ModuleConfig.of(name, Map.of()));
    }

    /** A reservoir pair: what the producer puts into and what the consumer takes from. */
    private record Link(ProducerEnd out, ConsumerEnd in) {
    }

    private static Link link(Kind kind, String name, int window) throws Exception {
        if (kind == Kind.MEMORY) {
            MemoryReservoir r = new MemoryReservoir(name, window, WATER);
            return new Link(r.producer(), r.consumer());
        }
        if (kind == Kind.SHM) {
            // Both ends in this JVM: the ring's own protocol (slots in a shared mapping, positions,
            // polling), without a second process's scheduling.
            String segment = "jaguar-dq-" + ProcessHandle.current().pid() + "-" + segments++;
            ShmProducer out = ShmReservoir.create(segment, window, WATER, Duration.ofSeconds(30));
            return new Link(out, ShmReservoir.attach(segment, Duration.ofSeconds(30)));
        }
        // Two data planes in this JVM, as two nodes: every link is a channel on their one connection.
        TcpDataPlane.Expected expected = TCP_IN.expect(name + "-" + segments++, null, null, window, WATER);
        TcpSender out = TCP_OUT.open(TCP_IN.node(), TCP_IN.address(), name + "-" + (segments - 1), null, null, window, WATER);
        return new Link(out, expected.joined().get(30, TimeUnit.SECONDS));
    }

    private static final TcpDataPlane TCP_IN = dataPlane("dq-in");
    private static final TcpDataPlane TCP_OUT = dataPlane("dq-out");

    private static TcpDataPlane dataPlane(String node) {
        try {
            return new TcpDataPlane(node, InetAddress.getLoopbackAddress(), 0, TcpDataPlane.Settings.defaults().withDeadPeer(Duration.ofSeconds(30)));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Runs producers x consumers (every producer a DQ over all consumers) for warm-up then measure
     * seconds; returns Waters per second taken by each consumer in the measured interval.
     */
    private static double[] run(Kind kind, Policy policy, int producers, long[] serviceNanos, double warmup, double measure) throws Exception {
        return run(kind, policy, producers, serviceNanos, warmup, measure, WINDOW);
    }

    private static double[] run(Kind kind, Policy policy, int producers, long[] serviceNanos, double warmup, double measure, int window)
                    throws Exception {
        List<Consumer> consumers = new ArrayList<>();
        List<ModuleThread> threads = new ArrayList<>();
        List<ModuleThread> producerThreads = new ArrayList<>();
        List<AutoCloseable> all = new ArrayList<>();
        List<ModuleThread> consumerThreads = new ArrayList<>();
        for (int c = 0; c < serviceNanos.length; c++) {
            Consumer m = new Consumer(serviceNanos[c]);
            consumers.add(m);
            consumerThreads.add(thread(Policy.ROUND_ROBIN, m, "c" + c));
        }
        for (int p = 0; p < producers; p++) {
            ModuleThread pt = thread(policy, new Producer(), "p" + p);
            for (int c = 0; c < serviceNanos.length; c++) {
                Link l = link(kind, "p" + p + "-c" + c, window);
                all.add(l.out());
                all.add(l.in());
                pt.addDownstream(l.out());
                consumerThreads.get(c).addUpstream(l.in());
            }
            producerThreads.add(pt);
        }
        threads.addAll(consumerThreads);
        threads.addAll(producerThreads);
        threads.forEach(ModuleThread::start);
        Thread.sleep((long) (warmup * 1000));
        consumers.forEach(c -> c.counting = true);
        long t0 = System.nanoTime();
        Thread.sleep((long) (measure * 1000));
        consumers.forEach(c -> c.counting = false);
        double seconds = (System.nanoTime() - t0) / 1e9;
        producerThreads.forEach(ModuleThread::stop);
        for (ModuleThread t : threads) {
            if (!t.await(60, TimeUnit.SECONDS) || t.state() == ModuleThread.State.FAILED) {
                throw new IllegalStateException(t + " did not end cleanly: " + t.failure());
            }
        }
        for (AutoCloseable end : all) {
            end.close();
        }
        double[] rates = new double[consumers.size()];
        for (int i = 0; i < rates.length; i++) {
            rates[i] = consumers.get(i).counted.get() / seconds;
        }
        return rates;
    }

    /**
     * The baseline for the TCP column: n loopback connections, each a thread writing 8 KiB direct
     * buffers and a thread reading them, no framing, credits or Waters. Returns blocks (Waters) per second.
     */
    private static double rawSockets(int n, double warmup, double measure) throws Exception {
        AtomicLong received = new AtomicLong();
        List<java.nio.channels.SocketChannel> channels = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        try (ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            for (int i = 0; i < n; i++) {
                java.nio.channels.SocketChannel out = java.nio.channels.SocketChannel.open(server.getLocalAddress());
                java.nio.channels.SocketChannel in = server.accept();
                out.socket().setTcpNoDelay(true);
                channels.add(out);
                channels.add(in);
                threads.add(Thread.ofPlatform().start(() -> {
                    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocateDirect(WATER);
                    try {
                        while (!stop.get()) {
                            b.clear();
                            while (b.hasRemaining()) {
                                out.write(b);
                            }
                        }
                    } catch (IOException closed) {
                        // the measurement is over
                    }
                }));
                threads.add(Thread.ofPlatform().start(() -> {
                    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocateDirect(WATER);
                    try {
                        while (true) {
                            b.clear();
                            while (b.hasRemaining()) {
                                if (in.read(b) < 0) {
                                    return;
                                }
                            }
                            received.incrementAndGet();
                        }
                    } catch (IOException closed) {
                        // the measurement is over
                    }
                }));
            }
            Thread.sleep((long) (warmup * 1000));
            long before = received.get();
            long t0 = System.nanoTime();
            Thread.sleep((long) (measure * 1000));
            long got = received.get() - before;
            double seconds = (System.nanoTime() - t0) / 1e9;
            stop.set(true);
            for (var ch : channels) {
                ch.close();
            }
            for (Thread t : threads) {
                t.join(10_000);
            }
            return got / seconds;
        }
    }

    private static double sum(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x;
        }
        return s;
    }

    private static String mb(double watersPerSecond) {
        return String.format(Locale.ROOT, "%.1f", watersPerSecond * WATER / (1 << 20));
    }

    public static void main(String[] args) throws Exception {
        double warmup = args.length > 0 ? Double.parseDouble(args[0]) : 1;
        double measure = args.length > 1 ? Double.parseDouble(args[1]) : 3;
        long serviceMicros = args.length > 2 ? Long.parseLong(args[2]) : 200;
        long delayMicros = args.length > 3 ? Long.parseLong(args[3]) : 2000;
        PrintStream o = System.out;
        long fast = TimeUnit.MICROSECONDS.toNanos(serviceMicros);
        long slow = fast + TimeUnit.MICROSECONDS.toNanos(delayMicros);

        o.printf(Locale.ROOT, "Waters of %d KiB, %.0f s warm-up, %.0f s measured per cell.%n%n", WATER >> 10, warmup, measure);
        // The perturbation runs first, before the bandwidth runs load the machine; its calibration
        // (each consumer type's rate as it runs in the experiment: four at a time behind one
        // producer, since alone a consumer also pays the producer's wake-up on every Water) runs
        // after its cells, on a warm JIT: calibrated first, cold, ideal came out low (shares > 110%).
        Policy[] policies = {Policy.LOTTERY, Policy.RANDOM, Policy.ROUND_ROBIN};
        double[][] got = new double[4][policies.length];
        for (int k = 0; k < 4; k++) {
            long[] service = new long[4];
            for (int i = 0; i < 4; i++) {
                service[i] = i < k ? slow : fast;
            }
            for (int p = 0; p < policies.length; p++) {
                got[k][p] = sum(run(Kind.MEMORY, policies[p], 1, service, warmup, measure));
            }
        }
        double rFast = sum(run(Kind.MEMORY, Policy.LOTTERY, 1, new long[] {fast, fast, fast, fast}, warmup, measure)) / 4;
        double rSlow = sum(run(Kind.MEMORY, Policy.LOTTERY, 1, new long[] {slow, slow, slow, slow}, warmup, measure)) / 4;
        o.printf(Locale.ROOT, "## Perturbation: one producer, four consumers, k perturbed%n%n");
        o.printf(Locale.ROOT, "Each consumer serves a Water in %d µs; a perturbed one in %d µs more. Four of a kind behind%n",
                        serviceMicros, delayMicros);
        o.printf(Locale.ROOT, "the producer take %.0f Waters/s each (%s MB/s) unperturbed and %.0f (%s MB/s) perturbed (measured after%n",
                        rFast, mb(rFast), rSlow, mb(rSlow));
        o.println("the cells): ideal(k) = (4-k) x the first + k x the second. Share = measured aggregate / ideal(k). Memory");
        o.println("reservoirs, window " + WINDOW + ".");
        o.println();
        o.println("| perturbed k | ideal MB/s | lottery MB/s | lottery share | random MB/s | random share | round-robin MB/s | round-robin share |");
        o.println("|---|---|---|---|---|---|---|---|");
        for (int k = 0; k < 4; k++) {
            double ideal = (4 - k) * rFast + k * rSlow;
            StringBuilder row = new StringBuilder("| " + k + " | " + mb(ideal));
            for (int p = 0; p < policies.length; p++) {
                row.append(" | ").append(mb(got[k][p])).append(" | ").append(String.format(Locale.ROOT, "%.1f%%", 100 * got[k][p] / ideal));
            }
            o.println(row.append(" |"));
        }
        o.println();
        o.println("## DQ aggregate bandwidth, n producers x n consumers (no service time)");
        o.println();
        o.println("Every producer is a lottery DQ over all n consumers; consumers only read each Water. On this");
        o.println("2-core machine the threads compete for 2 CPUs, so this shows the DQ's own cost, not scaling.");
        o.println();
        o.println("The baseline column moves the same 8 KiB blocks over the same number of loopback connections with");
        o.println("plain NIO (a writer and a reader thread per connection, no framing, credits, Waters or DQ).");
        o.println();
        o.println("The shared-memory column runs both ends of each ring in this JVM (the ring's protocol, not a second");
        o.println("process's scheduling). File reservoirs are not here: they hold a river's Waters on disk until it is read.");
        o.println();
        o.println("| pairs | memory MB/s (window 64) | shared-memory ring MB/s (window 64) | TCP loopback MB/s, window 8 | TCP loopback MB/s, window 64 | NIO sockets, baseline MB/s | TCP reservoir (64) / baseline |");
        o.println("|---|---|---|---|---|---|---|");
        for (int n = 1; n <= 4; n++) {
            long[] none = new long[n];
            double mem = sum(run(Kind.MEMORY, Policy.LOTTERY, n, none, warmup, measure, WIDE_WINDOW));
            double shm = sum(run(Kind.SHM, Policy.LOTTERY, n, none, warmup, measure, WIDE_WINDOW));
            double tcp8 = sum(run(Kind.TCP, Policy.LOTTERY, n, none, warmup, measure, WINDOW));
            double tcp = sum(run(Kind.TCP, Policy.LOTTERY, n, none, warmup, measure, WIDE_WINDOW));
            double raw = rawSockets(n, warmup, measure);
            o.println("| " + n + " | " + mb(mem) + " | " + mb(shm) + " | " + mb(tcp8) + " | " + mb(tcp) + " | " + mb(raw) + " | "
                            + String.format(Locale.ROOT, "%.2f×", tcp / raw) + " |");
        }
        o.println();

    }
}
