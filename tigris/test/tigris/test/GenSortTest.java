/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.sort.GensortRandom;
import tigris.sort.Uint128;

/** {@code tigris gensort} against gensort 1.5's own output and arithmetic done independently with BigInteger. */
class GenSortTest {
    static final Path REFERENCE = Path.of(System.getProperty("tigris.test.data", "tigris/test/data"), "gensort-b0-n1000.dat");
    static final BigInteger TWO_128 = BigInteger.ONE.shiftLeft(128);
    static final BigInteger A = new BigInteger("2360ed051fc65da44385df649fccf645", 16);
    static final BigInteger C = new BigInteger("4a696d47726179524950202020202001", 16);

    @TempDir
    Path dir;

    record Run(int status, String err) {
    }

    static Run gensort(String... args) {
        return tigris("gensort", args);
    }

    /** Runs Jaguar's {@code tigris} command as a user does; its standard error is what gensort and valsort print. */
    static Run tigris(String command, String... args) {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(
                        Path.of(System.getProperty("java.home"), "bin", "tigris").toString(), command));
        cmd.addAll(java.util.List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Run(p.waitFor(), err);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void binaryRecordsAreGensortsByteForByte() throws IOException {
        Path out = dir.resolve("out.dat");
        Run r = gensort("-c", "1000", out.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("1ea6370b955", r.err().strip(), "gensort -c prints the checksum on stderr");
        assertArrayEquals(Files.readAllBytes(REFERENCE), Files.readAllBytes(out));
    }

    @Test
    void startingRecordGivesThatPartOfTheSequence() throws IOException {
        Path out = dir.resolve("part.dat");
        assertEquals(0, gensort("-b500", "500", out.toString()).status());
        byte[] all = Files.readAllBytes(REFERENCE);
        assertArrayEquals(Arrays.copyOfRange(all, 500 * 100, 1000 * 100), Files.readAllBytes(out));
    }

    @Test
    void checksumOfTheFirst100000RecordsIsGensorts() {
        Run r = gensort("-c", "100000", "/dev/null");
        assertEquals(0, r.status(), r.err());
        assertEquals("c3068574c6ff", r.err().strip());
    }

    @Test
    void outputDoesNotDependOnTheNumberOfThreads() throws IOException {
        // 250,001 records: three 100,000-record blocks, the last one short
        Path one = dir.resolve("t1.dat");
        Path three = dir.resolve("t3.dat");
        Run a = gensort("-c", "-t1", "-b12345", "250001", one.toString());
        Run b = gensort("-c", "-t3", "-b12345", "250001", three.toString());
        assertEquals(a.err(), b.err());
        assertEquals(250_001L * 100, Files.size(one));
        assertEquals(-1, Files.mismatch(one, three));
    }

    @Test
    void skipAheadMatchesBigIntegerArithmetic() {
        for (BigInteger n : new BigInteger[]{BigInteger.ZERO, BigInteger.ONE, BigInteger.valueOf(999), BigInteger.valueOf(123_456_789),
            BigInteger.ONE.shiftLeft(64).add(BigInteger.valueOf(5)), TWO_128.subtract(BigInteger.ONE)}) {
            Uint128 x = GensortRandom.at(new Uint128(n.shiftRight(64).longValue(), n.longValue()));
            assertEquals(lcg(n), x.toBigInteger(), "x(" + n + ")");
        }
    }

    /** x(n) of x -> A x + C from 0, by halving n: x(2m) = A^m x(m) + x(m). */
    static BigInteger lcg(BigInteger n) {
        if (n.signum() == 0) {
            return BigInteger.ZERO;
        }
        if (n.testBit(0)) {
            return A.multiply(lcg(n.subtract(BigInteger.ONE))).add(C).mod(TWO_128);
        }
        BigInteger m = n.shiftRight(1);
        BigInteger xm = lcg(m);
        return A.modPow(m, TWO_128).multiply(xm).add(xm).mod(TWO_128);
    }

    @Test
    void asciiRecordsFollowGensortsLayout() throws IOException {
        Path out = dir.resolve("ascii.dat");
        // the last two 128-bit record numbers and the wrap to 0
        BigInteger first = TWO_128.subtract(BigInteger.TWO);
        assertEquals(0, gensort("-a", "-b" + first, "3", out.toString()).status());
        byte[] recs = Files.readAllBytes(out);
        assertEquals(300, recs.length);
        for (int i = 0; i < 3; i++) {
            BigInteger number = first.add(BigInteger.valueOf(i)).mod(TWO_128);
            BigInteger rand = lcg(number.add(BigInteger.ONE).mod(TWO_128));
            String rec = new String(recs, i * 100, 100, StandardCharsets.ISO_8859_1);
            StringBuilder key = new StringBuilder();
            BigInteger hi = rand.shiftRight(64);
            for (int k = 0; k < 8; k++) {
                key.append((char) (' ' + hi.mod(BigInteger.valueOf(95)).intValue()));
                hi = hi.divide(BigInteger.valueOf(95));
            }
            BigInteger lo = rand.mod(BigInteger.ONE.shiftLeft(64));
            for (int k = 0; k < 2; k++) {
                key.append((char) (' ' + lo.mod(BigInteger.valueOf(95)).intValue()));
                lo = lo.divide(BigInteger.valueOf(95));
            }
            assertEquals(key.toString(), rec.substring(0, 10), "key of record " + number);
            assertEquals("  " + String.format("%032X", number) + "  ", rec.substring(10, 46));
            StringBuilder filler = new StringBuilder();
            for (int k = 0; k < 13; k++) {
                filler.append(String.valueOf(Character.toUpperCase(Character.forDigit(rand.shiftRight(48 - 4 * k).intValue() & 0xF, 16))).repeat(4));
            }
            assertEquals(filler.toString(), rec.substring(46, 98));
            assertEquals("\r\n", rec.substring(98));
        }
    }

    @Test
    void badArgumentsAreNamed() {
        // Bad arguments are status 2 (the C tool says 1, as for a failed write; doc/tigrissort.md).
        Run skew = gensort("-s", "10", dir.resolve("x").toString());
        assertEquals(2, skew.status());
        assertTrue(skew.err().contains("-s (skewed keys) is not supported"), skew.err());
        Run count = gensort("12x", dir.resolve("x").toString());
        assertEquals(2, count.status());
        assertTrue(count.err().contains("'12x' is not an unsigned decimal number"), count.err());
        Run start = gensort("-b-3", "10", dir.resolve("x").toString());
        assertEquals(2, start.status());
        assertTrue(start.err().contains("-b-3"), start.err());
        Run missing = gensort("10", dir.resolve("no/such/dir/x").toString());
        assertEquals(1, missing.status());
        assertTrue(missing.err().contains("no/such/dir/x: No such file or directory"), missing.err());
        Run option = gensort("10", dir.resolve("x").toString() + ",fast");
        assertEquals(2, option.status());
        assertTrue(option.err().contains("unknown file option 'fast'"), option.err());
        assertEquals(2, gensort("10").status());
    }

    @Test
    void fileOptionsOfTheThreadedGensortAreAccepted() throws IOException {
        Path out = dir.resolve("opts.dat");
        assertEquals(0, gensort("1000", out + ",buf,trans=1m,count=4").status());
        assertArrayEquals(Files.readAllBytes(REFERENCE), Files.readAllBytes(out));
    }
}
