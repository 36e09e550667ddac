package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import tigris.node.ClusterKey;
import tigris.node.CommittedPart;
import tigris.node.ControlAgent;
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
                        usage: tigris run RIVER-FILE --key CLUSTER.p12 --password-file FILE [--timeout SECONDS] [--answer-timeout SECONDS] [--lease SECONDS]
                                          [--view [HOST:]PORT]
                        Runs the river on its nodes, printing progress each second and the final report.
                        --lease: a node that hears nothing from this command for that long (default 10, at least twice --answer-timeout)
                        stops the river itself and commits nothing of it.
                        --view serves a live view of the river on PORT (loopback unless HOST is given; HTTPS and the cluster key's password then).
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
            opts = NodeMain.options(Arrays.copyOfRange(args, 1, args.length), "--key", "--password-file", "--timeout", "--answer-timeout", "--lease", "--view");
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
        ClusterKey key;
        try {
            key = ClusterKey.load(keyFile, passwordFile);
        } catch (IOException e) {
            err.println("tigris run: " + e.getMessage());
            return ExitCode.USAGE.status();
        }
        return ViewOption.serve("run", opts.get("--view"), key, out, err, problem -> usage(err, problem),
                        live -> run(river, key, answer, lease, timeout, live, out, err));
    }

    private int run(RiverFile river, ClusterKey key, Duration answer, Duration lease, long timeout, LiveView live, PrintStream out, PrintStream err)
                    throws IOException, InterruptedException {
        ControlAgent agent = new ControlAgent(key, answer, lease);
        ControlAgent.RiverRun run;
        try {
            run = agent.start(river.graph().name(), river.graph(), river.placement(), river.jar().getFileName().toString(),
                            Files.readAllBytes(river.jar()));
        } catch (IOException | IllegalArgumentException e) {
            err.println("tigris run: " + e.getMessage());
            return ExitCode.FAILED.status();
        }
        out.println(run.grown());
        if (live != null) {
            live.show(run);
        }
        long[] last = {0};
        ControlAgent.RunReport report = run.await(timeout, progress -> {
            long now = System.currentTimeMillis();
            if (now - last[0] >= 1000) {
                last[0] = now;
                out.println(progress);
            }
        });
        out.println(report);
        if (!report.completed()) {
            // Nothing of a failed river is put in place: what its sinks staged goes.
            List<ControlAgent.Node> silent = run.discard();
            if (!silent.isEmpty()) {
                err.println("tigris run: nodes " + silent + " did not answer: the files they staged are left hidden beside the outputs");
            }
            return ExitCode.FAILED.status();
        }
        try {
            List<CommittedPart> parts = run.commit();
            out.println("river " + river.graph().name() + ": committed " + parts.size() + " output file(s)");
        } catch (IOException e) {
            err.println("tigris run: the river completed, but its output was not committed: " + e.getMessage());
            return ExitCode.FAILED.status();
        }
        return ExitCode.OK.status();
    }

    private int usage(PrintStream err, String problem) {
        err.println("tigris run: " + problem);
        err.println(usage());
        return ExitCode.USAGE.status();
    }

    /** A whole number of seconds, at least 1, given as {@code option} (or {@code otherwise}). */
    private static long seconds(Map<String, String> opts, String option, long otherwise) {
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
