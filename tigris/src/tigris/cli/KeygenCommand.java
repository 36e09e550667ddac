/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/** {@code tigris keygen CA-DIR}: a cluster's certificate authority ({@link ClusterAuthority}). */
final class KeygenCommand implements Command {
    @Override
    public String usage() {
        return """
                        usage: tigris keygen CA-DIR
                        Makes the cluster's certificate authority in CA-DIR (new or empty): its key and password, its certificate
                        (ca.crt), an empty revocation list (revoked.crl) and the list of what it issues (issued.tsv). Keep CA-DIR
                        off the nodes; give each node and agent its own identity with tigris cert.""";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        if (args.length != 1 || args[0].startsWith("-")) {
            err.println("tigris keygen: " + (args.length == 0 ? "CA-DIR is needed" : args[0].startsWith("-") ? "unknown option " + args[0] : "one CA-DIR only"));
            err.println(usage());
            return ExitCode.USAGE.status();
        }
        Path dir = Path.of(args[0]);
        try {
            ClusterAuthority.create(dir);
        } catch (IOException e) {
            err.println("tigris keygen: " + e.getMessage());
            return ExitCode.FAILED.status();
        }
        out.println("cluster CA in " + dir + "; give each node and agent its identity: tigris cert NAME --role node|agent --ca " + dir);
        return ExitCode.OK.status();
    }
}
