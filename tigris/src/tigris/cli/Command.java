/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.PrintStream;

/** One {@code tigris} subcommand. */
public interface Command {
    /** Its usage, as {@code --help} prints it (to standard output) and a usage error (to standard error). */
    String usage();

    /**
     * Runs it; a bad option or argument is reported on {@code err} with the usage and is
     * {@link ExitCode#USAGE}.
     *
     * @return the exit status ({@link ExitCode})
     */
    int run(String[] args, java.io.PrintStream out, PrintStream err) throws Exception;
}
