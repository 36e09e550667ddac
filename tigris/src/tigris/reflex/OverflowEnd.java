/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reflex;

import java.util.Objects;

import tigris.EndStatus;
import tigris.Parker;
import tigris.ProducerEnd;
import tigris.Spring;
import tigris.Water;
import tigris.graph.OverflowPolicy;

/**
 * The downstream end a time-critical stage hands its module: a producer's end that never waits.
 * A put the real end has credit for goes through (after the Waters held before it); one it has
 * none for is an overrun, and the stage's {@link OverflowPolicy} applies: DROP_NEWEST releases
 * the Water, KEEP_NEWEST holds it in a ring of {@code keep}, releasing the oldest held one to make
 * room. Held Waters go out first, in order, as credit comes back ({@link #drainHeld()}: at every
 * put and at the start of every run). The stage's scheduler thread is its only user; it allocates
 * nothing.
 */
final class OverflowEnd implements ProducerEnd {
    private final ProducerEnd real;
    private final OverflowPolicy policy;
    private final StageCounters counters;
    /** KEEP_NEWEST's held Waters, oldest at {@code first}; empty for DROP_NEWEST. */
    private final Water[] held;
    private int first;
    private int count;

    OverflowEnd(ProducerEnd real, OverflowPolicy policy, int keep, StageCounters counters) {
        this.real = Objects.requireNonNull(real, "end");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.counters = counters;
        this.held = new Water[policy == OverflowPolicy.KEEP_NEWEST ? keep : 0];
    }

    @Override
    public String name() {
        return real.name();
    }

    @Override
    public int window() {
        return real.window();
    }

    @Override
    public Spring spring() {
        return real.spring();
    }

    /** Puts that would go through now: the real end's credits less the Waters held for them. */
    @Override
    public int credits() {
        return Math.max(0, real.credits() - count);
    }

    /** Never waits: an overrun is handled by the policy (see the class comment). */
    @Override
    public void put(Water w) throws InterruptedException {
        Objects.requireNonNull(w, "water");
        drainHeld();
        if (count == 0 && real.credits() > 0) {
            real.put(w);   // a credit is there: the put takes it and does not wait
            counters.putOut();
            return;
        }
        counters.overran();
        if (policy == OverflowPolicy.DROP_NEWEST) {
            w.release();
            counters.dropped(1);
            return;
        }
        if (count == held.length) {
            Water oldest = held[first];
            held[first] = null;
            first = next(first);
            count--;
            oldest.release();
            counters.dropped(1);
        }
        held[(first + count) % held.length] = w;
        count++;
        counters.holding(count);
    }

    /** Puts held Waters, oldest first, while the real end has credit. */
    void drainHeld() throws InterruptedException {
        if (count == 0) {
            return;
        }
        while (count > 0 && real.credits() > 0) {
            Water w = held[first];
            held[first] = null;
            first = next(first);
            count--;
            real.put(w);
            counters.putOut();
        }
        counters.holding(count);
    }

    /** Whether {@code w} is one of the held Waters: put, as far as the module knows, and not the stage's to release. */
    boolean holds(Water w) {
        for (int i = 0; i < count; i++) {
            if (held[(first + i) % held.length] == w) {
                return true;
            }
        }
        return false;
    }

    /** Waters held now. */
    int heldCount() {
        return count;
    }

    /** The real end's credits now. */
    int realCredits() {
        return real.credits();
    }

    /** Releases every held Water (counted dropped): the stage stopped or failed, and they will not go. */
    void releaseHeld() {
        int n = count;
        while (count > 0) {
            held[first].release();
            held[first] = null;
            first = next(first);
            count--;
        }
        counters.dropped(n);
        counters.holding(0);
    }

    private int next(int i) {
        return i + 1 == held.length ? 0 : i + 1;
    }

    @Override
    public void flush() {
        real.flush();
    }

    /**
     * The module ends the river through this reservoir itself: End of River may not wait, so held
     * Waters the real end has no credit for now are released (counted dropped), then it ends.
     */
    @Override
    public void endOfRiver() throws InterruptedException {
        drainHeld();
        releaseHeld();
        real.endOfRiver();
    }

    /** The module ends the reservoir with a failure: held Waters are released (counted dropped), and the failure goes. */
    @Override
    public void endWithFailure(String cause) {
        releaseHeld();
        real.endWithFailure(cause);
    }

    @Override
    public EndStatus status() {
        return real.status();
    }

    /** Refused: the stage attached its scheduler's Parker, which never waits; another would make a put wait. */
    @Override
    public void attachProducer(Parker p) {
        throw new IllegalStateException("reservoir " + name() + ": a time-critical stage's end keeps its Reflex scheduler's Parker, which never waits");
    }

    /** Releases the held Waters (counted dropped); the real end is its site's to close. */
    @Override
    public void close() {
        releaseHeld();
    }

    @Override
    public String toString() {
        return "OverflowEnd[" + real.name() + ", " + policy + ", " + count + " held]";
    }
}
