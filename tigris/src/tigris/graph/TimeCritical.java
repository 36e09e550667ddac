/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

import java.io.Serializable;
import java.util.Objects;

/**
 * How a time-critical module runs ({@link ModuleSpec#timeCritical}): as a Reflex task on a
 * {@code jaguar.reflex.ReflexRuntime}, not on a thread of its own (doc/tigris.md, "Time-critical
 * stages"). Each run takes the Waters that have arrived, at most {@link #maxPerRun()} of them,
 * without waiting, and calls the module's doOperation for each; its downstream end never waits
 * either: a put without credit is an overrun, and {@link #overflow()} decides what is lost.
 *
 * @param periodMicros the task's period: it runs every so many µs (at least 10); 0: it runs
 *        when a Water arrives ({@link #onArrival})
 * @param overflow what a put without downstream credit does
 * @param keep how many Waters {@link OverflowPolicy#KEEP_NEWEST} holds back at most (0 for
 *        {@link OverflowPolicy#DROP_NEWEST}, which holds none)
 * @param maxPerRun Waters one run takes at most, so that a run stays short however many wait
 */
public record TimeCritical(long periodMicros, OverflowPolicy overflow, int keep, int maxPerRun) implements Serializable {
    /** Waters a run takes at most unless told. */
    public static final int DEFAULT_MAX_PER_RUN = 16;
    /** The shortest period a Reflex task may have, µs ({@code jaguar.reflex.Release}). */
    public static final long MIN_PERIOD_MICROS = 10;
    /** The most Waters {@link OverflowPolicy#KEEP_NEWEST} may hold back: the stage makes room for them all when it opens. */
    public static final int MAX_KEEP = 1 << 16;

    /**
     * Makes a spec.
     *
     * @throws IllegalArgumentException if the period is neither 0 nor at least
     *         {@link #MIN_PERIOD_MICROS}, {@code keep} is below 1 for KEEP_NEWEST, above
     *         {@link #MAX_KEEP}, or not 0 for DROP_NEWEST, or {@code maxPerRun} is below 1
     * @throws NullPointerException if {@code overflow} is null
     */
    public TimeCritical {
        Objects.requireNonNull(overflow, "overflow policy");
        if (periodMicros != 0 && periodMicros < MIN_PERIOD_MICROS) {
            throw new IllegalArgumentException("a time-critical module runs every " + MIN_PERIOD_MICROS + " µs or more (a Reflex task's shortest period), or on "
                            + "arrival (period 0), not every " + periodMicros + " µs");
        }
        if (overflow == OverflowPolicy.KEEP_NEWEST && keep < 1) {
            throw new IllegalArgumentException("KEEP_NEWEST keeps at least 1 Water (the newest), not " + keep);
        }
        if (keep > MAX_KEEP) {
            throw new IllegalArgumentException("KEEP_NEWEST keeps at most " + MAX_KEEP + " Waters, not " + keep + " (the stage makes room for them all at its start)");
        }
        if (overflow == OverflowPolicy.DROP_NEWEST && keep != 0) {
            throw new IllegalArgumentException("DROP_NEWEST holds no Water back: keep " + keep + " applies only to KEEP_NEWEST");
        }
        if (maxPerRun < 1) {
            throw new IllegalArgumentException("a time-critical run takes at least 1 Water, not maxPerRun " + maxPerRun);
        }
    }

    /**
     * Runs every {@code micros} µs (at absolute times: a Reflex task's periodic release), with
     * {@code overflow}; KEEP_NEWEST keeps the one newest Water. At most
     * {@link #DEFAULT_MAX_PER_RUN} Waters a run.
     *
     * @param micros the period in µs, at least {@link #MIN_PERIOD_MICROS}
     * @param overflow what a put without downstream credit does
     * @return the spec
     * @throws IllegalArgumentException if the period is under {@link #MIN_PERIOD_MICROS} (0 says
     *         to use {@link #onArrival})
     * @throws NullPointerException if {@code overflow} is null
     */
    public static TimeCritical everyMicros(long micros, OverflowPolicy overflow) {
        if (micros == 0) {
            throw new IllegalArgumentException("a period of 0 µs: for a module that runs when a Water arrives, use TimeCritical.onArrival");
        }
        return new TimeCritical(micros, overflow, defaultKeep(overflow), DEFAULT_MAX_PER_RUN);
    }

