/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

/** A report that is a line of text, for reading by people. */
public record TextReport(String text) implements Report {
    /** The report of a module that says nothing of itself. */
    public static final TextReport EMPTY = new TextReport("");

    public TextReport {
        java.util.Objects.requireNonNull(text, "text");
    }

    @Override
    public String toString() {
        return text;
    }
}
