/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import tigris.node.ClusterIdentity;
import tigris.Role;
import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.transport.Transports;
import tigris.sort.ClusterSort;
import tigris.sort.ClusterSortPlan;

import tigris.sort.LocalSort;
import tigris.sort.SortPlan;
import tigris.sort.SortProgress;
import tigris.sort.SortReport;
import tigris.view.LiveView;
import tigris.view.SnapshotSource;
import tigris.view.ViewAddress;

/**
 * {@code tigris sort}: TigrisSort on this machine (doc/tigrissort.md).
 *
 * <pre>
 * tigris sort [-p PARTITIONERS] [-s SORTERS] [--memory SIZE] [--tmp DIR] [--water SIZE] [--window N] [--no-sync] [--page-cache] [-q] [--transport tcp|shm|verbs|file|ID]
 *             [--node NAME=HOST:PORT ... | --nodes FILE] [--key AGENT.p12 --password-file FILE [--revoked FILE]] [--answer-timeout SECONDS]
 *             [--lease SECONDS] [--view [HOST:]PORT [--view-password-file FILE]] [--mirror PATH] INPUT OUTPUT
 * </pre>
 *
 * Without nodes it sorts in this JVM ({@link LocalSort}); with them, the control agent sorts
 * across the nodes ({@link ClusterSort}): -p and -s count per node, INPUT and OUTPUT are each
 * node's files ({@code {node}} in them becomes the node's name), and the nodes' outputs in the
 * order listed hold the key ranges in order. A nodes file lists one {@code NAME HOST:PORT} per
 * line ({@code #} comments); {@code --answer-timeout} is how long the agent waits for a node's
 * answer before it calls the node lost (default 5 s): that fails the sort, unless {@code --mirror}
 * gives each input a copy, when the sort finishes on the nodes still up; {@code --lease} is how long
 * a node goes on without word from the agent before it stops its part itself. Prints a progress line each second on standard error (unless {@code -q}) and the report on
 * standard output; exits 0 when OUTPUT holds INPUT's records in order, 1 when the sort failed,
 * 2 for a bad command. {@code --view} serves a live view of the sort's river (doc/tigris-operations.md).
 */
public final class SortCommand {
    private SortCommand() {
    }

