/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.verbs;

import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;

import jaguar.mapping.CodeMappings;

/**
 * When a benchmark's unmeasured warm-up is over: after its time, and only once a whole check
 * period has passed in which this JVM was {@link JvmActivity#quiet} (no collection, little
 * compilation) and, when the VM runs with {@code -Djaguar.mapping.strict=true}, ran no code
 * mapping's Java body (so the measured part runs the JIT's templates, not the interpreter's
 * bodies). A peer's word (the server's {@link ServerActivity}: its Java-body count and whether
 * its JVM is quiet, carried in its replies) gates the end too: it must not change over the
 * period, nor say busy. A hard limit of four times the warm-up time ends the warm-up regardless,
 * and {@link #report} says what still ran during the measured part.
 */
final class WarmUp {
    private static final boolean COUNTING = Boolean.getBoolean("jaguar.mapping.strict");
    private static final long CHECK_PERIOD_NANOS = 2_000_000_000L;

    private final long start = System.nanoTime();
    private final long softEnd;
    private final long hardEnd;
    private long nextCheck;
    /** The JVM's activity since the last check; null before the first, which never ends the warm-up. */
    private JvmActivity sinceCheck;
    private final LongSupplier peer;
    private long runsAtCheck = -1;
    private long peerAtCheck = -1;
    private long peerAtEnd = -1;
    private long runsAtEnd;
    private long compileAtEnd;
    private long collectionsAtEnd;
    private long collectionMillisAtEnd;
    private long otherCpuAtEnd;
    private SortedMap<String, Long> byMethodAtEnd = new TreeMap<>();
    private long end;
    /** What was still active when the warm-up ended at its hard limit, or null. */
    private String limitReason;

    /** {@code peer}: the other process's {@link ServerActivity} word as last heard, or null. */
    WarmUp(long warmupNanos, LongSupplier peer) {
        this(warmupNanos, 4 * warmupNanos, peer);
    }

    /** A warm-up of at least {@code minimumNanos}, ended by {@code limitNanos} regardless. */
    WarmUp(long minimumNanos, long limitNanos, LongSupplier peer) {
        this.peer = peer;
        this.softEnd = start + minimumNanos;
        this.hardEnd = start + Math.max(minimumNanos, limitNanos);
        this.nextCheck = softEnd;
    }

    /** True once the warm-up is over; call it once per iteration, it is cheap until a check is due. */
    boolean over() {
        if (end != 0) {
            return true;
        }
        long now = System.nanoTime();
        if (now < nextCheck) {
            return false;
        }
        long runs = COUNTING ? CodeMappings.javaBodyRuns() : -1;
        long compile = JvmActivity.compileMillis();
        long collections = JvmActivity.collections();
        long otherCpu = JvmActivity.otherThreadsCpuNanos();
        long peerWord = peer == null ? -1 : peer.getAsLong();
        boolean jvmBusy = sinceCheck == null || !sinceCheck.quietUntil(now, compile, collections, otherCpu);
        String active = (runs != runsAtCheck ? " java bodies" : "") + (jvmBusy ? " compiling or collecting" : "")
                + (peer != null && (peerWord != peerAtCheck || (peerWord & ServerActivity.BUSY) != 0) ? " peer" : "");
        if (active.isEmpty() || now >= hardEnd) {
            limitReason = active.isEmpty() ? null : active.strip();
            end = now;
            runsAtEnd = runs;
            compileAtEnd = compile;
            collectionsAtEnd = collections;
            collectionMillisAtEnd = JvmActivity.collectionMillis();
            otherCpuAtEnd = otherCpu;
            peerAtEnd = peerWord;
            byMethodAtEnd = CodeMappings.javaBodyRunsByMethod();
            return true;
        }
        runsAtCheck = runs;
        if (sinceCheck == null) {
            sinceCheck = new JvmActivity(now, compile, collections, otherCpu);
        }
        peerAtCheck = peerWord;
        nextCheck = now + CHECK_PERIOD_NANOS;
        return false;
    }

    /** The System.nanoTime at which {@link #over} first returned true. */
    long endNanos() {
        return end;
    }

    /**
     * One line for the log: warm-up length, then what ran since it ended: Java bodies (-1: not
     * counted), compilation and collections.
     */
    String report() {
        long otherCpu = JvmActivity.otherThreadsCpuNanos();
        long measured = COUNTING ? CodeMappings.javaBodyRuns() - runsAtEnd : -1;
        return String.format("WARMUP %.1f s%s, java bodies before %d, during the measured part %d%s, compilation during it %d ms,"
                + " collections %d (%d ms), other threads' cpu %d ms%s", (end - start) / 1e9,
                limitReason == null ? "" : " (limit: " + limitReason + ")",
                runsAtEnd, measured, measured > 0 ? " " + since(byMethodAtEnd) : "", JvmActivity.compileMillis() - compileAtEnd,
                JvmActivity.collections() - collectionsAtEnd, JvmActivity.collectionMillis() - collectionMillisAtEnd,
                otherCpu < 0 || otherCpuAtEnd < 0 ? -1 : (otherCpu - otherCpuAtEnd) / 1_000_000,
                peer == null ? "" : ", peer's java bodies before " + (peerAtEnd & ~ServerActivity.BUSY)
                        + ((peerAtEnd & ServerActivity.BUSY) != 0 ? " (peer busy)" : ""));
    }

    /**
     * One line for a warm-up that came before another (a pre-warm-up at a smaller message size):
     * its length and whether it ended at its limit, then what it left unmapped, if anything.
     */
    String prewarmReport(int bytes) {
        return String.format("PREWARM at %d bytes %.1f s%s, java bodies before its end %d", bytes, (end - start) / 1e9,
                limitReason == null ? "" : " (limit: " + limitReason + ")", runsAtEnd);
    }

    /** Java-body runs per mapped method since {@code before}: the ones the JIT has not mapped. */
    static String since(SortedMap<String, Long> before) {
        StringBuilder out = new StringBuilder("(");
        CodeMappings.javaBodyRunsByMethod().forEach((method, runs) -> {
            long d = runs - before.getOrDefault(method, 0L);
            if (d > 0) {
                out.append(out.length() > 1 ? ", " : "").append(method).append(' ').append(d);
            }
        });
        return out.append(')').toString();
    }
}
