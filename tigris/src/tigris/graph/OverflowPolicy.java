/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

/**
 * What a time-critical stage ({@link TimeCritical}) does with a Water its module puts when the
 * downstream reservoir has no credit. The stage never waits for one: the put is an overrun,
 * counted, and this policy decides which Water is lost.
 */
public enum OverflowPolicy {
    /** The Water being put is released (counted dropped): what went downstream is what fitted, in order. */
    DROP_NEWEST,
    /**
     * The stage holds the Water, up to {@link TimeCritical#keep()} of them, releasing the oldest
     * held one (counted dropped) to make room; held Waters go downstream first, in order, as credit
     * comes back, and before End of River: the newest Waters always get through.
     */
    KEEP_NEWEST
}
