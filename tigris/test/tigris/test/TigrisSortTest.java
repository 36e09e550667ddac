/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.sort.KeySplitters;
import tigris.sort.LocalSort;
import tigris.sort.SortPlan;
import tigris.sort.SortReport;

/** {@code tigris sort} on one machine: ordered output with every record, one pass and two, and its errors. */
class TigrisSortTest {
    @TempDir
    Path dir;

    record Run(int status, String out, String err) {
    }

    /** Runs a command line (the real {@code tigris}, through a shell when a limit is to be set). */
    static Run exec(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).start();
            var out = p.getInputStream();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Run(p.waitFor(), new String(out.readAllBytes(), StandardCharsets.UTF_8), err);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    static String tigrisCommand() {
        return Path.of(System.getProperty("java.home"), "bin", "tigris").toString();
    }

    static Run tigris(String... args) {
        List<String> cmd = new ArrayList<>(List.of(tigrisCommand()));
        cmd.addAll(List.of(args));
        return exec(cmd);
    }

    static String checksumLine(String valsortErr) {
        return valsortErr.lines().filter(l -> l.startsWith("Checksum:")).findFirst().orElseThrow(() -> new AssertionError(valsortErr));
    }

    Path gensort(String name, String... args) {
        Path f = dir.resolve(name);
        List<String> a = new ArrayList<>(List.of("gensort"));
        a.addAll(List.of(args));
        a.add(f.toString());
        Run r = tigris(a.toArray(String[]::new));
        assertEquals(0, r.status(), r.err());
        return f;
    }

    @Test
    void sortsGensortRecordsIntoOneOrderedFileWithTheSameChecksum() {
        Path in = gensort("in.dat", "-b7", "300000");
        Path out = dir.resolve("out.dat");
        Run sort = tigris("sort", "-p", "3", "-s", "4", in.toString(), out.toString());
        assertEquals(0, sort.status(), sort.err());
        assertTrue(sort.out().contains("300000 records (30.0 MB)"), sort.out());
        assertTrue(sort.out().contains("3 partitioner(s), 4 sorter(s), one pass"), sort.out());
        assertTrue(sort.out().contains("reservoirs memory, carrying entries"), sort.out());
        assertTrue(sort.err().contains("partition [########################] 100%"), sort.err());
        Run before = tigris("valsort", in.toString());
        Run after = tigris("valsort", out.toString());
        assertEquals(0, after.status(), after.err());
        assertTrue(after.err().contains("Records: 300000\n"), after.err());
        assertTrue(after.err().endsWith("SUCCESS - all records are in order\n"), after.err());
        assertEquals(checksumLine(before.err()), checksumLine(after.err()));
    }

    @Test
    void aSortLargerThanItsMemorySpillsRunsAndMergesThemToTheSameOutput() throws IOException {
        Path in = gensort("in.dat", "200000");
        Path onePass = dir.resolve("one.dat");
        Path twoPass = dir.resolve("two.dat");
        Run a = tigris("sort", "-q", "-p", "2", "-s", "2", in.toString(), onePass.toString());
        assertEquals(0, a.status(), a.err());
        assertTrue(a.out().contains("one pass"), a.out());
        // 2 MiB per sorter holds about 15,900 records: each sorter spills six runs or so.
        Run b = tigris("sort", "-q", "-p", "2", "-s", "2", "--memory", "2M", "--tmp", dir.toString(), in.toString(), twoPass.toString());
        assertEquals(0, b.status(), b.err());
        assertTrue(b.out().contains("two passes ("), b.out());
        assertTrue(b.out().contains("reservoirs memory, carrying records"), b.out());
        assertEquals(-1, Files.mismatch(onePass, twoPass));
        try (var left = Files.list(dir)) {
            assertEquals(List.of(), left.filter(p -> p.toString().endsWith(".run")).toList(), "spilled runs are deleted");
        }
    }

    /** Whether the file system of {@code dir} takes O_DIRECT (as RecordWriter asks for it). */
    private static boolean directIoWorksIn(Path dir) throws IOException {
        Path probe = Files.createTempFile(dir, "probe", ".dat");
        try {
            OpenOption direct = (OpenOption) Class.forName("com.sun.nio.file.ExtendedOpenOption").getField("DIRECT").get(null);
            FileChannel.open(probe, StandardOpenOption.WRITE, direct).close();
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        } finally {
            Files.delete(probe);
        }
    }

