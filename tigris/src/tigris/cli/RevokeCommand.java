/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** {@code tigris revoke NAME --ca CA-DIR}: adds NAME's certificates to the cluster's revocation list. */
final class RevokeCommand implements Command {
    @Override
    public String usage() {
        return """
                        usage: tigris revoke NAME --ca CA-DIR
                        Revokes every certificate the CA issued to NAME: CA-DIR/revoked.crl lists them from now on. Copy that file over
                        revoked.crl on every node and agent host (or the file their --revoked names): they read it again when it changes,
                        and refuse NAME's next connection.""";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        if (args.length != 3 || args[0].startsWith("-") || !args[1].equals("--ca")) {
            err.println("tigris revoke: " + (args.length > 0 && args[0].startsWith("-") && !args[0].equals("--ca") ? "unknown option " + args[0] : "NAME and --ca CA-DIR are needed"));
            err.println(usage());
            return ExitCode.USAGE.status();
        }
        ClusterAuthority authority;
        List<ClusterAuthority.Issued> revoked;
        try {
            authority = ClusterAuthority.open(Path.of(args[2]));
            revoked = authority.revoke(args[0]);
        } catch (IOException e) {
            err.println("tigris revoke: " + e.getMessage());
            return ExitCode.FAILED.status();
        }
        if (revoked.isEmpty()) {
            out.println(args[0] + ": every certificate issued to it was revoked already (" + authority.revocationList() + ")");
        }
        for (ClusterAuthority.Issued i : revoked) {
            out.println("revoked " + i.role().unit() + " " + i.name() + " (serial " + i.serial() + ", issued " + i.at() + ")");
        }
        if (!revoked.isEmpty()) {
            out.println("copy " + authority.revocationList() + " to every node and agent host");
        }
        return ExitCode.OK.status();
    }
}
