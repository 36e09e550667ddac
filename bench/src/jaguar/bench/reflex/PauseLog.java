/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.reflex;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JVM's own record of when it stopped Java threads: {@code -Xlog:safepoint,handshake:file=F:tn}
 * (the {@code tn} decoration is {@code System.nanoTime()}'s clock). Each line is written when the
 * operation ends and says how long it took, so each is an interval [end - total, end].
 */
final class PauseLog {
    /** A safepoint stops every Java thread; a handshake stops the threads it targets that are in Java code. */
    record Pause(String kind, String name, long start, long end) {
    }

    private static final Pattern SAFEPOINT = Pattern.compile("^\\[(\\d+)ns\\] Safepoint \"([^\"]+)\".*Total: (\\d+) ns");
    private static final Pattern HANDSHAKE = Pattern.compile("^\\[(\\d+)ns\\] Handshake \"([^\"]+)\".*Total completion time: (\\d+) ns");

    private final List<Pause> pauses;

    private PauseLog(List<Pause> pauses) {
        this.pauses = pauses;
    }

    static PauseLog read(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new IllegalArgumentException(file + " does not exist: run the JVM with -Xlog:safepoint,handshake:file=" + file + ":tn");
        }
        List<Pause> list = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            Matcher m = SAFEPOINT.matcher(line);
            String kind = "safepoint";
            if (!m.find()) {
                m = HANDSHAKE.matcher(line);
                kind = "handshake";
                if (!m.find()) {
                    continue;
                }
            }
            long end = Long.parseLong(m.group(1));
            list.add(new Pause(kind, m.group(2), end - Long.parseLong(m.group(3)), end));
        }
        if (list.isEmpty() && Files.size(file) > 0) {
            throw new IllegalArgumentException(file + " has no safepoint or handshake line with a [..ns] time: log with the tn decoration (-Xlog:safepoint,handshake:file="
                            + file + ":tn)");
        }
        list.sort(Comparator.comparingLong(Pause::start));
        return new PauseLog(list);
    }

    /** The pause overlapping [from, to] the longest (a safepoint before a handshake), or null. */
    Pause overlapping(long from, long to) {
        Pause best = null;
        long bestOverlap = 0;
        for (Pause p : pauses) {
            if (p.start() > to) {
                break;
            }
            long overlap = Math.min(p.end(), to) - Math.max(p.start(), from);
            if (overlap > 0 && (best == null || (p.kind().equals("safepoint") && !best.kind().equals("safepoint")) || overlap > bestOverlap
                            && p.kind().equals(best.kind()))) {
                best = p;
                bestOverlap = overlap;
            }
        }
        return best;
    }

    /** Pauses that began in [from, to]: count and the longest, in ns. */
    long[] countAndLongest(String kind, long from, long to) {
        long n = 0;
        long longest = 0;
        for (Pause p : pauses) {
            if (p.kind().equals(kind) && p.start() >= from && p.start() <= to) {
                n++;
                longest = Math.max(longest, p.end() - p.start());
            }
        }
        return new long[] { n, longest };
    }
}
