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
import tigris.reservoir.ShmRingDescriptor;

/**
 * Figure 7.1 of the Streamline thesis on Tigris: blocks copied through a shared-memory stream, each
 * written into a Water by the producer and read out of it by the consumer (a copy in, a copy out:
 * the bytes the thesis's pipe moves), in two JVMs or two threads of one.
 *
 * <pre>
 * StreamCopy producer NAME BLOCK RING BYTES    creates stream NAME and writes BYTES in BLOCK-byte Waters
 * StreamCopy consumer NAME BLOCK BYTES         attaches to it, reads them, prints "MB/s" of its reading
 * StreamCopy threads BLOCK RING BYTES          both in this JVM (the in-process ring), prints MB/s
 * </pre>
 *
 * With {@code copy-producer}, {@code copy-consumer} and {@code copy-threads} the ends use the
 * stream's pipe-like interface instead ({@link ShmProducer#write}, {@link ShmConsumer#read}): the
 * same copy in and out, with no Water object a block.
 *
 * The stream has as many descriptors as RING holds blocks (at most 65,536). The rate is the
 * consumer's: bytes read over the time from its first block to its last; the first tenth of the
 * stream is a warm-up and not timed.
 */
public final class StreamCopy {
    private static final Duration DEAD_PEER = Duration.ofSeconds(60);

    private StreamCopy() {
    }

    public static void main(String[] args) throws Exception {
        // Whole blocks: BYTES is rounded up to a multiple of BLOCK.
        boolean copy = args[0].startsWith("copy-");
        String mode = copy ? args[0].substring("copy-".length()) : args[0];
        int b = Integer.parseInt(args[mode.equals("threads") ? 1 : 2]);
        int last = args.length - 1;
        args[last] = Long.toString((Long.parseLong(args[last]) + b - 1) / b * b);
        switch (mode) {
            case "producer" -> {
                try (ShmProducer out = create(args[1], Integer.parseInt(args[2]), Long.parseLong(args[3]))) {
                    produce(out, Integer.parseInt(args[2]), Long.parseLong(args[4]), copy);
                    while (out.credits() < out.window()) {
                        Thread.sleep(1);
                    }
                }
            }
            case "consumer" -> {
                ShmConsumer in = attach(args[1]);
                try (in) {
                    System.out.printf("%.1f%n", consume(in, Integer.parseInt(args[2]), Long.parseLong(args[3]), copy));
                }
            }
            case "threads" -> {
                String name = "jaguar-bench-copy-" + ProcessHandle.current().pid();
                int block = Integer.parseInt(args[1]);
                long bytes = Long.parseLong(args[3]);
                try (ShmProducer out = create(name, block, Long.parseLong(args[2])); ShmConsumer in = ShmReservoir.attach(name, DEAD_PEER)) {
                    double[] rate = new double[1];
                    Thread reader = Thread.ofPlatform().start(() -> {
                        try {
                            rate[0] = consume(in, block, bytes, copy);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    });
                    produce(out, block, bytes, copy);
                    reader.join();
                    System.out.printf("%.1f%n", rate[0]);
                }
            }
            default -> throw new IllegalArgumentException("producer, consumer or threads (each with copy- before it or not), not " + args[0]);
        }
    }

    private static ShmProducer create(String name, int block, long ring) throws Exception {
        int entries = (int) Math.min(1 << 16, Math.max(1, ring / ShmRingDescriptor.lines(block)));
        return ShmReservoir.create(name, entries, block, ring, 1, null, DEAD_PEER);
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

    private static void produce(ShmProducer out, int block, long bytes, boolean copy) throws InterruptedException {
        out.attachProducer(Parker.forCurrentThread());
        byte[] src = new byte[block];
        for (int i = 0; i < block; i++) {
            src[i] = (byte) i;
        }
        if (copy) {
            for (long sent = 0; sent < bytes; sent += block) {
                out.write(src, 0, block);
            }
            out.endOfRiver();
            return;
        }
        for (long sent = 0; sent < bytes; sent += block) {
            Water w = out.spring().createWater(block);
            w.buffer().put(0, src, 0, block);
            w.setLength(block);
            out.put(w);
        }
        out.endOfRiver();
    }

    /** Reads every block; the MB/s of reading all after the first tenth. */
    private static double consume(ShmConsumer in, int block, long bytes, boolean copy) throws InterruptedException {
        in.attachConsumer(Parker.forCurrentThread());
        byte[] dst = new byte[block];
        long warm = bytes / 10 / block * block;
        long got = 0;
        long t0 = 0;
        long sum = 0;
        int n;
        while (copy && (n = in.read(dst, 0, block)) >= 0) {
            sum += dst[n - 1];
            got += n;
            if (got == warm) {
                t0 = System.nanoTime();
            }
        }
        Water w;
        while (!copy && (w = in.get()) != null) {
            w.buffer().get(0, dst, 0, w.length());
            sum += dst[block - 1];
            got += w.length();
            w.release();
            in.creditBack();
            if (got == warm) {
                t0 = System.nanoTime();
            }
        }
        long t = System.nanoTime() - t0;
        if (got != bytes || sum == 42) {
            throw new IllegalStateException("read " + got + " bytes of " + bytes);
        }
        return (got - warm) / (t / 1e9) / 1e6;
    }
}
