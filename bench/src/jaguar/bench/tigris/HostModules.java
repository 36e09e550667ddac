/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.tigris;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ProducerEnd;
import tigris.Water;

/**
 * Modules for Figure 14 across hosts (tools/tigris-dq-hosts.sh pushes them to the nodes): a
 * producer that sends 8 KiB Waters until a wall-clock time, and consumers that serve each Water in
 * a fixed parked time and count the Waters they finish inside a measurement window, writing the
 * count to a file when the river ends.
 */
public final class HostModules {
    private HostModules() {
    }

    /** A new Water of {@code size} bytes from {@code out}'s spring, one long per cache line set to {@code n}. */
    static Water filled(ProducerEnd out, int size, long n) {
        Water w = out.spring().createWater(size);
        var b = w.buffer();
        for (int i = 0; i + 8 <= size; i += 64) {
            b.putLong(i, n);
        }
        w.setLength(size);
        return w;
    }

    /** Reads one long per cache line of {@code in}, as a consumer that looks at its data. */
    static void read(Water in) {
        var b = in.buffer();
        long sum = 0;
        for (int i = 0; i + 8 <= in.length(); i += 64) {
            sum += b.getLong(i);
        }
        if (sum == 42) {
            System.out.print("");   // keeps the reads
        }
    }

    /** Takes {@code nanos} of service time, parked (so 2 CPUs are not what limits the consumers). */
    static void serve(long nanos) {
        long end = System.nanoTime() + nanos;
        for (long left = nanos; left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    abstract static class Base implements ModuleIF {
        ModuleConfig config;

        @Override
        public String getName() {
            return config.name();
        }

        @Override
        public void init(ModuleConfig c) {
            config = c;
        }

        @Override
        public void destroy() {
        }
    }

    /**
     * Sends Waters of "size" bytes for "warmMillis" + "measureMillis" + half a second from its first
     * operation (so the time to grow the river on cold nodes does not eat the window).
     */
    public static final class Producer extends Base {
        private int size;
        private long runMillis;
        private long until;
        private long n;

        @Override
        public void init(ModuleConfig c) {
            super.init(c);
            size = (int) c.getLong("size", 8192);
            runMillis = c.getLong("warmMillis", 1000) + c.getLong("measureMillis", 6000) + 500;
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) throws EndOfRiverException, InterruptedException {
            if (until == 0) {
                until = System.currentTimeMillis() + runMillis;
            }
            if (System.currentTimeMillis() >= until) {
                throw new EndOfRiverException();
            }
            out.put(filled(out, size, n++));
        }
    }

    /**
     * Serves each Water in "serviceMicros" (parked), plus "delayMicros" for the first "perturbed"
     * instances; counts those finished in a window of "measureMillis" that opens "warmMillis"
     * after its first Water, and writes the count to file "out" (suffixed with the instance).
     */
    public static final class Consumer extends Base {
        private long serviceNanos;
        private long warm;
        private long measure;
        private long from;
        private long to;
        private long counted;

        @Override
        public void init(ModuleConfig c) {
            super.init(c);
            serviceNanos = c.getLong("serviceMicros", 0) * 1000;
            if (c.instance() < c.getLong("perturbed", 0)) {
                serviceNanos += c.getLong("delayMicros", 0) * 1000;
            }
            warm = c.getLong("warmMillis", 1000);
            measure = c.getLong("measureMillis", 6000);
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) {
            if (in == null) {
                try {
                    Files.writeString(Path.of(config.get("out") + "." + config.instance()), counted + "\n");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return;
            }
            if (from == 0) {
                from = System.currentTimeMillis() + warm;
                to = from + measure;
            }
            read(in);
            serve(serviceNanos);
            long now = System.currentTimeMillis();
            if (now >= from && now < to) {
                counted++;
            }
        }
    }
}
