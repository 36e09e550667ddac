/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How much data a shared-memory stream holds unless told: four times the cache each core has to
 * itself. The cache is the highest level sysfs reports as a single CPU's
 * ({@code /sys/devices/system/cpu/cpu0/cache/index*}: L2 on most machines), capped at
 * {@link #CAP} because a virtual machine may report its host's shared cache as one core's. The
 * factor is measured, not derived: Streamline found its rings fastest at a size comparable to the
 * L2 (the thesis's Figure 7.2: past it, misses cost more than the switches a larger ring saves; 1
 * MB with a 4 MB L2), and this project's sweep of 64 KiB to 64 MiB (bench/results/streamline-pipes.md)
 * found the best at 4 MiB, four of its 1 MiB L2s, for five of six block sizes: a ring that holds
 * more Waters batches more wake-ups, and the producer's and the consumer's caches and the lines
 * in flight between them all hold part of it. A stream holds at least two of its largest Waters,
 * and no more than its window of them, rounded up to a power of two.
 */
public final class ShmSizing {
    /** Most a core's cache is taken to be. */
    public static final long CAP = 8L << 20;
    /** How many of a core's caches a stream holds by default. */
    public static final int CACHES = 4;
    /** When sysfs says nothing. */
    public static final long UNKNOWN = 1L << 20;

    /**
     * The cache the default is sized by: its level, its size, where sysfs says so (or why it does not).
     *
     * @param level the cache's level (2 for an L2); 0 when sysfs reports none and {@link #UNKNOWN} is assumed
     * @param bytes its size in bytes, at most {@link #CAP}
     * @param source the sysfs directory that reports it ({@code .../cache/index2}), with why it
     *        was capped if it was; or why none was found and the size is assumed, for reports
     */
    public record Cache(int level, long bytes, String source) {
        @Override
        public String toString() {
            return (level > 0 ? "L" + level + " " : "") + (bytes >> 10) + " KiB (" + source + ")";
        }
    }

    private static final Cache CORE = coreCache(Path.of("/sys/devices/system/cpu/cpu0/cache"));

    private ShmSizing() {
    }

    /**
     * The cache of one core, as this machine's sysfs reports it.
     *
     * @return the cache, read once when the class was initialised
     */
    public static Cache coreCache() {
        return CORE;
    }

    /** The highest data or unified cache level under {@code dir} that serves one CPU alone, capped. */
    static Cache coreCache(Path dir) {
        int best = 0;
        long size = 0;
        String where = null;
        try (var entries = Files.list(dir)) {
            for (Path index : entries.filter(p -> p.getFileName().toString().startsWith("index")).sorted().toList()) {
                String type = read(index.resolve("type"));
                if (!type.equals("Data") && !type.equals("Unified")) {
                    continue;
                }
                String shared = read(index.resolve("shared_cpu_list"));
                if (shared.contains(",") || shared.contains("-")) {
                    continue;
                }
                int level = Integer.parseInt(read(index.resolve("level")));
                long bytes = parseSize(read(index.resolve("size")));
                if (level > best && bytes > 0) {
                    best = level;
                    size = bytes;
                    where = index.toString();
                }
            }
        } catch (IOException | RuntimeException e) {
            return new Cache(0, UNKNOWN, "sysfs reports no cache (" + e.getClass().getSimpleName() + "): assumed");
        }
        if (where == null) {
            return new Cache(0, UNKNOWN, "sysfs reports no cache of one core: assumed");
        }
        if (size > CAP) {
            return new Cache(best, CAP, where + " says " + (size >> 10) + " KiB, more than a core has: capped");
        }
        return new Cache(best, size, where);
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p).strip();
    }

    /** "1024K", "32M", "512": bytes. */
    static long parseSize(String s) {
        long unit = 1;
        if (s.endsWith("K")) {
            unit = 1 << 10;
        } else if (s.endsWith("M")) {
            unit = 1 << 20;
        } else if (s.endsWith("G")) {
            unit = 1L << 30;
        }
        String digits = unit == 1 ? s : s.substring(0, s.length() - 1);
        return Long.parseLong(digits) * unit;
    }

    /**
     * The data bytes of a stream of {@code window} Waters of at most {@code maxWater} bytes:
     * {@link #defaultBytes()}, within two and {@code window} Waters, a power of two.
     *
     * @param window the stream's window, at least 1
     * @param maxWater its largest Water in bytes, at least 1 (taken as whole 64-byte lines)
     * @return bytes of the data ring: a power of two that holds at least two of the largest Waters
     */
    public static long dataBytes(int window, int maxWater) {
        long water = ShmRingDescriptor.lines(maxWater);
        long most = Math.max(2 * water, window * water);
        return powerOfTwo(Math.max(2 * water, Math.min(most, defaultBytes())));
    }

    /**
     * What a stream holds by default when its window does not limit it: {@link #CACHES} of a core's caches.
     *
     * @return bytes, a power of two ({@link #CACHES} times {@link #coreCache()}'s, rounded up)
     */
    public static long defaultBytes() {
        return powerOfTwo(CACHES * CORE.bytes());
    }

    /**
     * The power of two at or above {@code n}.
     *
     * @param n a positive number, at most 2<sup>62</sup>
     * @return {@code n} if it is a power of two, else the next one above it
     */
    public static long powerOfTwo(long n) {
        long p = Long.highestOneBit(n);
        return p == n ? n : p << 1;
    }
}
