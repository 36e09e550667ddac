/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

/** A filter's argument it cannot take: which one (its index; -1 for the call as a whole, a missing argument) and why. */
public final class FilterArgumentException extends Exception {

    private static final long serialVersionUID = 1L;
    /** The index of the argument at fault in the call's arguments, or -1 for the call as a whole. */
    private final int argument;

    /**
     * The argument {@code argument} is wrong, for {@code problem}; the plan shows the caret under
     * that argument and the filter's usage after the message.
     *
     * @param argument the index of the argument at fault in the list {@link FilterDefinition#bind}
     *            was given, or -1 if it is the call as a whole (an argument is missing)
     * @param problem why, in words, without the filter's name
     *            ({@code "the number of lines 'abc' is not a whole number"})
     */
    public FilterArgumentException(int argument, String problem) {
        super(problem);
        this.argument = argument;
    }

    /**
     * The argument at fault.
     *
     * @return its index in the call's arguments, or -1 if it is the call as a whole
     */
    public int argument() {
        return argument;
    }
}