    /**
     * Sorters write their ranges' whole blocks with O_DIRECT and the blocks they share with a
     * neighbour through the page cache: 250,003 records over 3 sorters end their ranges inside
     * blocks, and each sorter fills its 4 MB buffer twice or more. The bytes are those of
     * --page-cache, one pass and two.
     */
    @Test
    void sortersWriteAroundThePageCacheWhereTheyCanAndTheBytesAreTheSame() throws IOException {
        Path in = gensort("in.dat", "-b11", "250003");
        Path direct = dir.resolve("direct.dat");
        Path cached = dir.resolve("cached.dat");
        Path twoPass = dir.resolve("two.dat");
        Run a = tigris("sort", "-q", "-p", "2", "-s", "3", in.toString(), direct.toString());
        Run b = tigris("sort", "-q", "-p", "2", "-s", "3", "--page-cache", in.toString(), cached.toString());
        Run c = tigris("sort", "-q", "-p", "2", "-s", "3", "--memory", "2M", "--tmp", dir.toString(), in.toString(), twoPass.toString());
        for (Run r : List.of(a, b, c)) {
            assertEquals(0, r.status(), r.err());
        }
        String expected = directIoWorksIn(dir) ? "O_DIRECT" : "page cache";
        assertTrue(a.out().contains("(longest sorter; " + expected + ")"), a.out());
        assertTrue(b.out().contains("(longest sorter; page cache)"), b.out());
        assertTrue(c.out().contains("two passes (") && c.out().contains("(longest sorter, merge; " + expected + ")"), c.out());
        assertEquals(-1, Files.mismatch(direct, cached));
        assertEquals(-1, Files.mismatch(direct, twoPass));
        Run before = tigris("valsort", in.toString());
        Run after = tigris("valsort", direct.toString());
        assertTrue(after.err().contains("Records: 250003\n") && after.err().endsWith("SUCCESS - all records are in order\n"), after.err());
        assertEquals(checksumLine(before.err()), checksumLine(after.err()));
    }

    /**
     * Keys that a radix sort on the first bytes gets wrong if it stops early: shared 8-byte
     * prefixes that differ in bytes 8 and 9, many equal keys, bytes above 0x7f, already sorted
     * and reversed stretches. Sorted in one pass and with spills, by several partitioners.
     */
    @Test
    void hardKeysComeOutInMemcmpOrderWithEveryRecord() throws Exception {
        SplittableRandom rnd = new SplittableRandom(42);
        int n = 60_000;
        byte[][] recs = new byte[n][];
        for (int i = 0; i < n; i++) {
            byte[] r = new byte[100];
            rnd.nextBytes(r);
            switch (i % 6) {
                case 0 -> Arrays.fill(r, 0, 8, (byte) 0x80);                  // same prefix, random bytes 8, 9
                case 1 -> Arrays.fill(r, 0, 10, (byte) 0xff);                 // one key, many times
                case 2 -> {                                                  // differ in byte 9 only
                    Arrays.fill(r, 0, 9, (byte) 0x41);
                    r[9] = (byte) (i % 251);
                }
                case 3 -> ByteBuffer.wrap(r).order(ByteOrder.BIG_ENDIAN).putLong(0, i);   // ascending
                case 4 -> ByteBuffer.wrap(r).order(ByteOrder.BIG_ENDIAN).putLong(0, -i);  // descending
                default -> {
                }
            }
            ByteBuffer.wrap(r).putInt(96, i);   // payloads distinct, to check every record is there once
            recs[i] = r;
        }
        Path in = dir.resolve("hard.dat");
        Files.write(in, join(recs));
        for (long memory : new long[] {64L << 20, 1L << 20}) {
            Path out = dir.resolve("hard-" + memory + ".out");
            SortReport report = LocalSort.run(new SortPlan(in, out, 3, 3, memory, dir, 100_000, 4, false, true), null, 1000);
            assertEquals(n, report.records());
            assertEquals(memory == 1L << 20, report.runs() > 0, report.toString());
            byte[][] sorted = split(Files.readAllBytes(out));
            for (int i = 1; i < n; i++) {
                assertTrue(Arrays.compareUnsigned(sorted[i - 1], 0, 10, sorted[i], 0, 10) <= 0, "records " + (i - 1) + " and " + i + " out of order");
            }
            byte[][] expected = recs.clone();
            Arrays.sort(expected, Arrays::compareUnsigned);
            Arrays.sort(sorted, Arrays::compareUnsigned);
            assertArrayEquals(expected, sorted);
        }
    }

