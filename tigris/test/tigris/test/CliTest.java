/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.cli.Command;
import tigris.cli.Tigris;

/** The tigris command behaves: --help answers, bad options are status 2, errors say what went wrong. */
class CliTest {
    private static final List<String> COMMANDS = List.of("keygen", "cert", "revoke", "node", "run", "gensort", "valsort", "sort");

    @TempDir
    Path dir;

    @Test
    void everySubcommandAnswersHelpWithItsUsage() {
        for (String c : COMMANDS) {
            for (String help : new String[] {"--help", "-h"}) {
                TigrisSortTest.Run r = TigrisSortTest.tigris(c, help);
                assertEquals(0, r.status(), c + " " + help + ": " + r.err());
                assertTrue(r.out().contains("usage: tigris " + c), c + " " + help + " printed: " + r.out());
            }
        }
        TigrisSortTest.Run all = TigrisSortTest.tigris("--help");
        assertEquals(0, all.status());
        for (String c : COMMANDS) {
            assertTrue(all.out().contains(c), "tigris --help names " + c + ": " + all.out());
        }
    }

    @Test
    void versionNamesTigrisAndTheJdk() {
        for (String flag : new String[] {"--version", "version"}) {
            TigrisSortTest.Run r = TigrisSortTest.tigris(flag);
            assertEquals(0, r.status(), flag + ": " + r.err());
            // The image's vendor version is Jaguar-VERSION, and the build gives tigris's module the same VERSION.
            String version = System.getProperty("java.vendor.version").replaceFirst("^Jaguar-", "");
            String want = "tigris " + version + " (Jaguar " + version + ")\n";
            assertTrue(r.out().startsWith(want), flag + " printed: " + r.out());
            assertTrue(r.out().contains("JDK " + System.getProperty("java.runtime.version") + ", Jaguar-"), flag + " printed: " + r.out());
        }
    }

