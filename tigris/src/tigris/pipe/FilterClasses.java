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
 * @param names each class it puts (0 to 255), with the name a selector calls it by
 *            ({@code |match}); copied, in its order, and unmodifiable afterwards
 * @param sorts whether it sorts its Waters: then class 0 is what it rejects, which a plain pipe
 *            does not forward
 */
public record FilterClasses(Map<Integer, String> names, boolean sorts) {
    /** A filter that sorts nothing: every Water in class 0, named {@code data}. */
    public static final FilterClasses NONE = new FilterClasses(Map.of(0, "data"), false);

    /**
     * Copies {@code names}.
     *
     * @throws IllegalArgumentException if it sorts but puts nothing in class 0
     */
    public FilterClasses {
        names = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(names));
        if (sorts && !names.containsKey(0)) {
            throw new IllegalArgumentException("a filter that sorts its Waters rejects some into class 0");
        }
    }

    /**
     * A filter that passes Waters in class 1 and rejects the others into class 0, as grep does.
     *
     * @param passed the name of class 1, what it passes ({@code match})
     * @param rejected the name of class 0, what it rejects ({@code other})
     * @return classes that sort into those two
     */
    public static FilterClasses passOrReject(String passed, String rejected) {
        Map<Integer, String> m = new LinkedHashMap<>();
        m.put(1, passed);
        m.put(0, rejected);
        return new FilterClasses(m, true);
    }

    /**
     * Every class it puts.
     *
     * @return the classes of {@link #names}
     */
    public ClassSet put() {
        ClassSet s = ClassSet.NONE;
        for (int c : names.keySet()) {
            s = s.with(c);
        }
        return s;
    }

    /**
     * What a plain pipe after it forwards.
     *
     * @return every class but 0 (1 to 255) if it sorts, else every class
     */
    public ClassSet byDefault() {
        return sorts ? ClassSet.range(1, 255) : ClassSet.ALL;
    }

    /**
     * The class a selector names ({@code |match}).
     *
     * @param name the class's name, as in {@link #names}
     * @return the class named {@code name}, or -1 if none is
     */
    public int named(String name) {
        for (var e : names.entrySet()) {
            if (e.getValue().equals(name)) {
                return e.getKey();
            }
        }
        return -1;
    }

    /**
     * How an error lists the classes: each with its name, lowest first.
     *
     * @return {@code "0 (other), 1 (match)"}, say
     */
    public String described() {
        return names.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> e.getKey() + " (" + e.getValue() + ")")
                        .collect(Collectors.joining(", "));
    }
}