    /**
     * Runs {@code tigris sort}: checks the arguments, then sorts on this machine or across the
     * nodes given, serving the live view if asked, and prints the report.
     *
     * @param args the arguments after {@code sort}; not null
     * @param out where the report ({@link SortReport}) is printed
     * @param err where the progress line (each second, unless {@code -q}), a failure and a usage
     *        error are printed
     * @return the exit status: 0 when OUTPUT holds INPUT's records in order; 1 when the sort
     *         failed or was refused by its checks (a partial output is deleted); 2 for a bad command
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        int cores = Runtime.getRuntime().availableProcessors();
        int partitioners = cores;
        int sorters = cores;
        long memory = -1;
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        int water = 1_000_000;
        int window = 8;
        boolean sync = true;
        boolean direct = true;
        boolean quiet = false;
        List<Node> nodes = new ArrayList<>();
        Path key = null;
        String view = null;
        String mirror = null;
        boolean partitionersGiven = false;
        Path password = null;
        Path revoked = null;
        Path viewPassword = null;
        String transport = null;
        long answerSeconds = -1;
        long leaseSeconds = -1;
        int i = 0;
        try {
            for (; i < args.length && args[i].startsWith("-") && args[i].length() > 1; i++) {
                String a = args[i];
                switch (a) {
                    case "-p" -> {
                        partitioners = (int) number(a, value(args, ++i, a));
                        partitionersGiven = true;
                    }
                    case "-s" -> sorters = (int) number(a, value(args, ++i, a));
                    case "--memory" -> memory = size(a, value(args, ++i, a));
                    case "--tmp" -> tmp = Path.of(value(args, ++i, a));
                    case "--water" -> water = (int) size(a, value(args, ++i, a));
                    case "--window" -> window = (int) number(a, value(args, ++i, a));
                    case "--no-sync" -> sync = false;
                    case "--page-cache" -> direct = false;
                    case "-q" -> quiet = true;
                    case "--node" -> nodes.add(NodeAddress.parse(a, value(args, ++i, a), "="));
                    case "--nodes" -> nodes.addAll(nodesFile(value(args, ++i, a)));
                    case "--key" -> key = Path.of(value(args, ++i, a));
                    case "--transport" -> transport = value(args, ++i, a);
                    case "--answer-timeout" -> answerSeconds = number(a, value(args, ++i, a));
                    case "--lease" -> leaseSeconds = number(a, value(args, ++i, a));
                    case "--password-file" -> password = Path.of(value(args, ++i, a));
                    case "--revoked" -> revoked = Path.of(value(args, ++i, a));
                    case "--view-password-file" -> viewPassword = Path.of(value(args, ++i, a));
                    case "--view" -> view = value(args, ++i, a);
                    case "--mirror" -> mirror = value(args, ++i, a);
                    default -> {
                        return usage(err, "unknown option " + a);
                    }
                }
            }
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        }
        if (args.length - i != 2) {
            return usage(err, "INPUT and OUTPUT are needed");
        }
        if (nodes.isEmpty() && (key != null || password != null || revoked != null || viewPassword != null || transport != null || answerSeconds > 0
                        || leaseSeconds > 0 || mirror != null)) {
            return usage(err, "--key, --password-file, --revoked, --view-password-file, --transport, --answer-timeout, --lease and --mirror are for a sort"
                            + " across nodes (--node or --nodes)");
        }
        if (mirror != null && partitionersGiven) {
            return usage(err, "-p does not apply with --mirror: each node runs one reader, dealt the chunks of its own input and of its copy");
        }
        if (nodes.isEmpty() && view != null) {
            try {
                if (!ViewAddress.parse(view).isLoopback()) {
                    return usage(err, "--view " + view + ": a sort on this machine serves its view on loopback only (a sort across nodes, with the "
                                    + "agent's identity, may serve it on another address)");
                }
            } catch (IllegalArgumentException e) {
                return usage(err, e.getMessage());
            }
        }
        if (!nodes.isEmpty()) {
            if (key == null || password == null) {
                return usage(err, "a sort across nodes needs the agent's identity: --key AGENT.p12 and --password-file FILE (tigris cert NAME --role agent)");
            }
            String between = transport == null ? "tcp" : transport;
            try {
                Transports.byId(between);
            } catch (IllegalArgumentException e) {
                return usage(err, "--" + e.getMessage());
            }
            Duration answer = answerSeconds > 0 ? Duration.ofSeconds(answerSeconds) : ControlAgent.ANSWER_TIMEOUT;
            Duration lease = leaseSeconds > 0 ? Duration.ofSeconds(leaseSeconds) : ControlAgent.defaultLease(answer);
            if (lease.compareTo(answer) <= 0) {
                return usage(err, "--lease " + lease.toSeconds() + " must be longer than the answer timeout (" + answer.toSeconds()
                                + " s): nodes would stop a sort this command still follows");
            }
            return runOnNodes(nodes, new Credentials(key, password, revoked, viewPassword), args[i], args[i + 1], partitioners, sorters, memory < 0 ? 1L << 30 : memory, tmp, water, window,
                            sync, direct, between, answer, lease, quiet, view, mirror, out, err);
        }
        if (memory < 0) {
            memory = SortPlan.defaultMemoryPerSorter(Math.max(1, sorters));
        }
        SortPlan plan;
        try {
            plan = new SortPlan(Path.of(args[i]), Path.of(args[i + 1]), partitioners, sorters, memory, tmp, water, window, sync, direct);
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        }
        SortPlan local = plan;
        boolean q = quiet;
        return serve(view, null, null, err, live -> report(progress -> LocalSort.run(local, progress, 1000, river -> show(live, river)), q, out, err));
    }

    /** {@link ViewOption#serve} for this command, whose work reports its own failures (report() throws nothing checked). */
    private static int serve(String view, ClusterIdentity key, Path viewPassword, PrintStream err, ViewOption.Viewed body) {
        try {
            return ViewOption.serve("sort", view, key, viewPassword, err, err, problem -> usage(err, problem), body);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("tigris sort: a checked exception escaped its report: " + e, e);
        }
    }

    private static void show(LiveView live, SnapshotSource river) {
        if (live != null) {
            live.show(river);
        }
    }

    private interface Sort {
        SortReport run(Consumer<SortProgress> progress) throws IOException, InterruptedException;
    }

