/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

/**
 * A report that is a line of text, for reading by people: what a module without a report type of
 * its own returns, and what a report of a class the agent may not load becomes before it leaves
 * the node.
 *
 * @param text the report's text, shown as it is; never null, empty for a module that says nothing
 */
public record TextReport(String text) implements Report {
    /** The report of a module that says nothing of itself. */
    public static final TextReport EMPTY = new TextReport("");

    /**
     * Makes a report of {@code text}.
     *
     * @throws NullPointerException if {@code text} is null
     */
    public TextReport {
        java.util.Objects.requireNonNull(text, "text");
    }

    /** {@return the report's text, without decoration} */
    @Override
    public String toString() {
        return text;
    }
}
