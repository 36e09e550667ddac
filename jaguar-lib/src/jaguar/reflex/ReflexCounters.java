/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What a task's scheduler counted of it: written by the scheduler's thread only (opaque stores of
 * its own plain reads: no fence on the release path), read from any thread (a count may be a
 * release behind).
 */
public final class ReflexCounters {
    private long releases;
    private long runs;
    private long misses;
    private long skipped;
    private long late;
    private long aborts;
    private long failures;
    private long worstRunNanos;
    private long worstLatenessNanos;
    private long worstLockoutNanos;
    private long atomicCommits;
    private long atomicConflicts;

    private static final VarHandle RELEASES, RUNS, MISSES, SKIPPED, LATE, ABORTS, FAILURES, WORST_RUN, WORST_LATENESS, WORST_LOCKOUT, COMMITS, CONFLICTS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            RELEASES = l.findVarHandle(ReflexCounters.class, "releases", long.class);
            RUNS = l.findVarHandle(ReflexCounters.class, "runs", long.class);
            MISSES = l.findVarHandle(ReflexCounters.class, "misses", long.class);
            SKIPPED = l.findVarHandle(ReflexCounters.class, "skipped", long.class);
            LATE = l.findVarHandle(ReflexCounters.class, "late", long.class);
            ABORTS = l.findVarHandle(ReflexCounters.class, "aborts", long.class);
            FAILURES = l.findVarHandle(ReflexCounters.class, "failures", long.class);
            WORST_RUN = l.findVarHandle(ReflexCounters.class, "worstRunNanos", long.class);
            WORST_LATENESS = l.findVarHandle(ReflexCounters.class, "worstLatenessNanos", long.class);
            WORST_LOCKOUT = l.findVarHandle(ReflexCounters.class, "worstLockoutNanos", long.class);
            COMMITS = l.findVarHandle(ReflexCounters.class, "atomicCommits", long.class);
            CONFLICTS = l.findVarHandle(ReflexCounters.class, "atomicConflicts", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    ReflexCounters() {
    }

    /**
     * Times the task was released: a period began, or (event tasks) releases taken at once by one run.
     *
     * @return the count since the task was added; an event task's releases taken together by one
     *         run all count
     */
    public long releases() {
        return (long) RELEASES.getOpaque(this);
    }

    /**
     * Invocations of execute.
     *
     * @return the count since the task was added, aborted ones included
     */
    public long runs() {
        return (long) RUNS.getOpaque(this);
    }

    /**
     * Invocations of a periodic task that ended after their deadline (the next release time).
     *
     * @return the count since the task was added; 0 for event tasks
     */
    public long misses() {
        return (long) MISSES.getOpaque(this);
    }

    /**
     * Releases dropped under {@link OverrunPolicy#SKIP} because their time had passed.
     *
     * @return the count since the task was added
     */
    public long skipped() {
        return (long) SKIPPED.getOpaque(this);
    }

    /**
     * Runs begun after the next release time had already passed ({@link OverrunPolicy#RUN_LATE}).
     *
     * @return the count since the task was added
     */
    public long late() {
        return (long) LATE.getOpaque(this);
    }

    /**
     * Invocations rolled back: {@link ReflexTask#abort()}, an exception, a conflict.
     *
     * @return the count since the task was added, {@link #failures()} included
     */
    public long aborts() {
        return (long) ABORTS.getOpaque(this);
    }

    /**
     * Of the aborts, those an exception out of execute caused.
     *
     * @return the count since the task was added; the last one is {@link ReflexTask#lastFailure()}
     */
    public long failures() {
        return (long) FAILURES.getOpaque(this);
    }

    /**
     * The longest invocation, ns.
     *
     * @return the longest run so far, in ns of {@link System#nanoTime()}'s clock; 0 before the first
     */
    public long worstRunNanos() {
        return (long) WORST_RUN.getOpaque(this);
    }

    /**
     * The latest start after a release, ns.
     *
     * @return the largest delay so far from a release time to the start of its run, in ns
     */
    public long worstLatenessNanos() {
        return (long) WORST_LATENESS.getOpaque(this);
    }

    /**
     * The longest the task's scheduler waited for an ordinary thread's atomic commit before a run, ns.
     *
     * @return the longest lock-out so far, in ns; 0 if no run has waited
     */
    public long worstLockoutNanos() {
        return (long) WORST_LOCKOUT.getOpaque(this);
    }

    /**
     * Atomic methods that committed.
     *
     * @return the count since the task was added, over all calling threads
     */
    public long atomicCommits() {
        return (long) COMMITS.getVolatile(this);
    }

    /**
     * Times an atomic method had to run its body again (or take its copy again) because the task ran meanwhile: the paper's aborts.
     *
     * @return the count since the task was added, over all calling threads
     */
    public long atomicConflicts() {
        return (long) CONFLICTS.getVolatile(this);
    }

    /** From the scheduler's thread. */
    void lockedOut(long nanos) {
        if (nanos > worstLockoutNanos) {
            WORST_LOCKOUT.setOpaque(this, nanos);
        }
    }

    /** From ordinary threads, concurrently: atomic adds. */
    void committedAtomic() {
        long unused = (long) COMMITS.getAndAdd(this, 1L);
    }

    void conflicted() {
        long unused = (long) CONFLICTS.getAndAdd(this, 1L);
    }

    void released(long n, long latenessNanos) {
        RELEASES.setOpaque(this, releases + n);
        if (latenessNanos > worstLatenessNanos) {
            WORST_LATENESS.setOpaque(this, latenessNanos);
        }
    }

    void ran(long runNanos, boolean missed) {
        RUNS.setOpaque(this, runs + 1);
        if (missed) {
            MISSES.setOpaque(this, misses + 1);
        }
        if (runNanos > worstRunNanos) {
            WORST_RUN.setOpaque(this, runNanos);
        }
    }

    void skipped(long n) {
        SKIPPED.setOpaque(this, skipped + n);
    }

    void ranLate() {
        LATE.setOpaque(this, late + 1);
    }

    void aborted(boolean byException) {
        ABORTS.setOpaque(this, aborts + 1);
        if (byException) {
            FAILURES.setOpaque(this, failures + 1);
        }
    }

    @Override
    public String toString() {
        return "releases " + releases() + ", runs " + runs() + ", misses " + misses() + ", skipped " + skipped() + ", late " + late()
                        + ", aborts " + aborts() + " (" + failures() + " by exceptions), worst run " + worstRunNanos() + " ns, worst lateness "
                        + worstLatenessNanos() + " ns, atomic commits " + atomicCommits() + " (" + atomicConflicts() + " conflicts), worst lock-out "
                        + worstLockoutNanos() + " ns";
    }
}
