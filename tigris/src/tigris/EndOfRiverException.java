/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

/** Thrown by {@link ModuleIF#doOperation} to say that this module has nothing more to produce. */
public class EndOfRiverException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Makes the exception with the message "End of River". */
    public EndOfRiverException() {
        super("End of River", null, false, false);
    }

    /**
     * Makes the exception with a message of the module's own.
     *
     * @param why why the module has nothing more to produce, for people reading a trace; may be null
     */
    public EndOfRiverException(String why) {
        super(why, null, false, false);
    }
}
