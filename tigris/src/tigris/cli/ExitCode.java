/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

/** What a {@code tigris} command's exit status says. */
public enum ExitCode {
    OK(0, "it did what was asked (a river completed, a file sorted or valid)"),
    FAILED(1, "what was asked failed: a river failed, a sort failed, a file is not in order"),
    USAGE(2, "the command, an option or a file it was given is wrong: nothing was run"),
    INTERNAL(3, "a fault of Tigris's own; the message says so, and --debug shows the stack trace");

    private final int status;
    private final String meaning;

    ExitCode(int status, String meaning) {
        this.status = status;
        this.meaning = meaning;
    }

    public int status() {
        return status;
    }

    /** What the status says, for tigris(1). */
    public String meaning() {
        return meaning;
    }
}
