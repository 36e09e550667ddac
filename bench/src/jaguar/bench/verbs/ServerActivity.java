/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.verbs;

import java.util.TreeMap;

import jaguar.mapping.CodeMappings;

/**
 * A benchmark server's activity at each of the last N messages it received: code-mapping Java
 * bodies, JIT compilation and collections ({@link JvmActivity}), so that at the client's goodbye
 * it can say how much of each ran during the client's measured part (its last N messages): the
 * SERVER line that bench/tools/verbs-perf.sh puts on the run's WARM line.
 *
 * <p>{@link #record} gives the client's warm-up one word to wait on: the Java-body count, with
 * {@link #BUSY} set while the server's JVM is not {@link JvmActivity#quiet} over its last window
 * of two seconds or more. A flag that flips once, not the compilation time itself: a send_bw
 * server that sent a status message whenever that time moved ran the status path's Java bodies at
 * every one, so its count never settled either (raw/verbs-gate-probe.txt, probe 4).
 */
final class ServerActivity {
    /** Messages between reads of the compilation and collection counters (each a call into the VM). */
    private static final int SAMPLE_EVERY = 256;
    private static final long WINDOW_NANOS = 2_000_000_000L;
    /** The bit of {@link #record}'s word that says the server's JVM is still compiling or collecting. */
    static final long BUSY = 1L << 62;

    private final long[] runsAt;
    private final long[] compileMillisAt;
    private final long[] collectionsAt;
    private final long[] otherCpuAt;
    private long compileMillis;
    private long collections;
    private long otherCpu;
    private long messages;
    private final JvmActivity window = new JvmActivity(System.nanoTime(), JvmActivity.compileMillis(), JvmActivity.collections(),
            JvmActivity.otherThreadsCpuNanos());
    private boolean busy = true;

    ServerActivity(int lastMessages) {
        runsAt = new long[lastMessages];
        compileMillisAt = new long[lastMessages];
        collectionsAt = new long[lastMessages];
        otherCpuAt = new long[lastMessages];
    }

    /** Call once per message; returns the word (see above), which the server may pass on to the client. */
    long record() {
        long runs = CodeMappings.javaBodyRuns();
        if (messages % SAMPLE_EVERY == 0) {
            compileMillis = JvmActivity.compileMillis();
            collections = JvmActivity.collections();
            otherCpu = JvmActivity.otherThreadsCpuNanos();
            long now = System.nanoTime();   // a clock read per SAMPLE_EVERY messages: the guest's costs 1.5 us
            if (now - window.start() >= WINDOW_NANOS) {
                busy = !window.quietUntil(now, compileMillis, collections, otherCpu);
            }
        }
        int i = (int) (messages++ % runsAt.length);
        runsAt[i] = runs;
        compileMillisAt[i] = compileMillis;
        collectionsAt[i] = collections;
        otherCpuAt[i] = otherCpu;
        return busy ? runs | BUSY : runs;
    }

    /** The SERVER line; {@code runsAtGoodbye} is read before the teardown runs Java bodies of its own. */
    void print(long runsAtGoodbye) {
        if (messages >= runsAt.length) {
            int first = (int) (messages % runsAt.length);
            System.out.println("SERVER java bodies during the last " + runsAt.length + " messages "
                    + (runsAtGoodbye - runsAt[first]) + ", compilation during them "
                    + (JvmActivity.compileMillis() - compileMillisAt[first]) + " ms, collections "
                    + (JvmActivity.collections() - collectionsAt[first]) + ", other threads' cpu during them "
                    + (otherCpuAt[first] < 0 ? -1 : (JvmActivity.otherThreadsCpuNanos() - otherCpuAt[first]) / 1_000_000)
                    + " ms (sampled every " + SAMPLE_EVERY
                    + " messages), whole run " + WarmUp.since(new TreeMap<>()));
        }
    }
}
