/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compares one jtreg run of HotSpot's own tests on the stock JDK with the same run on build/jdk
 * (make test-hotspot, doc/hotspot-tests.md): counts per directory, every test that passes on stock
 * and fails on Jaguar (a failure of this tool), and why tests fail on both. Writes a Markdown report.
 *
 * Usage: java HotspotTestComparison.java OUT.md STOCK_REPORT_DIR STOCK_SECONDS JAGUAR_REPORT_DIR
 *        JAGUAR_SECONDS PROBLEM_LIST DIRECTORY...
 * A report dir is jtreg's -reportDir (its text/summary.txt is read). Exit status 1 on a regression.
 */
public final class HotspotTestComparison {

    enum Outcome {
        PASSED, FAILED, ERROR;

        static Outcome of(String word) {
            return switch (word) {
                case "Passed." -> PASSED;
                case "Failed." -> FAILED;
                case "Error." -> ERROR;
                default -> null;
            };
        }
    }

    /** One test's result in one run: its outcome and jtreg's one-line reason. */
    record Result(Outcome outcome, String reason) {
        boolean passed() {
            return outcome == Outcome.PASSED;
        }
    }

    /** A run's results by test name, read from jtreg's text summary. */
    static Map<String, Result> readSummary(Path reportDir) throws IOException {
        Path summary = reportDir.resolve("text/summary.txt");
        if (!Files.isRegularFile(summary)) {
            throw new IOException("no jtreg summary at " + summary + " (did that jtreg run start?)");
        }
        Map<String, Result> results = new TreeMap<>();
        for (String line : Files.readAllLines(summary)) {
            String[] parts = line.trim().split("\\s+", 3);
            if (parts.length < 2) {
                continue;
            }
            Outcome outcome = Outcome.of(parts[1]);
            if (outcome == null) {
                throw new IOException(summary + ": unexpected line '" + line + "'");
            }
            results.put(parts[0], new Result(outcome, parts.length > 2 ? parts[2] : ""));
        }
        return results;
    }

    /** The entries of a ProblemList (test, reason), the reason being the comment lines above it. */
    static Map<String, String> readProblemList(Path file) throws IOException {
        Map<String, String> entries = new LinkedHashMap<>();
        StringBuilder comment = new StringBuilder();
        for (String line : Files.readAllLines(file)) {
            String t = line.trim();
            if (t.startsWith("#")) {
                comment.append(comment.isEmpty() ? "" : " ").append(t.substring(1).trim());
            } else if (t.isEmpty()) {
                comment.setLength(0);
            } else {
                String[] parts = t.split("\\s+");
                entries.put(parts[0], comment.toString());
            }
        }
        return entries;
    }

    static final class Counts {
        int tests, stockPassed, jaguarPassed, regressions, bothFail, jaguarOnly;
    }

    public static void main(String[] args) {
        try {
            compare(args);
        } catch (IOException e) {
            // A run that never started (a test path that does not exist, a JDK that does not
            // start): jtreg said why in the run's jtreg.log, beside its report directory.
            System.err.println("HotspotTestComparison: " + e.getMessage() + "; see jtreg.log beside that report directory");
            System.exit(2);
        }
    }

