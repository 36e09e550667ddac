/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import tigris.sort.InvalidRecordFileException;
import tigris.sort.KeyOrder;
import tigris.sort.PartitionSummary;
import tigris.sort.SortValidator;

/**
 * {@code tigris valsort}: sortbenchmark.org's valsort 1.5, with its arguments, messages, summary
 * files and exit status (0 when every record is in order), so that scripts written for it run
 * unchanged (doc/tigrissort.md).
 *
 * <pre>
 * tigris valsort [-i] [-q] [-tN] [-o SUMMARY_FILE] [-s] FILE_NAME[,opts]
 * </pre>
 */
public final class ValSortCommand {
    private ValSortCommand() {
    }

    /**
     * Runs valsort.
     *
     * @param args the arguments after {@code valsort}, as valsort 1.5 takes them; not null
     * @param err where the report ({@code Records:}, {@code Checksum:}, the verdict; nothing with
     *        {@code -q}), an unreadable file and a usage error are printed, as valsort does
     * @return the exit status: 0 when every record is in order (an empty file is); 1 when one is
     *         not, or a file cannot be read or written, or is not whole records (or summaries);
     *         2 for bad arguments
     */
    public static int run(String[] args, PrintStream err) {
        KeyOrder order = KeyOrder.BYTES;
        boolean quiet = false;
        boolean summaries = false;
        Path summaryOut = null;
        int threads = Runtime.getRuntime().availableProcessors();
        int i = 0;
        for (; i < args.length && args[i].startsWith("-") && args[i].length() > 1; i++) {
            String a = args[i];
            switch (a.charAt(1)) {
                case 'i' -> order = KeyOrder.ASCII_IGNORE_CASE;
                case 'q' -> quiet = true;
                case 's' -> summaries = true;
                case 'o' -> {
                    if (i + 2 >= args.length || args[i + 1].startsWith("-")) {
                        return usage(err, "-o needs a SUMMARY_FILE before FILE_NAME");
                    }
                    summaryOut = Path.of(args[++i]);
                }
                case 't' -> {
                    try {
                        int t = Integer.parseInt(a.substring(2));
                        threads = t <= 0 ? Runtime.getRuntime().availableProcessors() : t;
                    } catch (NumberFormatException e) {
                        return usage(err, "bad thread count in " + a);
                    }
                }
                default -> {
                    return usage(err, "unknown option " + a);
                }
            }
        }
        if (args.length - i != 1) {
            return usage(err, "one FILE_NAME is needed");
        }
        String name;
        try {
            name = GenSortCommand.fileName(args[i]);
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        }
        Path file = Path.of(name);
        PartitionSummary s;
        try {
            s = summaries ? joinSummaries(file, order) : SortValidator.validate(file, threads, order);
        } catch (InvalidRecordFileException e) {
            err.println(e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println(name + ": " + GenSortCommand.describe(e));
            return 1;
        }
        if (summaryOut != null) {
            try {
                Files.write(summaryOut, s.toBytes());
            } catch (IOException e) {
                err.println(summaryOut + ": " + GenSortCommand.describe(e));
                return 1;
            }
        }
        if (!quiet) {
            s.report().forEach(err::println);
        }
        return s.isOrdered() ? 0 : 1;
    }

    /** {@code -s}: a file of concatenated summaries (valsort -o of each partition, in order). */
    private static PartitionSummary joinSummaries(Path file, KeyOrder order) throws IOException {
        byte[] all = Files.readAllBytes(file);
        if (all.length == 0) {
            throw new InvalidRecordFileException(file + ": there must be at least one record to be validated");
        }
        if (all.length % PartitionSummary.BYTES != 0) {
            throw new InvalidRecordFileException(file + ": partial partition summary found at end (size " + all.length
                            + " is not a multiple of " + PartitionSummary.BYTES + ")");
        }
        PartitionSummary s = PartitionSummary.fromBytes(all, 0);
        for (int at = PartitionSummary.BYTES; at < all.length; at += PartitionSummary.BYTES) {
            s = s.then(PartitionSummary.fromBytes(all, at), order);
        }
        return s;
    }

    static final String USAGE = """
                        usage: tigris valsort [-i] [-q] [-tN] [-o SUMMARY_FILE] [-s] FILE_NAME[,opts]
                        -i        Use case insensitive ascii comparisons (optional for PennySort).
                        -q        Quiet mode, don't output diagnostic text.
                        -tN       Use N threads (default: one per processor).
                        -o SUMMARY_FILE  Output a summary of the validated records; summaries of the parts of
                                  a partitioned output, concatenated in order, are checked with -s.
                        -s        The file to validate contains partition summaries instead of records.
                        The report goes to standard error (as valsort 1.5's); the exit status is the verdict:
                        0 in order (an empty file is), 1 out of order or unreadable, 2 bad arguments.""";

    private static int usage(PrintStream err, String problem) {
        err.println("valsort: " + problem);
        err.println(USAGE);
        return ExitCode.USAGE.status();
    }
}
