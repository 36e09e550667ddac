/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;

import tigris.node.NodeMain;

/** {@code tigris node}: serves a host's river manager until the process is killed. */
final class NodeCommand implements Command {
    @Override
    public String usage() {
        return NodeMain.USAGE;
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        try {
            NodeMain.run(args);
            return ExitCode.OK.status();
        } catch (IllegalArgumentException e) {
            err.println("tigris node: " + e.getMessage());
            err.println(usage());
            return ExitCode.USAGE.status();
        } catch (IOException e) {
            // Its key, password or work directory cannot be used: what it was given is wrong.
            err.println("tigris node: " + e.getMessage());
            return ExitCode.USAGE.status();
        }
    }
}
