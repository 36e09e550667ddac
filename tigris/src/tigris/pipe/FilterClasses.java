/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The classes a filter puts its Waters in, their names, and which of them a plain pipe forwards.
 * As in Streamline, a filter that sorts its Waters puts those it passes in a class above 0 and
 * those it rejects in class 0, which a plain pipe drops and {@code |!} selects; a filter that
 * sorts nothing (every module written for rivers, a Unix process) puts all its Waters in class 0
 * ({@link tigris.Water#DATA}), and a plain pipe forwards them all.
 *
 * @param names each class it puts, with its name
 */
public record FilterClasses(Map<Integer, String> names, boolean sorts) {
    /** A filter that sorts nothing. */
    public static final FilterClasses NONE = new FilterClasses(Map.of(0, "data"), false);

    public FilterClasses {
        names = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(names));
        if (sorts && !names.containsKey(0)) {
            throw new IllegalArgumentException("a filter that sorts its Waters rejects some into class 0");
        }
    }

    /** A filter that passes Waters in class 1 ({@code passed}) and rejects the others into class 0 ({@code rejected}). */
    public static FilterClasses passOrReject(String passed, String rejected) {
        Map<Integer, String> m = new LinkedHashMap<>();
        m.put(1, passed);
        m.put(0, rejected);
        return new FilterClasses(m, true);
    }

    /** Every class it puts. */
    public ClassSet put() {
        ClassSet s = ClassSet.NONE;
        for (int c : names.keySet()) {
            s = s.with(c);
        }
        return s;
    }

    /** What a plain pipe after it forwards: every class but 0 if it sorts, else all. */
    public ClassSet byDefault() {
        return sorts ? ClassSet.range(1, 255) : ClassSet.ALL;
    }

    /** The class named {@code name}, or -1. */
    public int named(String name) {
        for (var e : names.entrySet()) {
            if (e.getValue().equals(name)) {
                return e.getKey();
            }
        }
        return -1;
    }

    /** "0 (rejected), 1 (match)": how an error lists them. */
    public String described() {
        return names.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> e.getKey() + " (" + e.getValue() + ")")
                        .collect(Collectors.joining(", "));
    }
}