    /**
     * Sorters write each first-level key range as soon as it is sorted (KeyIndexSort hands the
     * order out in pieces). Inputs that give the pieces their edge cases: one record; fewer than
     * the radix sort's insertion-sort cut-off; one key throughout (no level splits: one piece,
     * equal keys in input order); keys alike in their first three bytes (the first level that
     * splits is the fourth); keys whose first bytes are mostly distinct (pieces of one record).
     * Each comes out as the input stably sorted by key, byte for byte.
     */
    @Test
    void sortedPiecesAreWrittenInOrderWhateverLevelSplitsTheKeys() throws Exception {
        SplittableRandom rnd = new SplittableRandom(7);
        record Input(String name, int n, int sameBytes) {
        }
        for (Input c : List.of(new Input("one", 1, 0), new Input("few", 47, 0), new Input("onekey", 5_000, 10), new Input("prefix3", 5_000, 3),
                        new Input("distinct", 300, 0))) {
            byte[][] recs = new byte[c.n()][];
            for (int i = 0; i < c.n(); i++) {
                byte[] r = new byte[100];
                rnd.nextBytes(r);
                Arrays.fill(r, 0, c.sameBytes(), (byte) 0x5a);
                if (c.name().equals("distinct")) {
                    r[0] = (byte) (i < 250 ? i : 7);   // 250 first bytes once, then 50 records under one
                }
                ByteBuffer.wrap(r).putInt(96, i);
                recs[i] = r;
            }
            Path in = dir.resolve(c.name() + ".dat");
            Files.write(in, join(recs));
            Path out = dir.resolve(c.name() + ".out");
            SortReport report = LocalSort.run(new SortPlan(in, out, 2, 2, 64L << 20, dir, 100_000, 4, false, true), null, 1000);
            assertEquals(c.n(), report.records());
            assertEquals(0, report.runs(), report.toString());
            byte[][] expected = recs.clone();
            Arrays.sort(expected, (x, y) -> Arrays.compareUnsigned(x, 0, 10, y, 0, 10));   // stable: equal keys stay in input order
            assertArrayEquals(join(expected), Files.readAllBytes(out), c.name());
        }
    }

    /**
     * A sort that fits in memory sends the sorters entries (key and record number) rather than
     * records. Keys beginning "1YLLATST" write an entry whose first 8 bytes spell a tally's magic,
     * so a short entry Water must still not be taken for a tally. Many keys repeat (20,000 records,
     * 65,536 suffixes): the entries' sort keeps them in input order; the same sort spilled in runs
     * (which sends records) holds the same records in key order.
     */
    @Test
    void entriesOfKeysThatSpellATallyAreNotTakenForOne() throws Exception {
        SplittableRandom rnd = new SplittableRandom(7);
        int n = 20_000;   // more than two sorters hold in 1 MiB each
        byte[][] recs = new byte[n][];
        for (int i = 0; i < n; i++) {
            byte[] r = new byte[100];
            rnd.nextBytes(r);
            System.arraycopy("1YLLATST".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, r, 0, 8);
            ByteBuffer.wrap(r).putInt(96, i);
            recs[i] = r;
        }
        Path in = dir.resolve("tally-keys.dat");
        Files.write(in, join(recs));
        SortPlan fits = new SortPlan(in, dir.resolve("entries.out"), 3, 2, 64L << 20, dir, 100_000, 4, false, true);
        assertTrue(fits.sendsEntries(n));
        SortReport one = LocalSort.run(fits, null, 1000);
        SortPlan spills = new SortPlan(in, dir.resolve("records.out"), 3, 2, 1L << 20, dir, 100_000, 4, false, true);
        assertTrue(!spills.sendsEntries(n));
        SortReport two = LocalSort.run(spills, null, 1000);
        assertEquals(n, one.records());
        assertTrue(two.runs() > 0, two.toString());
        // Entries carry input record numbers, which order equal keys: the sort is stable.
        byte[][] stable = recs.clone();
        Arrays.sort(stable, (x, y) -> Arrays.compareUnsigned(x, 0, 10, y, 0, 10));
        assertArrayEquals(join(stable), Files.readAllBytes(dir.resolve("entries.out")));
        // Records mode orders equal keys by arrival: the same records, in key order.
        byte[][] spilled = split(Files.readAllBytes(dir.resolve("records.out")));
        for (int i = 1; i < n; i++) {
            assertTrue(Arrays.compareUnsigned(spilled[i - 1], 0, 10, spilled[i], 0, 10) <= 0, "records " + (i - 1) + " and " + i + " out of order");
        }
        Arrays.sort(spilled, Arrays::compareUnsigned);
        Arrays.sort(stable, Arrays::compareUnsigned);
        assertArrayEquals(stable, spilled);
    }

