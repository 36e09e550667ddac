/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** The fault tests' checker catches each way an output can differ from the undisturbed run's. */
class OutputCheckerTest {
    private static final OutputChecker LINES = new OutputChecker(0, true);
    private static final OutputChecker LINES_ANY_ORDER = new OutputChecker(0, false);

    @TempDir
    Path dir;

    private OutputChecker.Parts write(String run, String... parts) throws Exception {
        List<Path> files = new java.util.ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            Path p = Files.writeString(dir.resolve(run + "-" + i), parts[i], StandardCharsets.UTF_8);
            Files.writeString(dir.resolve(run + "-" + i + ".committed"), "river " + run + ": committed " + parts.length + " part(s)\n");
            files.add(p);
        }
        return new OutputChecker.Parts(run, files);
    }

    private String failure(OutputChecker c, OutputChecker.Parts a, OutputChecker.Parts b) {
        return assertThrows(AssertionFailedError.class, () -> c.assertSame(a, b)).getMessage();
    }

    @Test
    void theSameOutputPasses() throws Exception {
        LINES.assertSame(write("u", "a\nb\n", "c\n"), write("r", "a\nb\n", "c\n"));
        LINES_ANY_ORDER.assertSame(write("u2", "a\nb\n", "c\n"), write("r2", "b\na\n", "c\n"));
    }

    @Test
    void aMissingADoubledAndAForeignRecordAreCounted() throws Exception {
        OutputChecker.Parts u = write("u", "a\nb\n", "c\n");
        assertTrue(failure(LINES_ANY_ORDER, u, write("missing", "a\n", "c\n")).contains("1 missing"));
        assertTrue(failure(LINES_ANY_ORDER, u, write("doubled", "a\nb\nb\n", "c\n")).contains("1 extra (doubled or foreign)"));
        String swapped = failure(LINES_ANY_ORDER, u, write("foreign", "a\nx\n", "c\n"));
        assertTrue(swapped.contains("1 missing") && swapped.contains("1 extra"), swapped);
    }

    @Test
    void aDeterministicRiverMustMatchByteForByte() throws Exception {
        OutputChecker.Parts u = write("u", "a\nb\n", "c\n");
        assertTrue(failure(LINES, u, write("order", "b\na\n", "c\n")).contains("part 1 differs from the undisturbed run's at byte 0"));
        // Fixed-size records: a record moved between parts is the same multiset, but not the same parts.
        OutputChecker sort = new OutputChecker(2, true);
        assertTrue(failure(sort, write("u3", "aabb", "cc"), write("moved", "aa", "bbcc")).contains("part 1 differs"));
    }

    @Test
    void aPartWithoutItsJobMarkerOrAMissingPartFails() throws Exception {
        OutputChecker.Parts u = write("u", "a\n", "b\n");
        OutputChecker.Parts r = write("r", "a\n", "b\n");
        Files.delete(dir.resolve("r-1.committed"));
        assertTrue(failure(LINES, u, r).contains("no job marker beside"));
        Files.delete(dir.resolve("r-1"));
        assertTrue(failure(LINES, u, r).contains("no part"));
    }

    @Test
    void aStagedFileLeftBesideAPartFails() throws Exception {
        OutputChecker.Parts r = write("r", "a\n", "b\n");
        OutputChecker.assertNothingStaged(r, Duration.ZERO);
        Files.writeString(dir.resolve(".r-0.tigris-job@2"), "half");
        String m = assertThrows(AssertionFailedError.class, () -> OutputChecker.assertNothingStaged(r, Duration.ofMillis(200))).getMessage();
        assertTrue(m.contains(".r-0.tigris-job@2"), m);
    }
}
