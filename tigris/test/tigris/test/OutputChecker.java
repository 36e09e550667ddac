/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Compares what a disturbed run of a river committed with what an undisturbed run of it
 * committed, the one check every fault test makes: the same parts, each with its job marker;
 * the same multiset of records across them (none lost, none doubled, named by count); and byte
 * for byte the same parts where the river is deterministic. {@link #assertNothingStaged}, once
 * every node that staged for the job has committed or fenced itself: nothing half-written left.
 *
 * @param recordBytes a record's size, or 0 for records that are lines
 * @param deterministic whether each part must be byte for byte the undisturbed run's
 */
record OutputChecker(int recordBytes, boolean deterministic) {
    /** TigrisSort's 100-byte records, in parts that are the same bytes every run. */
    static final OutputChecker SORT = new OutputChecker(100, true);

    /** The output parts of one run, in node order. */
    record Parts(String run, List<Path> files) {
        Parts {
            files = List.copyOf(files);
        }
    }

    /** Asserts that {@code run} committed what {@code undisturbed} did (see the class comment). */
    void assertSame(Parts undisturbed, Parts run) throws IOException {
        assertEquals(undisturbed.files().size(), run.files().size(), "parts of " + run.run());
        for (Path p : run.files()) {
            assertTrue(Files.isRegularFile(p), run.run() + ": no part " + p);
            Path marker = p.resolveSibling(p.getFileName() + ".committed");
            assertTrue(Files.isRegularFile(marker) && Files.readString(marker).contains("committed " + run.files().size() + " part(s)"),
                            run.run() + ": no job marker beside " + p);
        }
        long[] want = hashes(undisturbed.files());
        long[] got = hashes(run.files());
        String diff = multisetDifference(want, got);
        if (!diff.isEmpty()) {
            fail(run.run() + " committed other records than the undisturbed run " + undisturbed.run() + ": " + diff);
        }
        if (deterministic) {
            for (int i = 0; i < run.files().size(); i++) {
                long at = Files.mismatch(undisturbed.files().get(i), run.files().get(i));
                assertEquals(-1, at, run.run() + ": part " + (i + 1) + " differs from the undisturbed run's at byte " + at);
            }
        }
    }

    /**
     * Asserts that, within {@code within}, no staged output (a hidden sibling of a part: an
     * attempt's file, a marker half-written) is left beside {@code run}'s parts: a node deletes
     * what a fenced attempt staged once that attempt's threads are gone.
     */
    static void assertNothingStaged(Parts run, java.time.Duration within) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        List<String> staged = staged(run);
        while (!staged.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            staged = staged(run);
        }
        assertTrue(staged.isEmpty(), run.run() + ": staged outputs left behind: " + staged);
    }

    private static List<String> staged(Parts run) throws IOException {
        try (Stream<Path> all = Files.list(run.files().getFirst().getParent())) {
            return all.map(f -> f.getFileName().toString()).filter(f -> run.files().stream().anyMatch(p -> f.startsWith("." + p.getFileName() + "."))).toList();
        }
    }

    /** The records' 64-bit hashes, sorted. */
    private long[] hashes(List<Path> files) throws IOException {
        long[] h = new long[1024];
        int n = 0;
        for (Path f : files) {
            byte[] all = Files.readAllBytes(f);
            int start = 0;
            while (start < all.length) {
                int end;
                if (recordBytes > 0) {
                    end = Math.min(all.length, start + recordBytes);
                } else {
                    end = start;
                    while (end < all.length && all[end] != '\n') {
                        end++;
                    }
                }
                if (n == h.length) {
                    h = Arrays.copyOf(h, n * 2);
                }
                h[n++] = hash(all, start, end);
                start = recordBytes > 0 ? end : end + 1;
            }
        }
        h = Arrays.copyOf(h, n);
        Arrays.sort(h);
        return h;
    }

    /** FNV-1a, 64 bits: records are compared by hash, and equal multisets have equal sorted hashes. */
    private static long hash(byte[] b, int from, int to) {
        long x = 0xcbf29ce484222325L;
        for (int i = from; i < to; i++) {
            x = (x ^ (b[i] & 0xff)) * 0x100000001b3L;
        }
        return x;
    }

    /** Empty if the sorted arrays are equal; else how many records are missing and how many extra. */
    static String multisetDifference(long[] want, long[] got) {
        int i = 0;
        int j = 0;
        long missing = 0;
        long extra = 0;
        while (i < want.length || j < got.length) {
            if (j == got.length || (i < want.length && want[i] < got[j])) {
                missing++;
                i++;
            } else if (i == want.length || got[j] < want[i]) {
                extra++;
                j++;
            } else {
                i++;
                j++;
            }
        }
        if (missing == 0 && extra == 0) {
            return "";
        }
        List<String> d = new ArrayList<>();
        d.add(want.length + " records undisturbed, " + got.length + " here");
        if (missing > 0) {
            d.add(missing + " missing");
        }
        if (extra > 0) {
            d.add(extra + " extra (doubled or foreign)");
        }
        return String.join(", ", d);
    }
}