    /** tigris(1) in the image holds every subcommand's usage, as --help prints it. */
    @Test
    void theManualPageIsTheHelpText() throws Exception {
        Path page = Path.of(System.getProperty("java.home"), "man", "man1", "tigris.1");
        String man = java.nio.file.Files.readString(page).replace("\\-", "-").replace("\\e", "\\");
        for (String c : COMMANDS) {
            String usage = TigrisSortTest.tigris(c, "--help").out().strip();
            String firstLine = usage.lines().findFirst().orElseThrow().replaceFirst("^usage: ", "");
            assertTrue(man.contains(".SS " + c + "\n.nf\n" + firstLine + "\n"), page + " lacks " + c + "'s usage line: " + firstLine);
            for (String line : usage.lines().skip(1).map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("[")).toList()) {
                assertTrue(man.contains(line), page + " lacks a line of tigris " + c + " --help: " + line);
            }
        }
    }

    @Test
    void everySubcommandRefusesAnUnknownOptionWithStatus2() {
        String f = dir.resolve("f").toString();
        List<List<String>> bad = List.of(List.of("keygen", "--bogus", f), List.of("cert", "x", "--bogus", "1"), List.of("revoke", "--bogus"),
                        List.of("node", "--bogus", "1"), List.of("run", f, "--bogus", "1"),
                        List.of("gensort", "-z", "10", f), List.of("valsort", "-z", f), List.of("sort", "--bogus", f, f), List.of("frobnicate"));
        for (List<String> args : bad) {
            TigrisSortTest.Run r = TigrisSortTest.tigris(args.toArray(String[]::new));
            assertEquals(2, r.status(), args + ": " + r.err());
            assertTrue(r.err().contains("usage: tigris"), args + " shows its usage: " + r.err());
            assertFalse(r.err().contains("\tat ") || r.err().contains("Exception in thread"), args + ": " + r.err());
        }
    }

    @Test
    void aBadOrUnprotectedViewAddressIsRefusedBeforeTheSortStarts() throws Exception {
        Path in = dir.resolve("in");
        java.nio.file.Files.write(in, new byte[100]);
        String out = dir.resolve("out").toString();
        TigrisSortTest.Run bad = TigrisSortTest.tigris("sort", "-q", "--view", "port80", in.toString(), out);
        assertEquals(2, bad.status(), bad.err());
        assertTrue(bad.err().contains("--view port80: not [HOST:]PORT"), bad.err());
        String outward = LiveViewTest.outward().getHostAddress();
        TigrisSortTest.Run open = TigrisSortTest.tigris("sort", "-q", "--view", outward + ":0", in.toString(), out);
        assertEquals(2, open.status(), open.err());
        assertTrue(open.err().contains("--view " + outward + ":0: a sort on this machine serves its view on loopback only"), open.err());
        assertFalse(java.nio.file.Files.exists(Path.of(out)), "nothing was sorted");
        TigrisSortTest.Run ok = TigrisSortTest.tigris("sort", "-q", "--view", "0", in.toString(), out);
        assertEquals(0, ok.status(), ok.err());
        assertTrue(ok.err().startsWith("live view: http://127.0.0.1:"), ok.err());
    }

    /** A lease no longer than the answer timeout would have nodes stop rivers their agent still follows: refused before any work. */
    @Test
    void aLeaseNotLongerThanTheAnswerTimeoutIsRefused() throws Exception {
        Path in = dir.resolve("in-lease");
        java.nio.file.Files.write(in, new byte[100]);
        TigrisSortTest.Run sort = TigrisSortTest.tigris("sort", "-q", "--node", "a=127.0.0.1:1", "--node", "b=127.0.0.1:2", "--key", "k.p12",
                        "--password-file", "pw", "--answer-timeout", "5", "--lease", "5", dir.resolve("in-{node}").toString(), dir.resolve("o-{node}").toString());
        assertEquals(2, sort.status(), sort.err());
        assertTrue(sort.err().contains("--lease 5 must be longer than the answer timeout (5 s)"), sort.err());
        TigrisSortTest.Run local = TigrisSortTest.tigris("sort", "-q", "--lease", "20", in.toString(), dir.resolve("o").toString());
        assertEquals(2, local.status(), local.err());
        assertTrue(local.err().contains("--lease and --mirror are for a sort across nodes"), local.err());
        TigrisSortTest.Run run = TigrisSortTest.tigris("run", "x.tgr", "--key", "k.p12", "--password-file", "pw", "--answer-timeout", "10", "--lease", "3");
        assertEquals(2, run.status(), run.err());
        assertTrue(run.err().contains("--lease 3 must be longer than the answer timeout (10 s)"), run.err());
    }

    @Test
    void aMissingRiverFileOrKeyIsNamedAsSuch() throws Exception {
        TigrisSortTest.Run r = TigrisSortTest.tigris("run", "nothere.tgr", "--key", "k.p12", "--password-file", "pw");
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("cannot read river file nothere.tgr: no such file"), r.err());
        Path key = dir.resolve("missing.p12");
        Path password = dir.resolve("pw");
        java.nio.file.Files.writeString(password, "x\n");
        TigrisSortTest.Run k = TigrisSortTest.tigris("node", "--name", "n", "--port", "0", "--key", key.toString(), "--password-file", password.toString());
        assertEquals(2, k.status(), k.err());
        assertTrue(k.err().contains("cannot read key store " + key + ": no such file"), k.err());
        TigrisSortTest.Run p = TigrisSortTest.tigris("node", "--name", "n", "--port", "0", "--key", key.toString(), "--password-file",
                        dir.resolve("nopw").toString());
        assertTrue(p.err().contains("cannot read password file " + dir.resolve("nopw") + ": no such file"), p.err());
    }

    @Test
    void anInternalErrorHasItsOwnStatusAndTheTraceOnlyWithDebug() {
        Command broken = new Command() {
            public String usage() {
                return "usage: tigris broken";
            }

            public int run(String[] args, PrintStream out, PrintStream err) {
                throw new IllegalStateException("a bug");
            }
        };
        for (boolean debug : new boolean[] {false, true}) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = Tigris.run(broken, "broken", new String[0], new PrintStream(new ByteArrayOutputStream()),
                            new PrintStream(err, true, StandardCharsets.UTF_8), debug);
            String said = err.toString(StandardCharsets.UTF_8);
            assertEquals(3, status);
            assertTrue(said.startsWith("tigris broken: internal error: java.lang.IllegalStateException: a bug"), said);
            assertEquals(debug, said.contains("\tat "), "stack trace only with --debug: " + said);
            assertEquals(!debug, said.contains("run with --debug or TIGRIS_DEBUG=1"), said);
        }
    }
}
