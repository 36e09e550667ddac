/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.ArrayList;
import java.util.List;

/**
 * A set of Water classes (0 to 255): what one pipe forwards. Written as ranges ("1-255", "0,3-4",
 * "" for none) in the parameters of the module that routes it, so a route reads its own selection.
 * Immutable: every operation returns a new set.
 *
 * @param w0 classes 0 to 63, class {@code c} at bit {@code c}
 * @param w1 classes 64 to 127, class {@code c} at bit {@code c - 64}
 * @param w2 classes 128 to 191, class {@code c} at bit {@code c - 128}
 * @param w3 classes 192 to 255, class {@code c} at bit {@code c - 192}
 */
public record ClassSet(long w0, long w1, long w2, long w3) {
    /** No class: what a pipe that forwards nothing would take. */
    public static final ClassSet NONE = new ClassSet(0, 0, 0, 0);
    /** Every class, 0 to 255: {@code |all}. */
    public static final ClassSet ALL = new ClassSet(-1, -1, -1, -1);

    /**
     * The classes {@code from} to {@code to}, both included.
     *
     * @param from the lowest class, 0 to 255
     * @param to the highest class, 0 to 255; below {@code from}, the set is empty
     * @return the set of those classes
     * @throws IllegalArgumentException if a class in the range is outside 0 to 255
     */
    public static ClassSet range(int from, int to) {
        ClassSet s = NONE;
        for (int c = from; c <= to; c++) {
            s = s.with(c);
        }
        return s;
    }

    /**
     * The classes listed.
     *
     * @param classes each a class, 0 to 255; repeats count once, none gives {@link #NONE}
     * @return the set of those classes
     * @throws IllegalArgumentException if a class is outside 0 to 255
     */
    public static ClassSet of(int... classes) {
        ClassSet s = NONE;
        for (int c : classes) {
            s = s.with(c);
        }
        return s;
    }

    private long word(int i) {
        return switch (i) {
            case 0 -> w0;
            case 1 -> w1;
            case 2 -> w2;
            default -> w3;
        };
    }

    /**
     * Whether class {@code c} is in the set.
     *
     * @param c the class; only its low 8 bits count, so a Water's {@code kind} byte can be passed
     *            as it is (read unsigned)
     * @return true if the set holds the class
     */
    public boolean contains(int c) {
        return (word((c & 0xFF) >>> 6) & 1L << (c & 63)) != 0;
    }

    /**
     * This set and class {@code c}.
     *
     * @param c the class to add, 0 to 255
     * @return a new set; this one is unchanged
     * @throws IllegalArgumentException if {@code c} is outside 0 to 255
     */
    public ClassSet with(int c) {
        if (c < 0 || c > 255) {
            throw new IllegalArgumentException("class " + c + " is not within 0 to 255");
        }
        long bit = 1L << (c & 63);
        return switch (c >>> 6) {
            case 0 -> new ClassSet(w0 | bit, w1, w2, w3);
            case 1 -> new ClassSet(w0, w1 | bit, w2, w3);
            case 2 -> new ClassSet(w0, w1, w2 | bit, w3);
            default -> new ClassSet(w0, w1, w2, w3 | bit);
        };
    }

    /**
     * The intersection of this set and {@code o}.
     *
     * @param o the other set, not null
     * @return the classes both hold
     */
    public ClassSet and(ClassSet o) {
        return new ClassSet(w0 & o.w0, w1 & o.w1, w2 & o.w2, w3 & o.w3);
    }

    /**
     * The union of this set and {@code o}.
     *
     * @param o the other set, not null
     * @return the classes either holds
     */
    public ClassSet or(ClassSet o) {
        return new ClassSet(w0 | o.w0, w1 | o.w1, w2 | o.w2, w3 | o.w3);
    }

    /**
     * The classes of 0 to 255 this set does not hold: what {@code |!} selects of a selection.
     *
     * @return the complement within 0 to 255
     */
    public ClassSet complement() {
        return new ClassSet(~w0, ~w1, ~w2, ~w3);
    }

    /**
     * Whether the set holds no class: a pipe with it would forward nothing.
     *
     * @return true if it is {@link #NONE}
     */
    public boolean isEmpty() {
        return (w0 | w1 | w2 | w3) == 0;
    }

    /**
     * The classes, lowest first.
     *
     * @return a new, modifiable list of the classes, 0 to 255 each
     */
    public List<Integer> classes() {
        List<Integer> out = new ArrayList<>();
        for (int c = 0; c < 256; c++) {
            if (contains(c)) {
                out.add(c);
            }
        }
        return out;
    }

    /** As ranges: "1-255", "0,3-4"; "" for none. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        for (int c = 0; c < 256; c++) {
            if (!contains(c)) {
                continue;
            }
            int end = c;
            while (end < 255 && contains(end + 1)) {
                end++;
            }
            s.append(s.isEmpty() ? "" : ",").append(c);
            if (end > c) {
                s.append('-').append(end);
            }
            c = end;
        }
        return s.toString();
    }

    /**
     * The set {@link #toString()} wrote: ranges {@code from-to} and single classes, separated by
     * commas, blanks around each ignored.
     *
     * @param text the ranges ({@code "1-255"}, {@code "0,3-4"}); blank for none
     * @return the set of the classes written
     * @throws IllegalArgumentException naming the part that is not a class or a range of classes
     *             within 0 to 255
     */
    public static ClassSet parse(String text) {
        ClassSet s = NONE;
        if (text.isBlank()) {
            return s;
        }
        for (String part : text.split(",")) {
            int dash = part.indexOf('-');
            try {
                int from = Integer.parseInt(part.substring(0, dash < 0 ? part.length() : dash).trim());
                int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1).trim());
                if (from < 0 || to > 255 || from > to) {
                    throw new IllegalArgumentException("classes '" + text + "': " + part + " is not a range within 0 to 255");
                }
                s = s.or(range(from, to));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("classes '" + text + "': " + part + " is not a class or a range of classes");
            }
        }
        return s;
    }
}