    /**
     * Entries only while the input is at most half the machine's memory (output around the page
     * cache) or a quarter (output through it); beyond, records, even in one pass.
     */
    @Test
    void anInputBeyondWhatThePageCacheKeepsSendsRecordsEvenInOnePass() {
        long ram = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        SortPlan direct = new SortPlan(dir.resolve("in.dat"), dir.resolve("out.dat"), 2, 2, 1L << 40, dir, 100_000, 4, false, true);
        SortPlan cached = new SortPlan(dir.resolve("in.dat"), dir.resolve("out.dat"), 2, 2, 1L << 40, dir, 100_000, 4, false, false);
        long half = ram / 2 / 100;
        long quarter = ram / 4 / 100;
        assertTrue(!direct.spills(half + 1), "a terabyte per sorter holds it in one pass");
        assertTrue(direct.sendsEntries(half));
        assertTrue(!direct.sendsEntries(half + 1));
        assertTrue(cached.sendsEntries(quarter));
        assertTrue(!cached.sendsEntries(quarter + 1));
    }

    @Test
    void sampledRangesSpreadAsciiKeysOverEverySorter() throws IOException {
        Path in = gensort("ascii.dat", "-a", "100000");
        KeySplitters sampled = KeySplitters.sample(in, 0, 100_000, 4, 4000);
        KeySplitters uniform = KeySplitters.uniform(4);
        int[] bySample = new int[4];
        int[] byWidth = new int[4];
        byte[] all = Files.readAllBytes(in);
        ByteBuffer b = ByteBuffer.wrap(all).order(ByteOrder.BIG_ENDIAN);
        for (int i = 0; i < 100_000; i++) {
            long prefix = b.getLong(i * 100);
            bySample[sampled.rangeOf(prefix)]++;
            byWidth[uniform.rangeOf(prefix)]++;
        }
        for (int c : bySample) {
            assertTrue(c > 20_000 && c < 30_000, Arrays.toString(bySample));
        }
        // Printable keys start with 0x20..0x7e: equal-width ranges leave the upper half empty.
        assertEquals(0, byWidth[2] + byWidth[3], Arrays.toString(byWidth));
        assertEquals(sampled.encode(), KeySplitters.decode(sampled.encode()).encode());
        assertThrows(IllegalArgumentException.class, () -> KeySplitters.decode("10,0f"));
    }

    @Test
    void badInputAndCommandsAreNamed() throws IOException {
        Path in = gensort("in.dat", "1000");
        Path cut = dir.resolve("cut.dat");
        Files.write(cut, Arrays.copyOf(Files.readAllBytes(in), 100_050));
        Path out = dir.resolve("out.dat");

        Run r = tigris("sort", cut.toString(), out.toString());
        assertEquals(1, r.status());
        assertEquals("tigris sort: input " + cut + " has 100050 bytes, not a whole number of 100-byte records (50 bytes over 1000 records)\n", r.err());
        assertFalse(Files.exists(out));

        r = tigris("sort", dir.resolve("missing.dat").toString(), out.toString());
        assertEquals(1, r.status());
        assertEquals("tigris sort: " + dir.resolve("missing.dat") + ": no such input file\n", r.err());

        r = tigris("sort", in.toString(), dir.resolve("no/such/dir/out.dat").toString());
        assertEquals(1, r.status());
        assertEquals("tigris sort: " + dir.resolve("no/such/dir") + ": the output's directory does not exist\n", r.err());

        r = tigris("sort", in.toString(), in.toString());
        assertEquals(1, r.status());
        assertTrue(r.err().contains("is the input"), r.err());

        r = tigris("sort", "--fast", in.toString(), out.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("tigris sort: unknown option --fast\nusage: tigris sort"), r.err());
        r = tigris("sort", "-s", "0", in.toString(), out.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("tigris sort: -s 0: must be at least 1"), r.err());
        r = tigris("sort", "--memory", "lots", in.toString(), out.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("tigris sort: --memory lots: not a number"), r.err());
    }

