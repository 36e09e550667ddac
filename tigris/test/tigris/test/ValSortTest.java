/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.sort.PartitionSummary;


/** {@code tigris valsort}: valsort 1.5's counts, messages, summary files and exit status. */
class ValSortTest {
    @TempDir
    Path dir;

    static GenSortTest.Run valsort(String... args) {
        return GenSortTest.tigris("valsort", args);
    }

    static byte[][] records(byte[] file) {
        byte[][] r = new byte[file.length / 100][];
        for (int i = 0; i < r.length; i++) {
            r[i] = Arrays.copyOfRange(file, i * 100, i * 100 + 100);
        }
        return r;
    }

    static byte[] join(byte[][] recs) {
        byte[] out = new byte[recs.length * 100];
        for (int i = 0; i < recs.length; i++) {
            System.arraycopy(recs[i], 0, out, i * 100, 100);
        }
        return out;
    }

    static int compareKeys(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, 0, 10, b, 0, 10);
    }

    Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    @Test
    void unsortedInputIsReportedWithItsFirstUnorderedRecord() throws IOException {
        byte[][] recs = records(Files.readAllBytes(GenSortTest.REFERENCE));
        int unordered = 0;
        int first = 0;
        for (int i = 1; i < recs.length; i++) {
            if (compareKeys(recs[i - 1], recs[i]) > 0 && unordered++ == 0) {
                first = i;
            }
        }
        GenSortTest.Run r = valsort(GenSortTest.REFERENCE.toString());
        assertEquals(1, r.status());
        assertEquals("First unordered record is record " + first + "\nRecords: 1000\nChecksum: 1ea6370b955\n"
                        + "ERROR - there are " + unordered + " unordered records\n", r.err());
        assertEquals(new GenSortTest.Run(1, ""), valsort("-q", GenSortTest.REFERENCE.toString()));
    }

    @Test
    void sortedOutputSucceedsWithTheSameChecksumAndCountsDuplicates() throws IOException {
        byte[][] recs = records(Files.readAllBytes(GenSortTest.REFERENCE));
        byte[][] withDups = Arrays.copyOf(recs, recs.length + 3);
        withDups[1000] = recs[7].clone();
        withDups[1001] = recs[7].clone();
        withDups[1002] = recs[300].clone();
        withDups[1002][99] ^= 1;   // same key, other payload
        Arrays.sort(withDups, ValSortTest::compareKeys);
        Path sorted = write("sorted.dat", join(withDups));
        GenSortTest.Run r = valsort(sorted.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().startsWith("Records: 1003\nChecksum: "), r.err());
        assertTrue(r.err().endsWith("Duplicate keys: 3\nSUCCESS - all records are in order\n"), r.err());

        Arrays.sort(recs, ValSortTest::compareKeys);
        GenSortTest.Run plain = valsort(write("plain.dat", join(recs)).toString());
        assertEquals("Records: 1000\nChecksum: 1ea6370b955\nDuplicate keys: 0\nSUCCESS - all records are in order\n", plain.err());
    }

    @Test
    void partitionSummariesJoinToTheWholeFilesVerdict() throws IOException {
        byte[][] recs = records(Files.readAllBytes(GenSortTest.REFERENCE));
        Arrays.sort(recs, ValSortTest::compareKeys);
        int[] cuts = {0, 333, 334, 1000};
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        ByteArrayOutputStream swapped = new ByteArrayOutputStream();
        byte[][] sums = new byte[3][];
        for (int p = 0; p < 3; p++) {
            Path part = write("out" + p + ".dat", join(Arrays.copyOfRange(recs, cuts[p], cuts[p + 1])));
            Path sum = dir.resolve("out" + p + ".sum");
            assertEquals(0, valsort("-o", sum.toString(), part.toString()).status());
            sums[p] = Files.readAllBytes(sum);
            assertEquals(280, sums[p].length);
            ByteBuffer b = ByteBuffer.wrap(sums[p]).order(ByteOrder.LITTLE_ENDIAN);
            assertEquals(cuts[p + 1] - cuts[p], b.getLong(40), "record count: third counter's low half");
            all.write(sums[p]);
        }
        GenSortTest.Run joined = valsort("-s", write("all.sum", all.toByteArray()).toString());
        assertEquals("Records: 1000\nChecksum: 1ea6370b955\nDuplicate keys: 0\nSUCCESS - all records are in order\n", joined.err());
        // parts out of order: the break is found at the boundary, at the first record of the misplaced part
        swapped.write(sums[0]);
        swapped.write(sums[2]);
        swapped.write(sums[1]);
        GenSortTest.Run bad = valsort("-s", write("swapped.sum", swapped.toByteArray()).toString());
        assertEquals(1, bad.status());
        assertEquals("First unordered record is record " + (cuts[1] + (cuts[3] - cuts[2])) + "\nRecords: 1000\n"
                        + "Checksum: 1ea6370b955\nERROR - there are 1 unordered records\n", bad.err());
    }

    @Test
    void threadsGiveTheSameSummaryAsOneThread() throws IOException {
        Path big = dir.resolve("big.dat");
        assertEquals(0, GenSortTest.gensort("-b77", "300000", big.toString()).status());
        Path s1 = dir.resolve("t1.sum");
        Path s3 = dir.resolve("t3.sum");
        GenSortTest.Run one = valsort("-t1", "-o", s1.toString(), big.toString());
        GenSortTest.Run three = valsort("-t3", "-o", s3.toString(), big.toString());
        assertEquals(one, three);
        assertEquals(-1, Files.mismatch(s1, s3));
        assertTrue(one.err().contains("Records: 300000\n"), one.err());
    }

    @Test
    void caseInsensitiveOrderForAsciiKeys() throws IOException {
        byte[] a = "aBc       ".getBytes(StandardCharsets.US_ASCII);
        byte[] b = "AbD       ".getBytes(StandardCharsets.US_ASCII);
        byte[][] recs = {Arrays.copyOf(a, 100), Arrays.copyOf(b, 100)};
        Path f = write("ascii.dat", join(recs));
        assertEquals(1, valsort("-q", f.toString()).status(), "'a' > 'A' as bytes");
        assertEquals(0, valsort("-q", "-i", f.toString()).status(), "abc < abd ignoring case");
    }

    @Test
    void badFilesAreNamed() throws IOException {
        GenSortTest.Run partial = valsort(write("partial.dat", new byte[250]).toString());
        assertEquals(1, partial.status());
        assertTrue(partial.err().contains("partial record found at end"), partial.err());
        GenSortTest.Run missing = valsort(dir.resolve("nope.dat").toString());
        assertEquals(1, missing.status());
        assertTrue(missing.err().contains("nope.dat: No such file or directory"), missing.err());
        GenSortTest.Run partialSummary = valsort("-s", write("bad.sum", new byte[300]).toString());
        assertTrue(partialSummary.err().contains("partial partition summary found at end"), partialSummary.err());
        assertEquals(2, valsort("-o").status(), "bad arguments: 2 (the C tool says 1)");
        assertEquals(2, valsort("-x", "f").status());
    }

    /** valsort 1.5 refuses an empty file; the sort of an empty input is an empty output, in order. */
    @Test
    void anEmptyFileIsInOrder() throws IOException {
        GenSortTest.Run empty = valsort(write("empty.dat", new byte[0]).toString());
        assertEquals(0, empty.status(), empty.err());
        assertTrue(empty.err().contains("Records: 0") && empty.err().contains("SUCCESS"), empty.err());
        Path sum = dir.resolve("empty.sum");
        assertEquals(0, valsort("-o", sum.toString(), write("empty2.dat", new byte[0]).toString()).status());
        assertEquals(PartitionSummary.BYTES, Files.size(sum), "an empty part still has its summary");
    }

    @Test
    void usageSaysWhichStreamTheReportGoesTo() {
        TigrisSortTest.Run help = TigrisSortTest.tigris("valsort", "--help");
        assertEquals(0, help.status(), help.err());
        assertTrue(help.out().contains("The report goes to standard error"), help.out());
    }
}