    /**
     * Runs when a Water arrives (or a credit comes back to Waters it holds), with
     * {@code overflow}; KEEP_NEWEST keeps the one newest Water. At most
     * {@link #DEFAULT_MAX_PER_RUN} Waters a run.
     *
     * @param overflow what a put without downstream credit does
     * @return the spec
     * @throws NullPointerException if {@code overflow} is null
     */
    public static TimeCritical onArrival(OverflowPolicy overflow) {
        return new TimeCritical(0, overflow, defaultKeep(overflow), DEFAULT_MAX_PER_RUN);
    }

    private static int defaultKeep(OverflowPolicy overflow) {
        return Objects.requireNonNull(overflow, "overflow policy") == OverflowPolicy.KEEP_NEWEST ? 1 : 0;
    }

    /**
     * This, holding back up to {@code n} Waters ({@link OverflowPolicy#KEEP_NEWEST} only).
     *
     * @param n the most Waters held, 1 to {@link #MAX_KEEP}
     * @return a new spec
     * @throws IllegalArgumentException if {@code n} is below 1 or above {@link #MAX_KEEP}, or the policy is DROP_NEWEST
     */
    public TimeCritical keeping(int n) {
        return new TimeCritical(periodMicros, overflow, n, maxPerRun);
    }

    /**
     * This, taking at most {@code n} Waters a run.
     *
     * @param n the most Waters a run takes, at least 1
     * @return a new spec
     * @throws IllegalArgumentException if {@code n} is below 1
     */
    public TimeCritical takingAtMost(int n) {
        return new TimeCritical(periodMicros, overflow, keep, n);
    }

    /**
     * Reads the written form of a river file's {@code critical:} option: {@code every=MICROS} or
     * {@code arrival}, then optionally {@code drop} (the default) or {@code keep} / {@code keep=N},
     * and {@code max=N}, separated by commas: {@code every=100,keep=4}, {@code arrival,drop,max=8}.
     *
     * @param written the option's value, after {@code critical:}
     * @return the spec it says
     *
     * @throws IllegalArgumentException saying which part is wrong and what is allowed
     */
    public static TimeCritical parse(String written) {
        String[] parts = written.split(",", -1);
        String when = parts[0];
        long period;
        if (when.equals("arrival")) {
            period = 0;
        } else if (when.startsWith("every=")) {
            period = number(when.substring(6), "every=MICROS");
            if (period == 0) {
                throw new IllegalArgumentException("'" + when + "': a period of 0 µs; for a module that runs when a Water arrives, write 'arrival'");
            }
        } else {
            throw new IllegalArgumentException("'" + written + "' must begin with when it runs: every=MICROS or arrival, not '" + when + "'");
        }
        OverflowPolicy overflow = OverflowPolicy.DROP_NEWEST;
        int keep = 0;
        int max = DEFAULT_MAX_PER_RUN;
        boolean overflowSaid = false;
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i];
            if (p.equals("drop") || p.equals("keep") || p.startsWith("keep=")) {
                if (overflowSaid) {
                    throw new IllegalArgumentException("'" + written + "' says twice what an overrun does (drop, keep or keep=N: one of them)");
                }
                overflowSaid = true;
                overflow = p.equals("drop") ? OverflowPolicy.DROP_NEWEST : OverflowPolicy.KEEP_NEWEST;
                keep = p.equals("drop") ? 0 : p.equals("keep") ? 1 : (int) number(p.substring(5), "keep=N");
            } else if (p.startsWith("max=")) {
                max = (int) number(p.substring(4), "max=N");
            } else {
                throw new IllegalArgumentException("'" + p + "' in '" + written + "' is not drop, keep, keep=N or max=N");
            }
        }
        return new TimeCritical(period, overflow, keep, max);
    }

    private static long number(String digits, String form) {
        try {
            long n = Long.parseLong(digits);
            if (n < 0 || n > Integer.MAX_VALUE) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(form + ": '" + digits + "' is not a whole number from 0 to " + Integer.MAX_VALUE);
        }
    }

    /** {@return true if it runs when a Water arrives rather than every period} */
    public boolean isOnArrival() {
        return periodMicros == 0;
    }

    /** {@return the spec in words: {@code "every 100 µs, KEEP_NEWEST (keeps 4), at most 16 Waters a run"}} */
    @Override
    public String toString() {
        return (isOnArrival() ? "on arrival" : "every " + periodMicros + " µs") + ", " + overflow
                        + (overflow == OverflowPolicy.KEEP_NEWEST ? " (keeps " + keep + ")" : "") + ", at most " + maxPerRun + " Waters a run";
    }
}
