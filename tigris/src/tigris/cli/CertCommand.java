/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import tigris.Role;

/** {@code tigris cert NAME... --role node|agent --ca CA-DIR [--out DIR]}: an identity per name, issued by the cluster's CA. */
final class CertCommand implements Command {
    /** A name that is also a file name and a certificate's common name, as node names are. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    @Override
    public String usage() {
        return """
                        usage: tigris cert NAME... --role node|agent --ca CA-DIR [--out DIR]
                        Issues each NAME a certificate from the cluster's CA (tigris keygen): DIR/NAME.p12 with its password in
                        DIR/NAME.password (DIR: the current directory unless given), and a copy of the revocation list, revoked.crl.
                        A node's certificate lets it serve rivers (its name is the node's); an agent's lets it command nodes
                        (tigris run, tigris sort across nodes). Give each host its own files only.""";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        List<String> names = new ArrayList<>();
        String role = null;
        String ca = null;
        String dir = ".";
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--role") || a.equals("--ca") || a.equals("--out")) {
                if (i + 1 == args.length) {
                    return usage(err, "option " + a + " needs a value");
                }
                String v = args[++i];
                switch (a) {
                    case "--role" -> role = v;
                    case "--ca" -> ca = v;
                    default -> dir = v;
                }
            } else if (a.startsWith("-")) {
                return usage(err, "unknown option " + a);
            } else if (!NAME.matcher(a).matches()) {
                return usage(err, "name '" + a + "': a name is 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit");
            } else if (names.contains(a)) {
                return usage(err, "name " + a + " is given twice");
            } else {
                names.add(a);
            }
        }
        if (names.isEmpty() || role == null || ca == null) {
            return usage(err, names.isEmpty() ? "a NAME is needed" : role == null ? "--role node|agent is needed" : "--ca CA-DIR is needed");
        }
        Role r;
        try {
            r = Role.parse(role);
        } catch (IllegalArgumentException e) {
            return usage(err, "--" + e.getMessage());
        }
        try {
            ClusterAuthority authority = ClusterAuthority.open(Path.of(ca));
            for (String n : names) {
                ClusterAuthority.Issued issued = authority.issue(n, r, Path.of(dir));
                out.println(r.unit() + " " + n + ": " + Path.of(dir).resolve(n + ".p12") + " and " + Path.of(dir).resolve(n + ".password") + " (serial "
                                + issued.serial() + ")");
            }
        } catch (IOException e) {
            err.println("tigris cert: " + e.getMessage());
            return ExitCode.FAILED.status();
        }
        return ExitCode.OK.status();
    }

    private int usage(PrintStream err, String problem) {
        err.println("tigris cert: " + problem);
        err.println(usage());
        return ExitCode.USAGE.status();
    }
}
