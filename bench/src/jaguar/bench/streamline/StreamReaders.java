/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.streamline;

import java.time.Duration;

import tigris.Parker;
import tigris.Water;
import tigris.reservoir.ShmConsumer;
import tigris.reservoir.ShmProducer;
import tigris.reservoir.ShmReservoir;

/**
 * Figure 7.5 of the Streamline thesis on Tigris: one stream read by 1 to 10 readers, each in a JVM of
 * its own and each reading every block (as tcpdump instances capture every packet), the producer
 * writing at a fixed rate; what each process spends of a CPU, from /proc.
 *
 * <pre>
 * StreamReaders producer NAME READERS BLOCK MBPS SECONDS   writes SECONDS of MBPS in BLOCK-byte Waters once READERS attached
 * StreamReaders reader NAME                                reads every Water (each byte once), prints its CPU % over the stream
 * </pre>
 *
 * The producer prints its own CPU % too. CPU time is the process's (user and system, all its
 * threads, the JVM's own included) between its first Water and its last.
 */
public final class StreamReaders {
    private static final Duration DEAD_PEER = Duration.ofSeconds(60);

    private StreamReaders() {
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("producer")) {
            produce(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]), Double.parseDouble(args[4]), Double.parseDouble(args[5]));
        } else {
            read(args[1]);
        }
    }

    private static long cpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos();
    }

    private static void produce(String name, int readers, int block, double mbps, double seconds) throws Exception {
        try (ShmProducer out = ShmReservoir.create(name, 1024, block, 1 << 20, readers, null, DEAD_PEER)) {
            out.attachProducer(Parker.forCurrentThread());
            byte[] src = new byte[block];
            for (int i = 0; i < block; i++) {
                src[i] = (byte) i;
            }
            // Wait for every reader: the data is kept for those not there yet.
            while (!allAttached(name)) {
                Thread.sleep(5);
            }
            long blocks = (long) (mbps * 1e6 * seconds / block);
            double nanosPerBlock = block / (mbps * 1e6) * 1e9;
            long t0 = System.nanoTime();
            long c0 = cpuNanos();
            for (long n = 0; n < blocks; n++) {
                long due = t0 + (long) (n * nanosPerBlock);
                long now = System.nanoTime();
                if (now < due) {
                    // Ahead of the rate: the readers get what was put, the writer sleeps (no spin: its CPU is the copies').
                    out.flush();
                    java.util.concurrent.locks.LockSupport.parkNanos(Math.max(100_000, due - now));
                }
                Water w = out.spring().createWater(block);
                w.buffer().put(0, src, 0, block);
                w.setLength(block);
                out.put(w);
            }
            out.endOfRiver();
            long wall = System.nanoTime() - t0;
            System.out.printf("%.1f%n", 100.0 * (cpuNanos() - c0) / wall);
            while (out.credits() < out.window()) {
                Thread.sleep(1);
            }
        }
    }

    /** Whether the stream's readers are all there: its name is gone once the last attached. */
    private static boolean allAttached(String name) {
        return !java.nio.file.Files.exists(java.nio.file.Path.of("/dev/shm", name));
    }

    private static ShmConsumer attach(String name) throws Exception {
        long deadline = System.nanoTime() + DEAD_PEER.toNanos();
        while (true) {
            try {
                return ShmReservoir.attach(name, DEAD_PEER);
            } catch (java.io.IOException notYet) {
                if (System.nanoTime() > deadline) {
                    throw notYet;
                }
                Thread.sleep(2);
            }
        }
    }

    private static void read(String name) throws Exception {
        try (ShmConsumer in = attach(name)) {
            in.attachConsumer(Parker.forCurrentThread());
            byte[] dst = new byte[1 << 16];
            long sum = 0;
            long t0 = 0;
            long c0 = 0;
            Water w;
            while ((w = in.get()) != null) {
                if (t0 == 0) {
                    t0 = System.nanoTime();
                    c0 = cpuNanos();
                }
                int n = w.length();
                w.buffer().get(0, dst, 0, n);
                sum += dst[n - 1];
                w.release();
                in.creditBack();
            }
            long wall = System.nanoTime() - t0;
            System.out.printf("%.1f%s%n", 100.0 * (cpuNanos() - c0) / wall, sum == 42 ? " " : "");
        }
    }
}