    static void compare(String[] args) throws IOException {
        if (args.length < 7) {
            System.err.println("usage: HotspotTestComparison OUT.md STOCK_REPORT STOCK_SECONDS JAGUAR_REPORT JAGUAR_SECONDS PROBLEM_LIST DIRECTORY...");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        Map<String, Result> stock = readSummary(Path.of(args[1]));
        long stockSeconds = Long.parseLong(args[2]);
        Map<String, Result> jaguar = readSummary(Path.of(args[3]));
        long jaguarSeconds = Long.parseLong(args[4]);
        Map<String, String> problems = readProblemList(Path.of(args[5]));
        List<String> directories = new ArrayList<>(List.of(args).subList(6, args.length));
        directories.sort(Comparator.comparingInt(String::length).reversed());

        Map<String, Counts> byDirectory = new TreeMap<>();
        List<String> regressions = new ArrayList<>();
        List<String> bothFail = new ArrayList<>();
        List<String> jaguarOnly = new ArrayList<>();
        TreeSet<String> names = new TreeSet<>(stock.keySet());
        names.addAll(jaguar.keySet());
        for (String name : names) {
            String dir = directories.stream().filter(d -> name.startsWith(d.endsWith(".java") ? d : d + "/"))
                    .findFirst().orElse(name.substring(0, Math.max(0, name.lastIndexOf('/'))));
            Counts c = byDirectory.computeIfAbsent(dir, d -> new Counts());
            Result s = stock.get(name);
            Result j = jaguar.get(name);
            c.tests++;
            if (s != null && s.passed()) {
                c.stockPassed++;
            }
            if (j != null && j.passed()) {
                c.jaguarPassed++;
            }
            if ((s == null || s.passed()) && (j == null || !j.passed())) {
                c.regressions++;
                regressions.add(name + ": " + (j == null ? "did not run on Jaguar" : j.reason())
                        + (s == null ? " (did not run on stock)" : ""));
            } else if (s != null && !s.passed() && j != null && !j.passed()) {
                c.bothFail++;
                bothFail.add(name + ": stock: " + s.reason() + "; Jaguar: " + j.reason());
            } else if ((s == null || !s.passed()) && j != null && j.passed()) {
                c.jaguarOnly++;
                jaguarOnly.add(name + (s == null ? ": did not run on stock" : ": stock: " + s.reason()));
            }
        }

        Counts total = new Counts();
        StringBuilder md = new StringBuilder();
        md.append("| directory | tests | stock passed | Jaguar passed | fail on Jaguar only | fail on both | pass on Jaguar only |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|\n");
        byDirectory.forEach((dir, c) -> {
            md.append(row(dir, c));
            total.tests += c.tests;
            total.stockPassed += c.stockPassed;
            total.jaguarPassed += c.jaguarPassed;
            total.regressions += c.regressions;
            total.bothFail += c.bothFail;
            total.jaguarOnly += c.jaguarOnly;
        });
        md.append(row("**all**", total));
        md.append(String.format("%nStock pass rate %.1f%% (%d of %d); Jaguar %.1f%%. Time: stock %d:%02d, Jaguar %d:%02d (wall, one jtreg run each).%n",
                100.0 * total.stockPassed / Math.max(1, total.tests), total.stockPassed, total.tests,
                100.0 * total.jaguarPassed / Math.max(1, total.tests),
                stockSeconds / 60, stockSeconds % 60, jaguarSeconds / 60, jaguarSeconds % 60));
        md.append("\njtreg's counts (tests not run: upstream's ProblemList, `@requires` of other platforms or debug builds, keywords):\n\n");
        md.append("- stock: ").append(stats(Path.of(args[1]))).append('\n');
        md.append("- Jaguar: ").append(stats(Path.of(args[3]))).append('\n');
        section(md, "Fail on Jaguar only (regressions)", regressions);
        section(md, "Fail on both", bothFail);
        section(md, "Pass on Jaguar only", jaguarOnly);
        List<String> excluded = new ArrayList<>();
        problems.forEach((test, why) -> {
            if (directories.stream().anyMatch(d -> test.startsWith(d.endsWith(".java") ? d : d + "/"))) {
                excluded.add(test + ": " + (why.isEmpty() ? "(no reason given)" : why));
            }
        });
        section(md, "Excluded on both by " + Path.of(args[5]).getFileName(), excluded);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, md);

        System.out.printf("HotSpot tests: %d run on both; stock passed %d, Jaguar passed %d; %d fail on Jaguar only, %d on both (report: %s)%n",
                total.tests, total.stockPassed, total.jaguarPassed, total.regressions, total.bothFail, out);
        for (String r : regressions) {
            System.out.println("  FAILS ON JAGUAR ONLY: " + r);
        }
        System.exit(regressions.isEmpty() ? 0 : 1);
    }

    /** jtreg's one-line totals of a run (its text/stats.txt). */
    static String stats(Path reportDir) throws IOException {
        Path stats = reportDir.resolve("text/stats.txt");
        return Files.isRegularFile(stats) ? Files.readString(stats).strip() : "(no stats.txt)";
    }

    static String row(String dir, Counts c) {
        return "| " + dir + " | " + c.tests + " | " + c.stockPassed + " | " + c.jaguarPassed + " | "
                + c.regressions + " | " + c.bothFail + " | " + c.jaguarOnly + " |\n";
    }

    static void section(StringBuilder md, String title, List<String> lines) {
        md.append("\n### ").append(title).append(" (").append(lines.size()).append(")\n\n");
        if (lines.isEmpty()) {
            md.append("none\n");
        }
        for (String l : lines) {
            md.append("- ").append(l).append('\n');
        }
    }
}
