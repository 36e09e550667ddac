/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

/** Memory ordering of an access, with the meaning of the same-named {@code VarHandle} modes. */
public enum Order {
    PLAIN, OPAQUE, ACQUIRE, RELEASE, VOLATILE;

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
