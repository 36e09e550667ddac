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
    private final String expression;
    private final int column;
    private final String problem;

    /** @param offset where the problem is, 0-based, in {@code expression} */
    public PipelineSyntaxException(String expression, int offset, String problem) {
        super("column " + (offset + 1) + ": " + problem);
        this.expression = expression;
        this.column = offset + 1;
        this.problem = problem;
    }

    /** The column (1-based) of the problem. */
    public int column() {
        return column;
    }

    /** What is wrong, without the column. */
    public String problem() {
        return problem;
    }

    /**
     * The message, then the expression with a caret under the column, each line indented by
     * {@code indent}: what {@code tigris pipe} prints.
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
