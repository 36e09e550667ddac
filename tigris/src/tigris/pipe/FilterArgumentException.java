/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

/** A filter's argument it cannot take: which one (its index; -1 for the call as a whole, a missing argument) and why. */
public final class FilterArgumentException extends Exception {

    private static final long serialVersionUID = 1L;
    private final int argument;

    public FilterArgumentException(int argument, String problem) {
        super(problem);
        this.argument = argument;
    }

    /** The index of the argument at fault, or -1 if it is the call as a whole. */
    public int argument() {
        return argument;
    }
}
