package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import tigris.graph.LocalRiver;
import tigris.graph.RiverGraph;
import tigris.graph.RiverReport;
import tigris.pipe.FilterDefinition;
import tigris.pipe.FilterRegistry;
import tigris.pipe.Pipeline;
import tigris.pipe.PipelinePlan;
import tigris.pipe.PipelineSyntaxException;

/**
 * {@code tigris pipe 'EXPRESSION'}: a pipeline in Streamline's syntax, planned into a river and run
 * on this host (doc/pipelines.md). What it writes to its standard output is the pipeline's; its
 * messages go to standard error.
 */
final class PipeCommand implements Command {
    @Override
    public String usage() {
        return """
                        usage: tigris pipe [--explain] [--jar JAR]... [--timeout SECONDS] EXPRESSION...
                               tigris pipe --filters [--jar JAR]...
                        Runs a pipeline written as a shell pipeline with Streamline's extensions (doc/pipelines.md) on this host:
                          tigris pipe 'file in=log.txt | grep -v DEBUG | gzip | file out=log.gz'
                        Filters are Tigris's own (--filters lists them), those of the jars given with --jar (META-INF/services/
                        tigris.pipe.FilterDefinition), or any other program on PATH, run as a process. A pipeline that begins with a
                        filter reads standard input; one that ends with a filter writes standard output. The words after the options
                        are the expression, joined by spaces. --explain prints the plan and runs nothing. --timeout bounds the run
                        (default: none). Exit status: 0 done, 1 the pipeline failed, 2 the expression or an option is wrong.""";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        boolean explain = false;
        boolean list = false;
        long timeout = 0;
        List<Path> jars = new ArrayList<>();
        int i = 0;
        for (; i < args.length && args[i].startsWith("--"); i++) {
            switch (args[i]) {
                case "--explain" -> explain = true;
                case "--filters" -> list = true;
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
        PipelinePlan plan;
        RiverGraph graph;
        try {
            plan = PipelinePlan.of(Pipeline.parse(text), registry);
            graph = plan.river("pipe");
        } catch (PipelineSyntaxException e) {
            err.println("tigris pipe: " + e.withCaret("  "));
            return ExitCode.USAGE.status();
        } catch (tigris.graph.GraphException e) {
            err.println("tigris pipe: the pipeline is not a river Tigris can run: " + e.getMessage());
            return ExitCode.USAGE.status();
        }
        if (explain) {
            out.print(plan.explain());
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
