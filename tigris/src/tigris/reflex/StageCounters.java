/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reflex;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What a time-critical stage ({@link ReflexStage}) counted: written by its Reflex scheduler's
 * thread only (opaque stores of its own plain reads: no fence on a run's path, as
 * {@code jaguar.reflex.ReflexCounters}), read from any thread (a count may be a Water behind).
 * While the stage runs, Waters its module put are those that went out, were dropped or are held.
 */
public final class StageCounters {
    private long watersIn;
    private long watersOut;
    private long overruns;
    private long dropped;
    private int held;

    private static final VarHandle IN, OUT, OVERRUNS, DROPPED, HELD;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            IN = l.findVarHandle(StageCounters.class, "watersIn", long.class);
            OUT = l.findVarHandle(StageCounters.class, "watersOut", long.class);
            OVERRUNS = l.findVarHandle(StageCounters.class, "overruns", long.class);
            DROPPED = l.findVarHandle(StageCounters.class, "dropped", long.class);
            HELD = l.findVarHandle(StageCounters.class, "held", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    StageCounters() {
    }

    /**
     * Waters taken from upstream.
     *
     * @return the count since the stage started
     */
    public long watersIn() {
        return (long) IN.getOpaque(this);
    }

    /**
     * Waters put into the downstream reservoir.
     *
     * @return the count since the stage started, held Waters counted once they went out
     */
    public long watersOut() {
        return (long) OUT.getOpaque(this);
    }

    /**
     * Puts the downstream reservoir had no credit for (once the Waters held before them had gone):
     * each was handled by the overflow policy.
     *
     * @return the count since the stage started
     */
    public long overruns() {
        return (long) OVERRUNS.getOpaque(this);
    }

    /**
     * Waters released without going downstream: the one being put (DROP_NEWEST), the oldest held
     * one making room (KEEP_NEWEST), and those still held when the stage stopped or failed.
     *
     * @return the count since the stage started
     */
    public long dropped() {
        return (long) DROPPED.getOpaque(this);
    }

    /**
     * Waters held now for want of credit (KEEP_NEWEST).
     *
     * @return 0 to the stage's {@code keep}; always 0 for DROP_NEWEST
     */
    public int held() {
        return (int) HELD.getOpaque(this);
    }

    void tookIn() {
        IN.setOpaque(this, watersIn + 1);
    }

    void putOut() {
        OUT.setOpaque(this, watersOut + 1);
    }

    void overran() {
        OVERRUNS.setOpaque(this, overruns + 1);
    }

    void dropped(int n) {
        DROPPED.setOpaque(this, dropped + n);
    }

    void holding(int n) {
        HELD.setOpaque(this, n);
    }

    @Override
    public String toString() {
        return watersIn() + " in, " + watersOut() + " out, " + overruns() + " overruns, " + dropped() + " dropped, " + held() + " held";
    }
}
