/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

import tigris.sort.RecordFileGenerator;
import tigris.sort.RecordGenerator;
import tigris.sort.Uint128;

/**
 * {@code tigris gensort}: sortbenchmark.org's gensort 1.5, with its arguments and output, so that
 * scripts written for it run unchanged (doc/tigrissort.md).
 *
 * <pre>
 * tigris gensort [-a] [-c] [-bSTARTING_REC_NUM] [-tN] NUM_RECS FILE_NAME[,opts]
 * </pre>
 *
 * The file options of gensort's multi-threaded build ({@code ,buf ,dir ,trans=N ,count=N}) are
 * accepted and have no effect: writes go through the page cache. {@code -s} (skewed keys) is not
 * supported and says so.
 */
public final class GenSortCommand {
    private GenSortCommand() {
    }

    /**
     * Runs gensort.
     *
     * @param args the arguments after {@code gensort}, as gensort 1.5 takes them; not null
     * @param err where the checksum ({@code -c}, lower-case hex), a failed write and a usage
     *        error are printed, as gensort does; gensort prints nothing on standard output
     * @return the exit status: 0; 1 for a failed write; 2 for bad arguments (where the C tool
     *         also says 1)
     */
    public static int run(String[] args, PrintStream err) {
        RecordGenerator.Format format = RecordGenerator.Format.BINARY;
        boolean checksum = false;
        Uint128 start = Uint128.ZERO;
        int threads = Runtime.getRuntime().availableProcessors();
        int i = 0;
        try {
            for (; i < args.length && args[i].startsWith("-") && args[i].length() > 1; i++) {
                String a = args[i];
                switch (a.charAt(1)) {
                    case 'a' -> format = RecordGenerator.Format.ASCII;
                    case 'c' -> checksum = true;
                    case 'b' -> start = Uint128.parseDecimal(a.substring(2));
                    case 't' -> threads = threads(a.substring(2));
                    case 's' -> {
                        return usage(err, "-s (skewed keys) is not supported by tigris gensort");
                    }
                    default -> {
                        return usage(err, "unknown option " + a);
                    }
                }
            }
        } catch (NumberFormatException e) {
            return usage(err, "bad number in " + args[i] + ": " + e.getMessage());
        }
        if (args.length - i != 2) {
            return usage(err, "NUM_RECS and FILE_NAME are needed");
        }
        Uint128 count;
        try {
            count = Uint128.parseDecimal(args[i]);
        } catch (NumberFormatException e) {
            return usage(err, "NUM_RECS: " + e.getMessage());
        }
        if (!count.fitsLong()) {
            return usage(err, "NUM_RECS " + count + " is more records than fit in a file");
        }
        String name;
        try {
            name = fileName(args[i + 1]);
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        }
        Path file = name.equals("/dev/null") ? null : Path.of(name);
        try {
            Uint128 sum = RecordFileGenerator.generate(file, format, start, count.lo(), threads, checksum);
            if (checksum) {
                err.println(sum.toHex());
            }
            return 0;
        } catch (IOException e) {
            err.println(name + ": " + describe(e));
            return 1;
        }
    }

    private static int threads(String n) {
        int t = Integer.parseInt(n);
        // gensort: 0 means one thread per processor
        return t <= 0 ? Runtime.getRuntime().availableProcessors() : t;
    }

    /** FILE_NAME without the multi-threaded gensort's ",opts" suffix (checked, then ignored). */
    static String fileName(String arg) {
        int comma = arg.indexOf(',');
        if (comma < 0) {
            return arg;
        }
        for (String opt : arg.substring(comma + 1).split(",")) {
            if (!(opt.equals("buf") || opt.equals("dir") || opt.matches("trans=\\d+[kmgKMG]?") || opt.matches("count=\\d+"))) {
                throw new IllegalArgumentException("unknown file option '" + opt + "' in " + arg);
            }
        }
        return arg.substring(0, comma);
    }

    static String describe(IOException e) {
        String m = e.getMessage();
        return switch (e) {
            case java.nio.file.NoSuchFileException x -> "No such file or directory";
            case java.nio.file.AccessDeniedException x -> "Permission denied";
            default -> m != null ? m : e.toString();
        };
    }

    static final String USAGE = """
                        usage: tigris gensort [-a] [-c] [-bSTARTING_REC_NUM] [-tN] NUM_RECS FILE_NAME[,opts]
                        -a        Generate ascii records (PennySort, JouleSort); binary records by default.
                        -c        Send the sum of the crc32 checksums of the generated records to standard error.
                        -bN       Set the beginning record generated to N (default 0).
                        -tN       Use N threads (default: one per processor).
                        NUM_RECS  The number of sequential records to generate.
                        FILE_NAME The file to write the records to (/dev/null: do not write them).
                                  ,buf ,dir ,trans=N[k,m,g] ,count=N are accepted and ignored.
                        Records are byte-identical to sortbenchmark.org's gensort 1.5.
                        Exit status: 0 written, 1 the write failed, 2 bad arguments (the C tool exits 1 for both).""";

    private static int usage(PrintStream err, String problem) {
        err.println("gensort: " + problem);
        err.println(USAGE);
        return ExitCode.USAGE.status();
    }
}
