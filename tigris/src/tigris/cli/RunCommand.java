/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import tigris.node.ClusterIdentity;
import tigris.Role;
import tigris.FileProblems;
import tigris.RiverAttempt;
import tigris.node.ControlAgent;
import tigris.node.MovingPlanner;
import tigris.node.RiverJob;
import tigris.view.LiveView;
import tigris.node.NodeMain;

/**
 * {@code tigris run}: the control agent ({@link ControlAgent}) on a river file ({@link RiverFile}).
 * A bad command or file is {@link ExitCode#USAGE} with the file and line, before any node is
 * called; a river that failed is {@link ExitCode#FAILED}.
 */
final class RunCommand implements Command {
    @Override
    public String usage() {
        return """
                        usage: tigris run RIVER-FILE --key AGENT.p12 --password-file FILE [--revoked FILE] [--timeout SECONDS] [--answer-timeout SECONDS]
                                          [--lease SECONDS] [--view [HOST:]PORT [--view-password-file FILE]]
                        Runs the river on its nodes, printing progress each second and the final report, then commits its outputs.
                        A node lost (no answer within --answer-timeout): the river runs again on the others if its sources are
                        tigris.Replayable (a lost node's source reads its mirror on the next node listed), else it fails naming the node.
                        --timeout bounds each attempt. --lease: a node that hears nothing from this command for that long (default 10,
                        or twice --answer-timeout if longer; it must be longer than --answer-timeout) stops the river itself and commits
                        nothing of it.
                        --key and --password-file are this agent's identity (tigris cert NAME --role agent), --revoked the cluster's
                        revocation list (default: revoked.crl beside the key store).
                        --view serves a live view of the river on PORT (loopback unless HOST is given; then HTTPS with the agent's
                        certificate and a login: user tigris, the password in --view-password-file or one made for the run and printed).
                        Exit status: 0 the river completed, 1 it failed, 2 a bad command or river file.""";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        if (args.length == 0 || args[0].startsWith("-")) {
            return usage(err, args.length == 0 ? "a river file is needed" : "the river file comes first, then the options (got " + args[0] + ")");
        }
        Map<String, String> opts;
        long timeout;
        Duration answer;
        Duration lease;
        Path keyFile;
        Path passwordFile;
        try {
            opts = NodeMain.options(Arrays.copyOfRange(args, 1, args.length), "--key", "--password-file", "--revoked", "--timeout", "--answer-timeout", "--lease",
                            "--view", "--view-password-file");
            timeout = seconds(opts, "--timeout", 3600) * 1000;
            answer = Duration.ofSeconds(seconds(opts, "--answer-timeout", ControlAgent.ANSWER_TIMEOUT.toSeconds()));
            lease = Duration.ofSeconds(seconds(opts, "--lease", ControlAgent.defaultLease(answer).toSeconds()));
            if (lease.compareTo(answer) <= 0) {
                throw new IllegalArgumentException("--lease " + lease.toSeconds() + " must be longer than the answer timeout (" + answer.toSeconds()
                                + " s): nodes would stop rivers this command still follows");
            }
            keyFile = Path.of(NodeMain.require(opts, "--key"));
            passwordFile = Path.of(NodeMain.require(opts, "--password-file"));
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        }
        RiverFile river;
        try {
            river = RiverFile.parse(Path.of(args[0]));
        } catch (RiverFileException e) {
            err.println("tigris run: " + e.getMessage());
            return ExitCode.USAGE.status();
        }
        ClusterIdentity key;
        try {
            key = ClusterIdentity.load(keyFile, passwordFile, opts.containsKey("--revoked") ? Path.of(opts.get("--revoked")) : null).requireRole(Role.AGENT,
                            "tigris run");
        } catch (IOException e) {
            err.println("tigris run: " + e.getMessage());
            return ExitCode.USAGE.status();
        }
        Path viewPassword = opts.containsKey("--view-password-file") ? Path.of(opts.get("--view-password-file")) : null;
        return ViewOption.serve("run", opts.get("--view"), key, viewPassword, out, err, problem -> usage(err, problem),
                        live -> run(river, key, answer, lease, timeout, live, out, err));
    }

    private int run(RiverFile river, ClusterIdentity key, Duration answer, Duration lease, long timeout, LiveView live, PrintStream out, PrintStream err)
                    throws IOException, InterruptedException {
        ControlAgent agent = new ControlAgent(key, answer, lease);
        byte[] jar;
        try {
            jar = Files.readAllBytes(river.jar());
        } catch (IOException e) {
            err.println("tigris run: cannot read jar " + river.jar() + ": " + FileProblems.describe(e));
            return ExitCode.USAGE.status();
        }
        // A river whose sources are Replayable goes on without a lost node; any other fails, naming it.
        MovingPlanner planner = new MovingPlanner(river.graph(), river.placement(), river.nodes(), river.jar().getFileName().toString(), jar);
        long[] last = {0};
        RiverJob.Outcome outcome;
        try {
            outcome = RiverJob.run(agent, river.graph().name(), river.nodes(), planner, timeout, new RiverJob.Following() {
                @Override
                public void grown(ControlAgent.RiverRun run, List<String> notes) {
                    out.println(run.grown());
                    notes.forEach(n -> out.println("  " + n));
                    if (live != null) {
                        live.show(RiverJob.Following.view(run, notes));
                    }
                }

                @Override
                public void statuses(RiverAttempt attempt, List<ControlAgent.RunReport.Entry> entries) {
                    long now = System.currentTimeMillis();
                    if (now - last[0] >= 1000) {
                        last[0] = now;
                        out.println("river " + attempt + ": " + entries.stream().mapToLong(ControlAgent.RunReport.Entry::watersIn).sum() + " Waters taken so far");
                    }
                }
            });
        } catch (RiverJob.JobFailedException e) {
            if (!e.attempts().isEmpty()) {
                out.println(e.attempts().getLast().report());
            }
            err.println("tigris run: " + e.getMessage());
            return ExitCode.FAILED.status();
        }
        out.println(outcome.last().report());
        for (RiverJob.Loss l : outcome.losses()) {
            out.println("lost node " + l.node() + " in attempt " + l.attempt().epoch() + " (" + l.silence().cause() + "); the river went on without it"
                            + (l.fenced() ? "; it answered again and was fenced" : ""));
        }
        out.println("river " + river.graph().name() + ": committed " + outcome.committed().size() + " output file(s)");
        return ExitCode.OK.status();
    }

    private int usage(PrintStream err, String problem) {
        err.println("tigris run: " + problem);
        err.println(usage());
        return ExitCode.USAGE.status();
    }

    /** A whole number of seconds, at least 1, given as {@code option} (or {@code otherwise}). */
    static long seconds(Map<String, String> opts, String option, long otherwise) {
        String v = opts.get(option);
        if (v == null) {
            return otherwise;
        }
        try {
            long n = Long.parseLong(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(option + " " + v + ": not a whole number of seconds, at least 1");
    }
}
