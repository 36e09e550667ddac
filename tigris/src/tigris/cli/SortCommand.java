package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

import tigris.sort.LocalSort;
import tigris.sort.SortPlan;
import tigris.sort.SortReport;

/**
 * {@code tigris sort}: TigrisSort on this machine (doc/tigrissort.md).
 *
 * <pre>
 * tigris sort [-p PARTITIONERS] [-s SORTERS] [--memory SIZE] [--tmp DIR] [--water SIZE] [--window N] [--no-sync] [-q] INPUT OUTPUT
 * </pre>
 *
 * Prints a progress line each second on standard error (unless {@code -q}) and the report on
 * standard output; exits 0 when OUTPUT holds INPUT's records in order, 1 when the sort failed,
 * 2 for a bad command.
 */
public final class SortCommand {
    private SortCommand() {
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        int cores = Runtime.getRuntime().availableProcessors();
        int partitioners = cores;
        int sorters = cores;
        long memory = -1;
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        int water = 1_000_000;
        int window = 8;
        boolean sync = true;
        boolean quiet = false;
        int i = 0;
        try {
            for (; i < args.length && args[i].startsWith("-") && args[i].length() > 1; i++) {
                String a = args[i];
                switch (a) {
                    case "-p" -> partitioners = (int) number(a, value(args, ++i, a));
                    case "-s" -> sorters = (int) number(a, value(args, ++i, a));
                    case "--memory" -> memory = size(a, value(args, ++i, a));
                    case "--tmp" -> tmp = Path.of(value(args, ++i, a));
                    case "--water" -> water = (int) size(a, value(args, ++i, a));
                    case "--window" -> window = (int) number(a, value(args, ++i, a));
                    case "--no-sync" -> sync = false;
                    case "-q" -> quiet = true;
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
        if (memory < 0) {
            // Records off-heap and their keys on the heap; direct memory is bounded by the heap's size by default.
            memory = Math.max(1L << 20, (long) (Runtime.getRuntime().maxMemory() * 0.8) / sorters);
        }
        SortPlan plan;
        try {
            plan = new SortPlan(Path.of(args[i]), Path.of(args[i + 1]), partitioners, sorters, memory, tmp, water, window, sync);
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        }
        boolean q = quiet;
        try {
            SortReport report = LocalSort.run(plan, p -> {
                if (!q) {
                    err.println(p.line());
                }
            }, 1000);
            out.println(report);
            return 0;
        } catch (IOException e) {
            err.println("tigris sort: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            err.println("tigris sort: interrupted");
            return 1;
        }
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

    private static int usage(PrintStream err, String problem) {
        err.println("tigris sort: " + problem);
        err.println("usage: tigris sort [-p PARTITIONERS] [-s SORTERS] [--memory SIZE] [--tmp DIR] [--water SIZE] [--window N] [--no-sync] [-q] INPUT OUTPUT");
        return 2;
    }
}
