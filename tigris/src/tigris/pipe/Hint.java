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
 * the expression they close; of two hints of one kind on a filter, the innermost wins.
 *
 * @param key which hint
 * @param value its value as written after {@code =} (a node's name, a transport, a size); null for
 *            a hint that takes none
 */
public record Hint(Key key, String value) {
    /** The hints a pipeline understands. */
    public enum Key {
        /** Maximise throughput (the default goal). */
        THROUGHPUT(false),
        /**
         * Minimise latency: Waters of {@link PipelinePlan#LATENCY_WATER} bytes at most, so a record
         * waits for fewer others ({@code water=} still wins); windows are unchanged.
         */
        LATENCY(false),
        /** Run every filter of the expression in one JVM, whichever the planner chooses. */
        SINGLE(false),
        /** Run on a host of its own: no other part of the pipeline beside it. */
        PRIVATE(false),
        /**
         * Soft real-time scheduling: the filters' threads run at nice -10
         * ({@link tigris.Scheduling#REALTIME}; it needs {@code CAP_SYS_NICE}, else they keep their
         * process's priority).
         */
        REALTIME(false),
        /** Hard real-time scheduling: no JVM gives it; the plan refuses it. */
        HREALTIME(false),
        /** Low scheduling priority: the filters' threads run at nice 10 ({@link tigris.Scheduling#BACKGROUND}). */
        BACKGROUND(false),
        /** A quiet part of the graph: the planner counts its filters' own work a quarter. */
        QUIET(false),
        /** A hot spot: the planner counts its filters' own work four times. */
        BUSY(false),
        /** Run on this node (a name given to {@code tigris pipe --node}). */
        NODE(true),
        /**
         * Join the expression's filters by this transport: every pipe between two of them is
         * memory, shm, tcp or verbs ({@code file} is accepted, but the planner puts no pipe on
         * files, so it cannot be met where it joins two filters).
         */
        TRANSPORT(true),
        /** Waters of this many bytes on the pipes out of the filters: 64 bytes to 64 MiB, with k and m suffixes. */
        WATER(true),
        /** At most this many Waters in flight on each pipe out of the filters: 1 to 4096. */
        WINDOW(true);

        private final boolean takesValue;

        Key(boolean takesValue) {
            this.takesValue = takesValue;
        }

        /**
         * Whether it is written {@code key=value}.
         *
         * @return true for {@code node}, {@code transport}, {@code water} and {@code window}
         */
        public boolean takesValue() {
            return takesValue;
        }

        /**
         * How it is written after {@code @}.
         *
         * @return its name in lower case: {@code throughput}, {@code node}
         */
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

    /** As written: {@code latency}, {@code node=h2}. */
    @Override
    public String toString() {
        return value == null ? key.word() : key.word() + "=" + value;
    }
}
