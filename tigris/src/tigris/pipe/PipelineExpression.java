/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.List;

/**
 * A parsed pipeline (the thesis's Table 3.1), as a tree. Every node keeps the offset in the
 * expression it was written at, so that what is found wrong later (a filter that does not exist,
 * a selector no class of its filter fits) is shown with a caret where it was written.
 */
public sealed interface PipelineExpression {
    /** Where the node begins in the expression, 0-based. */
    int offset();

    /** One word of a filter's arguments: {@code key=value} (the key unquoted) or a positional word. */
    record Argument(String key, String value, int offset) {
        /** Whether it is {@code key=value}. */
        public boolean named() {
            return key != null;
        }

        /** As written, quotes removed. */
        public String text() {
            return key == null ? value : key + "=" + value;
        }
    }

    /** A filter and its arguments: {@code grep -v DEBUG}, {@code file in=log.txt}. */
    record Filter(String name, List<Argument> arguments, int offset) implements PipelineExpression {
        public Filter {
            arguments = List.copyOf(arguments);
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder(name);
            arguments.forEach(a -> s.append(' ').append(quoteIfNeeded(a.text())));
            return s.toString();
        }
    }

    /** {@code upstream |S downstream}. */
    record Piped(PipelineExpression upstream, Selector selector, int selectorOffset, PipelineExpression downstream, int offset)
                    implements PipelineExpression {
        @Override
        public String toString() {
            return upstream + " |" + selector + " " + downstream;
        }
    }

    /** How the branches of a parallel expression are joined. */
    enum Join {
        /** {@code +}: every branch gets the same Waters; their outputs are merged, duplicates kept. */
        PLUS("+"),
        /** {@code *}: the union: a record that any branch passes is passed, once for each time the branch that passed it most passed it. */
        OR("*"),
        /** {@code &}: the intersection: a record is passed as often as the branch that passed it least passed it. */
        AND("&");

        private final String symbol;

        Join(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    /** {@code a + b + c}, {@code a * b}, {@code a & b}: one kind of join. */
    record Parallel(Join join, List<PipelineExpression> branches, int offset) implements PipelineExpression {
        public Parallel {
            branches = List.copyOf(branches);
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder("(");
            for (int i = 0; i < branches.size(); i++) {
                s.append(i == 0 ? "" : " " + join.symbol() + " ").append(branches.get(i));
            }
            return s.append(')').toString();
        }
    }

    /** {@code !a}: what {@code a} rejects (its pipe's selection inverted: {@code !a | b} is {@code a |! b}). */
    record Not(PipelineExpression of, int offset) implements PipelineExpression {
        @Override
        public String toString() {
            return "!" + of;
        }
    }

    /** {@code (expression @hint,hint)}: hints for every filter of the expression. */
    record Hinted(PipelineExpression of, List<Hint> hints, int hintsOffset, int offset) implements PipelineExpression {
        public Hinted {
            hints = List.copyOf(hints);
        }

        @Override
        public String toString() {
            return "(" + of + " @" + String.join(",", hints.stream().map(Hint::toString).toList()) + ")";
        }
    }

    /** {@code text} quoted for the pipeline language if it holds anything a word cannot. */
    static String quoteIfNeeded(String text) {
        if (!text.isEmpty() && text.chars().noneMatch(c -> Character.isWhitespace(c) || "|()&'\"\\".indexOf(c) >= 0) && !text.equals("+")
                        && !text.equals("*") && !text.startsWith("!") && !text.startsWith("@")) {
            return text;
        }
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
