/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.PrintStream;

/** One {@code tigris} subcommand. */
public interface Command {
    /**
     * Its usage, as {@code --help} prints it (to standard output) and a usage error (to standard
     * error); {@link Tigris#overview()} shows its first line, tigris(1) all of it.
     *
     * @return the usage text, whose first line is {@code usage: tigris NAME ...}
     */
    String usage();

    /**
     * Runs it; a bad option or argument is reported on {@code err} with the usage and is
     * {@link ExitCode#USAGE}. {@code --help} never reaches it ({@link Tigris#run} answers it).
     *
     * @param args the arguments after the subcommand's name, {@code --debug} removed; not null
     * @param out standard output: what the command was asked for (a report, a result)
     * @param err standard error: progress, problems and usage errors
     * @return the exit status ({@link ExitCode})
     * @throws Exception anything the command did not expect: {@link Tigris#run} reports it as
     *         {@link ExitCode#INTERNAL}, so a command catches what it expects (a missing file, a
     *         failed river) and returns a status instead
     */
    int run(String[] args, java.io.PrintStream out, PrintStream err) throws Exception;
}
