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
    /**
     * Where the node begins in the expression.
     *
     * @return the offset of its first character, 0-based
     */
    int offset();

    /**
     * One word of a filter's arguments: {@code key=value} (the key unquoted) or a positional word.
     *
     * @param key the key before the first unquoted {@code =}, a letter then letters, digits,
     *            {@code _ . -}; null for a positional word
     * @param value what follows the {@code =}, or the whole word if positional; quotes removed
     * @param offset where the word begins in the expression, 0-based: where an error about it points
     */
    record Argument(String key, String value, int offset) {
        /**
         * Whether it is {@code key=value}.
         *
         * @return true if it has a key
         */
        public boolean named() {
            return key != null;
        }

        /**
         * The word as written, quotes removed.
         *
         * @return {@code key=value}, or the positional word
         */
        public String text() {
            return key == null ? value : key + "=" + value;
        }
    }

    /**
     * A filter and its arguments: {@code grep -v DEBUG}, {@code file in=log.txt}.
     *
     * @param name the filter's name, or a program's (a path if it has a '/')
     * @param arguments its arguments in the order written; copied, unmodifiable
     * @param offset where its name begins, 0-based
     */
    record Filter(String name, List<Argument> arguments, int offset) implements PipelineExpression {
        /** Copies {@code arguments}. */
        public Filter {
            arguments = List.copyOf(arguments);
        }

        /** As the language writes it: the name and each argument, quoted where needed. */
        @Override
        public String toString() {
            StringBuilder s = new StringBuilder(name);
            arguments.forEach(a -> s.append(' ').append(quoteIfNeeded(a.text())));
            return s.toString();
        }
    }

    /**
     * {@code upstream |S downstream}: the Waters of the classes {@code S} selects, of every filter
     * that ends {@code upstream}, go to every filter that begins {@code downstream}.
     *
     * @param upstream the expression before the {@code |}
     * @param selector what the pipe forwards; {@link Selector#DEFAULT} for a plain {@code |}
     * @param selectorOffset where the selector is written: just after the {@code |}, 0-based
     * @param downstream the expression after it
     * @param offset where {@code upstream} begins, 0-based
     */
    record Piped(PipelineExpression upstream, Selector selector, int selectorOffset, PipelineExpression downstream, int offset)
                    implements PipelineExpression {
        /** As the language writes it: {@code a |S b}. */
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

        /**
         * How the join is written.
         *
         * @return {@code +}, {@code *} or {@code &}
         */
        public String symbol() {
            return symbol;
        }
    }

    /**
     * {@code a + b + c}, {@code a * b}, {@code a & b}: one kind of join.
     *
     * @param join how the branches are joined
     * @param branches the branches, two or more, in the order written; copied, unmodifiable
     * @param offset where the first branch begins, 0-based
     */
    record Parallel(Join join, List<PipelineExpression> branches, int offset) implements PipelineExpression {
        /** Copies {@code branches}. */
        public Parallel {
            branches = List.copyOf(branches);
        }

        /** As the language writes it, in parentheses: {@code (a + b)}. */
        @Override
        public String toString() {
            StringBuilder s = new StringBuilder("(");
            for (int i = 0; i < branches.size(); i++) {
                s.append(i == 0 ? "" : " " + join.symbol() + " ").append(branches.get(i));
            }
            return s.append(')').toString();
        }
    }

    /**
     * {@code !a}: what {@code a} rejects (its pipe's selection inverted: {@code !a | b} is {@code a |! b}).
     *
     * @param of the expression whose output is inverted
     * @param offset where the {@code !} is, 0-based
     */
    record Not(PipelineExpression of, int offset) implements PipelineExpression {
        /** As the language writes it: {@code !a}. */
        @Override
        public String toString() {
            return "!" + of;
        }
    }

    /**
     * {@code (expression @hint,hint)}: hints for every filter of the expression.
     *
     * @param of the expression the hints close
     * @param hints the hints, in the order written; copied, unmodifiable
     * @param hintsOffset where the {@code @} is, 0-based: where an unmet hint is shown
     * @param offset where {@code of} begins, 0-based
     */
    record Hinted(PipelineExpression of, List<Hint> hints, int hintsOffset, int offset) implements PipelineExpression {
        /** Copies {@code hints}. */
        public Hinted {
            hints = List.copyOf(hints);
        }

        /** As the language writes it, in parentheses: {@code (a @h1,h2)}. */
        @Override
        public String toString() {
            return "(" + of + " @" + String.join(",", hints.stream().map(Hint::toString).toList()) + ")";
        }
    }

    /**
     * {@code text} quoted for the pipeline language if it holds anything a word cannot: blanks,
     * {@code | ( ) &}, quotes or backslashes, or if it is empty, {@code +} or {@code *} alone, or
     * begins with {@code !} or {@code @}.
     *
     * @param text a word, as a filter takes it
     * @return {@code text} itself, or in single quotes (a {@code '} in it written {@code '''}) as a
     *         shell quotes it
     */
    static String quoteIfNeeded(String text) {
        if (!text.isEmpty() && text.chars().noneMatch(c -> Character.isWhitespace(c) || "|()&'\"\\".indexOf(c) >= 0) && !text.equals("+")
                        && !text.equals("*") && !text.startsWith("!") && !text.startsWith("@")) {
            return text;
        }
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
