/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import tigris.Role;
import tigris.graph.LocalRiver;
import tigris.graph.RiverGraph;
import tigris.graph.RiverReport;
import tigris.node.ClusterIdentity;
import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.node.NodeMain;
import tigris.node.RiverJob;
import tigris.pipe.FilterDefinition;
import tigris.pipe.FilterRegistry;
import tigris.pipe.Pipeline;
import tigris.pipe.PipelinePlan;
import tigris.pipe.PipelineSyntaxException;
import tigris.pipe.plan.CostModel;
import tigris.pipe.plan.OjAlgoSolver;
import tigris.pipe.plan.PipelineJob;
import tigris.pipe.plan.Place;
import tigris.pipe.plan.Placement;
import tigris.pipe.plan.Planner;

/**
 * {@code tigris pipe 'EXPRESSION'}: a pipeline in Streamline's syntax, planned into a river and run
 * in this JVM, or with {@code --node} placed on nodes by the planner and run there as a job
 * (doc/pipelines.md). What it writes to its standard output is the pipeline's; its messages go to
 * standard error.
 */
final class PipeCommand implements Command {
    @Override
    public String usage() {
        return """
                        usage: tigris pipe [--explain] [--jar JAR]... [--timeout SECONDS] EXPRESSION...
                               tigris pipe --node NAME=HOST:PORT... --key AGENT.p12 --password-file FILE [--revoked FILE] [--answer-timeout SECONDS]
                                           [--link-gbps G] [--explain] [--jar JAR] [--timeout SECONDS] EXPRESSION...
                               tigris pipe --filters [--jar JAR]...
                        Runs a pipeline written as a shell pipeline with Streamline's extensions (doc/pipelines.md):
                          tigris pipe 'file in=log.txt | grep -v DEBUG | gzip | file out=log.gz'
                        Filters are Tigris's own (--filters lists them), those of the jars given with --jar (META-INF/services/
                        tigris.pipe.FilterDefinition), or any other program on PATH, run as a process. A pipeline that begins with a
                        filter reads standard input; one that ends with a filter writes standard output. The words after the options
                        are the expression, joined by spaces. With no --node it runs in this JVM. With --node, the planner places each
                        filter on a node and chooses each pipe's transport and Waters by the cost model (@ hints pin choices; --link-gbps
                        is each host's link, default 10); outputs are staged and committed once the pipeline ends; --key and
                        --password-file are this agent's identity (tigris cert NAME --role agent). --explain prints the plan and its cost
                        and runs nothing. --timeout bounds the run (default: none). Exit status: 0 done, 1 the pipeline failed, 2 the
                        expression or an option is wrong.""";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        boolean explain = false;
        boolean list = false;
        long timeout = 0;
        List<Path> jars = new ArrayList<>();
        List<Node> nodes = new ArrayList<>();
        Map<String, String> cluster = new LinkedHashMap<>();
        int i = 0;
        for (; i < args.length && args[i].startsWith("--"); i++) {
            switch (args[i]) {
                case "--explain" -> explain = true;
                case "--filters" -> list = true;
                case "--node" -> {
                    if (i + 1 >= args.length) {
                        return usage(err, "--node needs a value");
                    }
                    try {
                        Node n = NodeAddress.parse("--node", args[++i], "=");
                        if (nodes.stream().anyMatch(m -> m.name().equals(n.name()))) {
                            return usage(err, "--node " + args[i] + ": node " + n.name() + " is given twice");
                        }
                        nodes.add(n);
                    } catch (IllegalArgumentException e) {
                        return usage(err, e.getMessage());
                    }
                }
                case "--key", "--password-file", "--revoked", "--answer-timeout", "--link-gbps" -> {
                    if (i + 1 >= args.length) {
                        return usage(err, args[i] + " needs a value");
                    }
                    cluster.put(args[i], args[i + 1]);
                    i++;
                }
                case "--jar", "--timeout" -> {
                    if (i + 1 >= args.length) {
                        return usage(err, args[i] + " needs a value");
                    }
                    String v = args[++i];
                    if (args[i - 1].equals("--jar")) {
                        Path jar = Path.of(v);
                        if (!Files.isRegularFile(jar)) {
                            return usage(err, "--jar " + v + ": no such file");
                        }
                        jars.add(jar);
                    } else {
                        try {
                            timeout = Long.parseLong(v);
                        } catch (NumberFormatException e) {
                            timeout = -1;
                        }
                        if (timeout < 1) {
                            return usage(err, "--timeout " + v + " is not a whole number of seconds above 0");
                        }
                    }
                }
                default -> {
                    return usage(err, "unknown option " + args[i]);
                }
            }
        }
        FilterRegistry registry;
        try {
            registry = FilterRegistry.load(loader(jars));
        } catch (IllegalStateException | java.util.ServiceConfigurationError e) {
            err.println("tigris pipe: the filters cannot be loaded: " + e.getMessage());
            return ExitCode.USAGE.status();
        }
        if (list) {
            for (FilterDefinition d : registry.all()) {
                out.printf("%-9s %s%n          %s%n", d.name(), d.usage(), d.summary());
            }
            return ExitCode.OK.status();
        }
        if (i >= args.length) {
            return usage(err, "no pipeline given");
        }
        String text = String.join(" ", java.util.Arrays.copyOfRange(args, i, args.length));
        if (nodes.isEmpty() && !cluster.isEmpty()) {
            return usage(err, cluster.keySet().iterator().next() + " is for a pipeline placed on nodes: give --node NAME=HOST:PORT too");
        }
        if (!nodes.isEmpty()) {
            if (jars.size() > 1) {
                return usage(err, "with --node, give at most one --jar: its filters are sent to the nodes");
            }
            return onNodes(text, registry, nodes, cluster, jars.isEmpty() ? null : jars.getFirst(), explain, timeout, out, err);
        }
        Placement placement;
        RiverGraph graph;
        try {
            PipelinePlan plan = PipelinePlan.of(Pipeline.parse(text), registry);
            placement = Planner.standard().place(plan, List.of(Place.local(Runtime.getRuntime().availableProcessors())));
            graph = placement.river("pipe").graph();
        } catch (PipelineSyntaxException e) {
            err.println("tigris pipe: " + e.withCaret("  "));
            return ExitCode.USAGE.status();
        } catch (tigris.graph.GraphException e) {
            err.println("tigris pipe: the pipeline is not a river Tigris can run: " + e.getMessage());
            return ExitCode.USAGE.status();
        }
        if (explain) {
            out.print(placement.explain());
            return ExitCode.OK.status();
        }
        out.flush();
        RiverReport report;
        try (LocalRiver river = LocalRiver.build(graph)) {
            river.start();
            report = river.await(timeout > 0 ? timeout : Long.MAX_VALUE / 4, timeout > 0 ? TimeUnit.SECONDS : TimeUnit.NANOSECONDS);
        } catch (IllegalStateException e) {
            err.println("tigris pipe: the pipeline could not start: " + e.getMessage());
            return ExitCode.FAILED.status();
        }
        if (report.completed()) {
            return ExitCode.OK.status();
        }
        if (report.timedOut()) {
            err.println("tigris pipe: the pipeline did not end within " + timeout + " s; it was stopped");
        } else {
            RiverReport.Entry f = report.failures().getFirst();
            err.println("tigris pipe: the pipeline failed: " + tigris.Failure.of(f.failure()));
        }
        return ExitCode.FAILED.status();
    }

