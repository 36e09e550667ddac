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
 */
public record ClassSet(long w0, long w1, long w2, long w3) {
    public static final ClassSet NONE = new ClassSet(0, 0, 0, 0);
    public static final ClassSet ALL = new ClassSet(-1, -1, -1, -1);

    /** The classes {@code from} to {@code to}. */
    public static ClassSet range(int from, int to) {
        ClassSet s = NONE;
        for (int c = from; c <= to; c++) {
            s = s.with(c);
        }
        return s;
    }

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

    /** Whether class {@code c} (a Water's kind, read unsigned) is in the set. */
    public boolean contains(int c) {
        return (word((c & 0xFF) >>> 6) & 1L << (c & 63)) != 0;
    }

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

    public ClassSet and(ClassSet o) {
        return new ClassSet(w0 & o.w0, w1 & o.w1, w2 & o.w2, w3 & o.w3);
    }

    public ClassSet or(ClassSet o) {
        return new ClassSet(w0 | o.w0, w1 | o.w1, w2 | o.w2, w3 | o.w3);
    }

    public ClassSet complement() {
        return new ClassSet(~w0, ~w1, ~w2, ~w3);
    }

    public boolean isEmpty() {
        return (w0 | w1 | w2 | w3) == 0;
    }

    /** The classes in order. */
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

    /** The set {@link #toString()} wrote. */
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
