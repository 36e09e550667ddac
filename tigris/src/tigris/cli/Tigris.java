/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;


/**
 * The {@code tigris} command of Jaguar's JDK ({@code build/jdk/bin/tigris}): one {@link Command}
 * per subcommand. Every subcommand answers {@code --help} (or {@code -h}) with its usage on
 * standard output and status 0; a bad option or argument is status 2 with the problem and the
 * usage on standard error; a fault of Tigris's own is status 3 and one line, with the stack trace
 * only under {@code --debug} (anywhere in the arguments) or {@code TIGRIS_DEBUG=1}.
 */
public final class Tigris {
    private Tigris() {
    }

    private static final Map<String, Command> COMMANDS = commands();

    private static Map<String, Command> commands() {
        Map<String, Command> m = new LinkedHashMap<>();
        m.put("keygen", new KeygenCommand());
        m.put("cert", new CertCommand());
        m.put("revoke", new RevokeCommand());
        m.put("node", new NodeCommand());
        m.put("run", new RunCommand());
        m.put("pipe", new PipeCommand());
        m.put("gensort", new Command() {
            public String usage() {
                return GenSortCommand.USAGE;
            }

            public int run(String[] args, PrintStream out, PrintStream err) {
                return GenSortCommand.run(args, err);
            }
        });
        m.put("valsort", new Command() {
            public String usage() {
                return ValSortCommand.USAGE;
            }

            public int run(String[] args, PrintStream out, PrintStream err) {
                return ValSortCommand.run(args, err);
            }
        });
        m.put("sort", new Command() {
            public String usage() {
                return SortCommand.USAGE;
            }

            public int run(String[] args, PrintStream out, PrintStream err) {
                return SortCommand.run(args, out, err);
            }
        });
        return m;
    }

    /**
     * The {@code tigris} launcher's entry point: runs the subcommand {@code args[0]} and exits the
     * JVM with its status ({@link ExitCode}); with no arguments prints the overview on standard
     * error (status 2), with {@code --version} the versions of Tigris and its JDK.
     *
     * @param args the subcommand's name and its arguments; {@code --debug} anywhere among them is
     *        taken out and turns on stack traces of internal errors
     */
    public static void main(String[] args) {
        List<String> all = Arrays.asList(args);
        boolean debug = all.contains("--debug") || "1".equals(System.getenv("TIGRIS_DEBUG"));
        String[] rest = all.stream().filter(a -> !a.equals("--debug")).toArray(String[]::new);
        int status = exitCode(rest, System.out, System.err, debug);
        System.out.flush();
        System.exit(status);
    }

    /** Runs the subcommand {@code args} name; returns its exit status. */
    static int exitCode(String[] args, PrintStream out, PrintStream err, boolean debug) {
        if (args.length > 0 && List.of("--version", "version").contains(args[0])) {
            out.println(version());
            return ExitCode.OK.status();
        }
        if (args.length == 0 || List.of("help", "--help", "-h").contains(args[0])) {
            (args.length == 0 ? err : out).println(overview());
            return args.length == 0 ? ExitCode.USAGE.status() : ExitCode.OK.status();
        }
        Command c = COMMANDS.get(args[0]);
        if (c == null) {
            err.println("tigris: unknown command '" + args[0] + "'");
            err.println(overview());
            return ExitCode.USAGE.status();
        }
        return run(c, args[0], Arrays.copyOfRange(args, 1, args.length), out, err, debug);
    }

    /**
     * Runs subcommand {@code c} (named {@code name}) on {@code args}: its usage for {@code --help},
     * else its own status, or {@link ExitCode#INTERNAL} and one line for anything it did not expect.
     *
     * @param c the subcommand; not null
     * @param name its name on the command line, for the internal error's message
     * @param args its arguments (after its name); {@code --help} or {@code -h} among them prints
     *        the usage on {@code out} instead of running it
     * @param out standard output, handed to the command
     * @param err standard error, handed to the command; an internal error is reported here
     * @param debug whether an internal error is followed by its stack trace
     * @return the exit status: the command's, 0 for {@code --help}, or 3 ({@link ExitCode#INTERNAL})
     *         for any {@link Throwable} it threw
     */
    public static int run(Command c, String name, String[] args, PrintStream out, PrintStream err, boolean debug) {
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            out.println(c.usage());
            return ExitCode.OK.status();
        }
        try {
            return c.run(args, out, err);
        } catch (Throwable t) {
            err.println("tigris " + name + ": internal error: " + t + (debug ? "" : "; run with --debug or TIGRIS_DEBUG=1 for the stack trace"));
            if (debug) {
                t.printStackTrace(err);
            }
            return ExitCode.INTERNAL.status();
        }
    }

    /**
     * What {@code tigris --version} prints: Tigris's version (its module's, which the build sets
     * to Jaguar's), then the JDK it runs on, as {@code java -version} names it, and where.
     */
    static String version() {
        String tigris = Tigris.class.getModule().getDescriptor() == null ? null
                        : Tigris.class.getModule().getDescriptor().rawVersion().orElse(null);
        String vendor = System.getProperty("java.vendor.version");
        return "tigris " + (tigris == null ? "(unversioned build)" : tigris + " (Jaguar " + tigris + ")") + "\n"
                        + "JDK " + System.getProperty("java.runtime.version") + (vendor == null ? "" : ", " + vendor) + " ("
                        + System.getProperty("java.vm.name") + ", " + System.getProperty("java.vendor") + ") at "
                        + System.getProperty("java.home");
    }

    /**
     * Each subcommand's name and usage, in the overview's order: the text of tigris(1) too.
     *
     * @return a new map, subcommand name to its {@link Command#usage()}, in the overview's order
     */
    public static Map<String, String> usages() {
        Map<String, String> m = new LinkedHashMap<>();
        COMMANDS.forEach((name, c) -> m.put(name, c.usage()));
        return m;
    }

    /**
     * The usage of {@code tigris} itself: one line per subcommand.
     *
     * @return a first line {@code usage: tigris COMMAND ...}, then each subcommand's usage line
     *         indented two spaces, without {@code usage: }; no final newline
     */
    public static String overview() {
        StringBuilder sb = new StringBuilder("usage: tigris COMMAND [--help] ...   (--debug anywhere: stack traces of internal errors;"
                        + " --version: the versions of tigris and its JDK)\n");
        for (var e : COMMANDS.entrySet()) {
            String first = e.getValue().usage().strip().lines().findFirst().orElse("");
            sb.append("  ").append(first.replaceFirst("^usage: ", "")).append('\n');
        }
        return sb.toString().stripTrailing();
    }
}
