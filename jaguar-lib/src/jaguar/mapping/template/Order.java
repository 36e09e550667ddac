/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

/** Memory ordering of an access, with the meaning of the same-named {@code VarHandle} modes. */
public enum Order {
    /** {@code plain}: an ordinary access the optimiser may reorder, merge or drop; the default of loads and stores. */
    PLAIN,
    /** {@code opaque}: atomic and coherent, never merged or dropped, but ordered against no other access. */
    OPAQUE,
    /** {@code acquire}: later accesses stay after it; loads and atomics only. */
    ACQUIRE,
    /** {@code release}: earlier accesses stay before it; stores and atomics only. */
    RELEASE,
    /**
     * {@code volatile}: sequentially consistent; the default of {@code cas} and {@code cmpxchg},
     * and the only order of {@code getadd} and {@code getset}.
     */
    VOLATILE;

    static Order parse(String s) {
        for (Order o : values()) {
            if (o.name().equalsIgnoreCase(s)) {
                return o;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