    /** Plans the pipeline onto {@code nodes} and runs it there as a job: recovered where its sources replay, committed once. */
    private int onNodes(String text, FilterRegistry registry, List<Node> nodes, Map<String, String> options, Path jar, boolean explain, long timeout,
                    PrintStream out, PrintStream err) throws IOException, InterruptedException {
        Duration answer;
        double gbps;
        ClusterIdentity key;
        byte[] jarBytes = null;
        try {
            answer = Duration.ofSeconds(RunCommand.seconds(options, "--answer-timeout", ControlAgent.ANSWER_TIMEOUT.toSeconds()));
            gbps = options.containsKey("--link-gbps") ? Double.parseDouble(options.get("--link-gbps")) : 10;
            if (!(gbps > 0) || Double.isInfinite(gbps)) {
                throw new IllegalArgumentException("--link-gbps " + options.get("--link-gbps") + " is not a speed above 0 (gigabits a second)");
            }
            String keyFile = NodeMain.require(options, "--key");
            String passwordFile = NodeMain.require(options, "--password-file");
            key = ClusterIdentity.load(Path.of(keyFile), Path.of(passwordFile), options.containsKey("--revoked") ? Path.of(options.get("--revoked")) : null)
                            .requireRole(Role.AGENT, "tigris pipe");
        } catch (NumberFormatException e) {
            return usage(err, "--link-gbps " + options.get("--link-gbps") + " is not a number");
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        } catch (IOException e) {
            err.println("tigris pipe: " + e.getMessage());
            return ExitCode.USAGE.status();
        }
        if (jar != null) {
            jarBytes = Files.readAllBytes(jar);
        }
        ControlAgent agent = new ControlAgent(key, answer, ControlAgent.defaultLease(answer));
        List<Place> places;
        try {
            places = PipelineJob.places(agent, nodes, 4 * answer.toMillis());
        } catch (IOException e) {
            err.println("tigris pipe: cannot ask the nodes what they are: " + e.getMessage());
            return ExitCode.FAILED.status();
        }
        Placement placement;
        try {
            Planner planner = new Planner(new OjAlgoSolver(), CostModel.measured().withLink(gbps / 8));
            placement = planner.place(PipelinePlan.of(Pipeline.parse(text), registry), places);
        } catch (PipelineSyntaxException e) {
            err.println("tigris pipe: " + e.withCaret("  "));
            return ExitCode.USAGE.status();
        }
        if (explain) {
            out.print(placement.explain());
            return ExitCode.OK.status();
        }
        String name = "pipe-" + Long.toHexString(System.currentTimeMillis());
        try {
            RiverJob.Outcome outcome = PipelineJob.run(agent, nodes, placement, name, jar == null ? null : jar.getFileName().toString(), jarBytes,
                            timeout > 0 ? timeout * 1000 : Long.MAX_VALUE / 4);
            for (RiverJob.Loss l : outcome.losses()) {
                err.println("tigris pipe: lost node " + l.node() + " in attempt " + l.attempt().epoch() + " (" + l.silence().cause() + "); the pipeline went on"
                                + " without it");
            }
            err.println("tigris pipe: " + name + " committed " + outcome.committed().size() + " output file(s)");
            return ExitCode.OK.status();
        } catch (tigris.graph.GraphException e) {
            err.println("tigris pipe: the pipeline is not a river Tigris can run: " + e.getMessage());
            return ExitCode.USAGE.status();
        } catch (RiverJob.JobFailedException e) {
            err.println("tigris pipe: the pipeline failed: " + e.getMessage());
            return ExitCode.FAILED.status();
        }
    }

    private static ClassLoader loader(List<Path> jars) throws IOException {
        if (jars.isEmpty()) {
            return PipeCommand.class.getClassLoader();
        }
        URL[] urls = new URL[jars.size()];
        for (int k = 0; k < urls.length; k++) {
            urls[k] = jars.get(k).toUri().toURL();
        }
        return new URLClassLoader("tigris-pipe-filters", urls, PipeCommand.class.getClassLoader());
    }

    private int usage(PrintStream err, String problem) {
        err.println("tigris pipe: " + problem);
        err.println(usage());
        return ExitCode.USAGE.status();
    }
}
