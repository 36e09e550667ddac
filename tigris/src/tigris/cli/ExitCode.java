/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

/** What a {@code tigris} command's exit status says. */
public enum ExitCode {
    /** Status 0: what was asked was done. */
    OK(0, "it did what was asked (a river completed, a file sorted or valid)"),
    /** Status 1: what was asked was tried and failed. */
    FAILED(1, "what was asked failed: a river failed, a sort failed, a file is not in order"),
    /** Status 2: the command line is wrong, and nothing was run. */
    USAGE(2, "the command, an option or a file it was given is wrong: nothing was run"),
    /** Status 3: a fault of Tigris's own, an exception no command expected. */
    INTERNAL(3, "a fault of Tigris's own; the message says so, and --debug shows the stack trace");

    private final int status;
    private final String meaning;

    ExitCode(int status, String meaning) {
        this.status = status;
        this.meaning = meaning;
    }

    /**
     * The number the process exits with.
     *
     * @return 0 to 3
     */
    public int status() {
        return status;
    }

    /**
     * What the status says, for tigris(1).
     *
     * @return one line of text, lower case, without a final full stop
     */
    public String meaning() {
        return meaning;
    }
}