    /** A write that fails mid-sort (here the file size limit: the same IOException path as a full disk). */
    @Test
    void aFailedWriteFailsTheSortNamesTheFileAndLeavesNoPartialOutput() throws IOException {
        Path in = gensort("in.dat", "100000");
        byte[] before = Files.readAllBytes(in);
        Path out = dir.resolve("out.dat");
        // ulimit -f counts 1024-byte blocks: the output may grow to 2 MB of its 10 MB.
        Run r = exec(List.of("bash", "-c", "ulimit -f 2000 && exec " + tigrisCommand() + " sort -q -s 1 " + in + " " + out));
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("cannot write " + out + " at byte"), r.err());
        assertTrue(r.err().contains("File too large"), r.err());
        assertTrue(r.err().endsWith("the incomplete output " + out + " was deleted\n"), r.err());
        assertFalse(Files.exists(out));
        assertArrayEquals(before, Files.readAllBytes(in), "the input is untouched");
    }

    /** A disk without room for the output is refused before anything is written. */
    @Test
    void aDiskWithoutRoomIsRefusedBeforeTheSortStarts() throws Exception {
        Path small = Files.createDirectory(dir.resolve("small"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", small.toString()).redirectErrorStream(true).start();
        Assumptions.assumeTrue(mount.waitFor() == 0, "needs root to mount a 1 MB tmpfs: " + new String(mount.getInputStream().readAllBytes()));
        try {
            Path in = gensort("in.dat", "20000");
            Run r = tigris("sort", in.toString(), small.resolve("out.dat").toString());
            assertEquals(1, r.status());
            assertTrue(r.err().startsWith("tigris sort: disk full: the output " + small.resolve("out.dat") + " needs 2000000 bytes, and " + small),
                            r.err());
            try (var left = Files.list(small)) {
                assertEquals(0, left.count());
            }
        } finally {
            new ProcessBuilder("umount", small.toString()).start().waitFor();
        }
    }

    @Test
    void anUnwritableOrDirectoryOutputIsRefusedBeforeTheSortStarts() throws Exception {
        Path in = gensort("in-w.dat", "1000");
        Path isDir = Files.createDirectory(dir.resolve("out-is-dir"));
        Run d = tigris("sort", in.toString(), isDir.toString());
        assertEquals(1, d.status(), d.err());
        assertTrue(d.err().startsWith("tigris sort: output " + isDir + " is a directory"), d.err());
        // Read-only for root too: a read-only mount (chmod does not stop root).
        Path ro = Files.createDirectory(dir.resolve("ro"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m,ro", "tmpfs", ro.toString()).redirectErrorStream(true).start();
        Assumptions.assumeTrue(mount.waitFor() == 0, "needs root to mount a read-only tmpfs: " + new String(mount.getInputStream().readAllBytes()));
        try {
            Run r = tigris("sort", in.toString(), ro.resolve("out.dat").toString());
            assertEquals(1, r.status(), r.err());
            assertTrue(r.err().startsWith("tigris sort: cannot write the output's directory " + ro + ": permission denied"), r.err());
        } finally {
            new ProcessBuilder("umount", ro.toString()).start().waitFor();
        }
    }

    @Test
    void anEmptyInputSortsToAnOutputValsortAccepts() throws Exception {
        Path in = gensort("empty-in.dat", "0");
        assertEquals(0, Files.size(in));
        Path out = dir.resolve("empty-out.dat");
        Run r = tigris("sort", in.toString(), out.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(0, Files.size(out));
        Run v = tigris("valsort", out.toString());
        assertEquals(0, v.status(), v.err());
        assertTrue(v.err().contains("Records: 0") && v.err().contains("SUCCESS"), v.err());
    }

    static byte[] join(byte[][] recs) {
        byte[] out = new byte[recs.length * 100];
        for (int i = 0; i < recs.length; i++) {
            System.arraycopy(recs[i], 0, out, i * 100, 100);
        }
        return out;
    }

    static byte[][] split(byte[] file) {
        byte[][] r = new byte[file.length / 100][];
        for (int i = 0; i < r.length; i++) {
            r[i] = Arrays.copyOfRange(file, i * 100, i * 100 + 100);
        }
        return r;
    }
}
