/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.Arrays;
import java.util.Locale;

/**
 * An optimisation hint after {@code @} (the thesis's Table 3.3, and the choices a planner makes):
 * {@code @throughput}, {@code @node=h2}, {@code @transport=shm}. Hints apply to every filter of
 * the expression they close.
 *
 * @param value null for a hint that takes none
 */
public record Hint(Key key, String value) {
    /** The hints a pipeline understands. */
    public enum Key {
        /** Maximise throughput (the default goal). */
        THROUGHPUT(false),
        /** Minimise latency: small Waters, short windows. */
        LATENCY(false),
        /** Run in a single JVM. */
        SINGLE(false),
        /** Run on a host of its own: no other part of the pipeline beside it. */
        PRIVATE(false),
        /** Soft real-time scheduling. */
        REALTIME(false),
        /** Hard real-time scheduling: no JVM gives it; refused. */
        HREALTIME(false),
        /** Lowest scheduling priority. */
        BACKGROUND(false),
        /** A quiet part of the graph: little CPU. */
        QUIET(false),
        /** A hot spot: much CPU. */
        BUSY(false),
        /** Run on this node (a name given to {@code tigris pipe --node}). */
        NODE(true),
        /** Join the expression's filters by this transport: memory, shm, tcp or verbs. */
        TRANSPORT(true),
        /** Waters of this many bytes (k and m suffixes). */
        WATER(true),
        /** At most this many Waters in flight on each edge. */
        WINDOW(true);

        private final boolean takesValue;

        Key(boolean takesValue) {
            this.takesValue = takesValue;
        }

        public boolean takesValue() {
            return takesValue;
        }

        /** How it is written. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The key written {@code word}, or null. */
        static Key of(String word) {
            for (Key k : values()) {
                if (k.word().equals(word)) {
                    return k;
                }
            }
            return null;
        }

        static String known() {
            return String.join(", ", Arrays.stream(values()).map(k -> k.word() + (k.takesValue ? "=..." : "")).toList());
        }
    }

    @Override
    public String toString() {
        return value == null ? key.word() : key.word() + "=" + value;
    }
}
