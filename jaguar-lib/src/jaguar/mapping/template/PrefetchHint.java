/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

/** Cache hint of a prefetch: x86 {@code prefetcht0/t1/t2/nta} and {@code prefetchw}. */
public enum PrefetchHint {
    /** {@code t0}: {@code prefetcht0}, into every cache level; the default. */
    T0,
    /** {@code t1}: {@code prefetcht1}, into level 2 and beyond. */
    T1,
    /** {@code t2}: {@code prefetcht2}, into level 3 and beyond. */
    T2,
    /** {@code nta}: {@code prefetchnta}, non-temporal, keeping cache pollution low. */
    NTA,
    /** {@code w}: {@code prefetchw}, in anticipation of a write (the line fetched exclusive). */
    W;

    static PrefetchHint parse(String s) {
        for (PrefetchHint h : values()) {
            if (h.name().equalsIgnoreCase(s)) {
                return h;
            }
        }
        return null;
    }
}