    /** Runs the sort with a progress line a second (unless quiet) and prints its report: 0, or 1 if it failed. */
    private static int report(Sort sort, boolean quiet, PrintStream out, PrintStream err) {
        try {
            out.println(sort.run(p -> {
                if (!quiet) {
                    err.println(p.line());
                }
            }));
            return 0;
        } catch (IOException e) {
            err.println("tigris sort: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            err.println("tigris sort: interrupted");
            return 1;
        }
    }

    /** The agent's identity files and its view's password file, as given. */
    private record Credentials(Path key, Path password, Path revoked, Path viewPassword) {
    }

    private static int runOnNodes(List<Node> nodes, Credentials credentials, String input, String output, int partitioners, int sorters, long memory,
                    Path tmp, int water, int window, boolean sync, boolean direct, String between, Duration answer, Duration lease, boolean quiet,
                    String view, String mirror, PrintStream out, PrintStream err) {
        ClusterSortPlan plan;
        ClusterIdentity clusterKey;
        try {
            plan = new ClusterSortPlan(nodes, input, output, partitioners, sorters, memory, tmp.toString(), water, window, sync, direct, between, mirror);
            clusterKey = ClusterIdentity.load(credentials.key(), credentials.password(), credentials.revoked()).requireRole(Role.AGENT, "tigris sort");
        } catch (IllegalArgumentException | IOException e) {
            return usage(err, e.getMessage());
        }
        ControlAgent agent = new ControlAgent(clusterKey, answer, lease);
        return serve(view, clusterKey, credentials.viewPassword(), err, live -> report(progress -> ClusterSort.run(plan, agent, progress, 1000, river -> show(live, river)), quiet,
                        out, err));
    }

    private static List<Node> nodesFile(String file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of(file));
        } catch (IOException e) {
            throw new IllegalArgumentException("--nodes " + file + ": cannot read it (" + e + ")");
        }
        List<Node> nodes = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).replaceAll("#.*", "").strip();
            if (!line.isEmpty()) {
                nodes.add(NodeAddress.parse(file + ":" + (n + 1) + ":", line.replaceAll("\\s+", " "), " "));
            }
        }
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("--nodes " + file + " lists no nodes");
        }
        return nodes;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static long number(String option, String v) {
        try {
            long n = Long.parseLong(v);
            if (n < 1) {
                throw new IllegalArgumentException(option + " " + v + ": must be at least 1");
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " " + v + ": not a number");
        }
    }

    /** A byte count with an optional K, M, G or T suffix (powers of 1024). */
    static long size(String option, String v) {
        String s = v.trim().toUpperCase(Locale.ROOT);
        int shift = 0;
        if (!s.isEmpty()) {
            switch (s.charAt(s.length() - 1)) {
                case 'K' -> shift = 10;
                case 'M' -> shift = 20;
                case 'G' -> shift = 30;
                case 'T' -> shift = 40;
                default -> shift = 0;
            }
        }
        if (shift != 0) {
            s = s.substring(0, s.length() - 1);
        }
        long n;
        try {
            n = number(option, s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage().replace(option + " " + s + ":", option + " " + v + ":"));
        }
        if (n > Long.MAX_VALUE >> shift) {
            throw new IllegalArgumentException(option + " " + v + ": too large");
        }
        return n << shift;
    }

    static final String USAGE = """
                    usage: tigris sort [-p PARTITIONERS] [-s SORTERS] [--memory SIZE] [--tmp DIR] [--water SIZE] [--window N] [--no-sync] [--page-cache] [-q]
                                       [--node NAME=HOST:PORT ... | --nodes FILE] [--key AGENT.p12 --password-file FILE [--revoked FILE]]
                                       [--transport ID] [--answer-timeout SECONDS] [--lease SECONDS] [--view [HOST:]PORT [--view-password-file FILE]]
                                       [--mirror PATH] INPUT OUTPUT
                    Across nodes, --key and --password-file are this agent's identity (tigris cert NAME --role agent), --revoked the
                    cluster's revocation list (default: revoked.crl beside the key store).
                    --transport joins partitioners and sorters on different nodes: tcp (the default), shm, verbs, file
                    or another registered transport. --view serves a live view of the sort on PORT (loopback; across nodes another
                    HOST serves HTTPS with the agent's certificate and a login: user tigris, the password in --view-password-file or
                    one made for the run and printed). --mirror: each node also holds a copy of the previous node's INPUT at PATH ({stripe}
                    in it is that node's name), and the copies' readers share each input by graduated declustering; a node
                    lost (no answer within --answer-timeout) is then done without: its input read from the copy, its part of
                    OUTPUT rebuilt on the next node (OUTPUT with {node} as the lost node's name, else OUTPUT.NAME). --lease: a node
                    that hears nothing from this command for that long (default 10, or twice --answer-timeout if longer; it must be longer than --answer-timeout) stops its part
                    of the sort itself and writes nothing more of it.
                    Exit status: 0 sorted, 1 the sort failed, 2 bad arguments.""";

    private static int usage(PrintStream err, String problem) {
        err.println("tigris sort: " + problem);
        err.println(USAGE);
        return ExitCode.USAGE.status();
    }
}
