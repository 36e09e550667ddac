/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

/**
 * A pipeline expression that does not parse, or names what cannot be: the problem, and the column
 * (1-based) where it is, shown as the expression with a caret under that column.
 */
public final class PipelineSyntaxException extends Exception {

    private static final long serialVersionUID = 1L;
    /** The pipeline as written, shown above the caret. */
    private final String expression;
    /** Where the problem is, 1-based. */
    private final int column;
    /** What is wrong, without the column. */
    private final String problem;

    /**
     * The problem {@code problem} at {@code offset} of {@code expression}; the message is
     * {@code column N: problem}.
     *
     * @param expression the whole pipeline as written, not null
     * @param offset where the problem is, 0-based, in {@code expression}
     * @param problem what is wrong, in words
     */
    public PipelineSyntaxException(String expression, int offset, String problem) {
        super("column " + (offset + 1) + ": " + problem);
        this.expression = expression;
        this.column = offset + 1;
        this.problem = problem;
    }

    /**
     * Where the problem is.
     *
     * @return the column, 1-based: the offset given plus 1
     */
    public int column() {
        return column;
    }

    /**
     * What is wrong, without the column.
     *
     * @return the problem as given
     */
    public String problem() {
        return problem;
    }

    /**
     * The message, then the expression with a caret under the column, each line indented by
     * {@code indent}: what {@code tigris pipe} prints.
     *
     * @param indent what goes before the expression and the caret lines ({@code "  "}); the message
     *            line is not indented
     * @return three lines, joined by newlines, the last without one; newlines in the expression
     *         shown as spaces
     */
    public String withCaret(String indent) {
        // Tabs stay tabs under the caret so that it lines up whatever the terminal's tab width.
        StringBuilder pad = new StringBuilder();
        for (int i = 0; i < column - 1 && i < expression.length(); i++) {
            pad.append(expression.charAt(i) == '\t' ? '\t' : ' ');
        }
        return getMessage() + "\n" + indent + expression.replace('\n', ' ') + "\n" + indent + pad + "^";
    }
}
