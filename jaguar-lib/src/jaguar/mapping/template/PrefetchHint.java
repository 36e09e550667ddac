/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

/** Cache hint of a prefetch: x86 {@code prefetcht0/t1/t2/nta} and {@code prefetchw}. */
public enum PrefetchHint {
    T0, T1, T2, NTA, W;

    static PrefetchHint parse(String s) {
        for (PrefetchHint h : values()) {
            if (h.name().equalsIgnoreCase(s)) {
                return h;
            }
        }
        return null;
    }
}
