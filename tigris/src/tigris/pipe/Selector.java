/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

/**
 * Which classes of Water a pipe forwards (the thesis's Table 3.1): written right after the {@code |}
 * with no space. A Water's class is its {@link tigris.Water#kind() kind}, 0 to 255; a filter says
 * which classes it puts and which of them a plain pipe forwards ({@link FilterClasses}). A selector
 * is checked against those classes when the pipeline is planned.
 */
public sealed interface Selector {
    /** {@code |}: the classes the upstream filter forwards by default (every class but 0 if it sorts Waters, else all). */
    record Default() implements Selector {
        /** Nothing: a plain pipe has no selector. */
        @Override
        public String toString() {
            return "";
        }
    }

    /** {@code |all}: every class. */
    record All() implements Selector {
        /** {@code all}. */
        @Override
        public String toString() {
            return "all";
        }
    }

    /**
     * {@code |3}, {@code |2:5}: the classes {@code from} to {@code to}, both included.
     *
     * @param from the lowest class selected, 0 to 255
     * @param to the highest, {@code from} to 255
     */
    record Range(int from, int to) implements Selector {
        /**
         * Checks the range.
         *
         * @throws IllegalArgumentException if it is not within 0 to 255, low to high
         */
        public Range {
            if (from < 0 || to > 255 || from > to) {
                throw new IllegalArgumentException("class range " + from + ":" + to + " is not within 0 to 255, low to high");
            }
        }

        /** As written: {@code 3} or {@code 2:5}. */
        @Override
        public String toString() {
            return from == to ? Integer.toString(from) : from + ":" + to;
        }
    }

    /**
     * {@code |match}: the class the upstream filter names so.
     *
     * @param name the class's name, as its filter's {@link FilterClasses#names()} give it; a name
     *            none of its classes has is an error when the pipeline is planned
     */
    record Named(String name) implements Selector {
        /** The name. */
        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * {@code |!S}: every class {@code of} does not select; {@code |!} alone inverts the default.
     *
     * @param of the selection inverted: {@link #DEFAULT} for {@code |!} alone
     */
    record Not(Selector of) implements Selector {
        /** As written: {@code !} and the selection it inverts. */
        @Override
        public String toString() {
            return "!" + of;
        }
    }

    /** The selector of a plain {@code |}. */
    Selector DEFAULT = new Default();

    /**
     * The inverse of this selection.
     *
     * @return a {@link Not} of this; the selection itself if this is a {@link Not}, so the inverse
     *         of an inverse is the selection itself
     */
    default Selector inverted() {
        return this instanceof Not n ? n.of() : new Not(this);
    }
}
