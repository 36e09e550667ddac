/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

/**
 * Which classes of Water a pipe forwards (the thesis's Table 3.1): written right after the {@code |}
 * with no space. A Water's class is its {@link tigris.Water#kind() kind}, 0 to 255; a filter says
 * which classes it puts and which of them a plain pipe forwards ({@link FilterClasses}).
 */
public sealed interface Selector {
    /** {@code |}: the classes the upstream filter forwards by default (every class but 0 if it sorts Waters, else all). */
    record Default() implements Selector {
        @Override
        public String toString() {
            return "";
        }
    }

    /** {@code |all}: every class. */
    record All() implements Selector {
        @Override
        public String toString() {
            return "all";
        }
    }

    /** {@code |3}, {@code |2:5}: the classes {@code from} to {@code to}, both included. */
    record Range(int from, int to) implements Selector {
        public Range {
            if (from < 0 || to > 255 || from > to) {
                throw new IllegalArgumentException("class range " + from + ":" + to + " is not within 0 to 255, low to high");
            }
        }

        @Override
        public String toString() {
            return from == to ? Integer.toString(from) : from + ":" + to;
        }
    }

    /** {@code |match}: the class the upstream filter names so. */
    record Named(String name) implements Selector {
        @Override
        public String toString() {
            return name;
        }
    }

    /** {@code |!S}: every class {@code of} does not select; {@code |!} alone inverts the default. */
    record Not(Selector of) implements Selector {
        @Override
        public String toString() {
            return "!" + of;
        }
    }

    Selector DEFAULT = new Default();

    /** The inverse of this selection; the inverse of an inverse is the selection itself. */
    default Selector inverted() {
        return this instanceof Not n ? n.of() : new Not(this);
    }
}
