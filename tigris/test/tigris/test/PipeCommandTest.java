/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tigris pipe} as a user runs it, against the shell's own tools doing the same work on
 * the same data: every output compared byte for byte (or as a multiset of lines where the
 * pipeline's order is arrival order), every error's exit status and message.
 */
class PipeCommandTest {
    @TempDir
    static Path dir;
    static Path log;

    /** What a run printed and how it ended. */
    record Run(int status, byte[] out, String err) {
        String text() {
            return new String(out, StandardCharsets.UTF_8);
        }
    }

    @BeforeAll
    static void data() throws IOException {
        // A log of 200,000 lines, some long, some repeated, as grep and gzip meet them.
        Random r = new Random(42);
        String[] levels = {"DEBUG", "INFO", "WARN", "ERROR"};
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            s.append(String.format("2026-12-01T10:%02d:%02d %s worker-%d request %d took %d ms", i / 3600 % 60, i / 60 % 60, levels[r.nextInt(4)], r.nextInt(8),
                            r.nextInt(5000), r.nextInt(900)));
            if (i % 997 == 0) {
                s.append(" ").append("x".repeat(70_000));
            }
            s.append('\n');
        }
        s.append("a last line without a newline DEBUG");
        log = dir.resolve("log.txt");
        Files.writeString(log, s);
    }

    /**
     * {@code tcp connect=} sends the stream over a connection to a listener (here the test's), and
     * {@code tcp listen=} reads what one connection sends: the log's bytes, whole, both ways; a
     * refused connection and a bad address are errors saying so.
     */
    @Test
    void tcpSourcesAndSinksMoveTheStreamsBytes() throws Exception {
        byte[] whole = Files.readAllBytes(log);
        try (java.net.ServerSocket listener = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            byte[][] got = new byte[1][];
            Thread reader = Thread.ofPlatform().start(() -> {
                try (java.net.Socket s = listener.accept()) {
                    got[0] = s.getInputStream().readAllBytes();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            Run sent = run(null, "file in=log.txt | tcp connect=127.0.0.1:" + listener.getLocalPort());
            reader.join(60_000);
            assertEquals(0, sent.status(), sent.err());
            assertTrue(java.util.Arrays.equals(whole, got[0]), "the listener got the log's bytes: " + (got[0] == null ? "none" : got[0].length + " bytes"));
        }
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Run[] received = new Run[1];
        Thread pipeline = Thread.ofPlatform().start(() -> {
            try {
                received[0] = run(null, "tcp listen=127.0.0.1:" + port + " | file out=received.txt");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
                s.getOutputStream().write(whole);
                break;
            } catch (java.net.ConnectException e) {
                assertTrue(System.nanoTime() < deadline, "the pipeline listened on " + port);
                Thread.sleep(50);
            }
        }
        pipeline.join(60_000);
        assertEquals(0, received[0].status(), received[0].err());
        assertTrue(java.util.Arrays.equals(whole, Files.readAllBytes(dir.resolve("received.txt"))), "the file holds the bytes sent");

        Run refused = run(null, "file in=log.txt | tcp connect=127.0.0.1:" + port + " wait=1");
        assertEquals(1, refused.status(), refused.err());
        assertTrue(refused.err().contains("tcp connect=127.0.0.1:" + port + ": nothing accepted a connection there within 1 s"), refused.err());
        // A wait= of more seconds than a long holds nanoseconds still waits for a listener that comes late.
        Run[] patient = new Run[1];
        Thread sender = Thread.ofPlatform().start(() -> {
            try {
                patient[0] = run(null, "file in=log.txt | tcp connect=127.0.0.1:" + port + " wait=9999999999");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(2000);
        try (java.net.ServerSocket late = new java.net.ServerSocket(port, 1, java.net.InetAddress.getLoopbackAddress())) {
            late.setSoTimeout(30_000);   // a sender that gave up never connects: fail, do not hang
            try (java.net.Socket s = late.accept()) {
                assertEquals(whole.length, s.getInputStream().readAllBytes().length, "the late listener got the log");
            } catch (java.net.SocketTimeoutException e) {
                sender.join(60_000);
                fail("tcp wait=9999999999 did not connect to a listener that came 2 s late: "
                                + (patient[0] == null ? "it is still running" : "it ended with status " + patient[0].status() + ": " + patient[0].err()));
            }
        }
        sender.join(60_000);
        assertEquals(0, patient[0].status(), patient[0].err());
        Run bad = run(null, "tcp listen=localhost:99999 | count");
        assertEquals(2, bad.status(), bad.err());
        assertTrue(bad.err().contains("tcp: port 99999 is not between 1 and 65535"), bad.err());
        Run waitOnListen = run(null, "tcp listen=5000 wait=3 | count");
        assertEquals(2, waitOnListen.status(), waitOnListen.err());
        assertTrue(waitOnListen.err().contains("tcp: takes no parameter wait"), waitOnListen.err());
    }

    /**
     * gensort, recsort and valsort as filters: the records {@code tigris gensort} writes, sorted as
     * {@code tigris sort} sorts them, judged as {@code tigris valsort} judges them; bytes that are
     * not whole records are refused.
     */
    @Test
    void recordFiltersMakeSortAndCheckAsTheCommandsDo() throws Exception {
        String t = tigris();
        assertEquals(0, sh(t + " gensort 50000 ref.dat 2>/dev/null && " + t + " sort -q ref.dat ref-sorted.dat > /dev/null").status());
        Run made = run(null, "gensort n=50000 | file out=made.dat");
        assertEquals(0, made.status(), made.err());
        assertTrue(Arrays.equals(Files.readAllBytes(dir.resolve("ref.dat")), Files.readAllBytes(dir.resolve("made.dat"))), "gensort's bytes");
        Run sorted = run(null, "file in=made.dat | recsort | file out=sorted.dat");
        assertEquals(0, sorted.status(), sorted.err());
        assertTrue(Arrays.equals(Files.readAllBytes(dir.resolve("ref-sorted.dat")), Files.readAllBytes(dir.resolve("sorted.dat"))), "tigris sort's order");
        for (String f : List.of("ref.dat", "ref-sorted.dat")) {
            Run filter = run(null, "file in=" + f + " | valsort");
            assertEquals(0, filter.status(), filter.err());
            assertEquals(sh(t + " valsort " + f + " 2>&1 || true").text(), filter.text(), "valsort's words on " + f);
        }
        assertTrue(run(null, "gensort n=20000 b=7 | recsort | valsort").text().endsWith("SUCCESS - all records are in order\n"));
        // Waters smaller than a record carry records cut where the Waters end.
        Run small = run(null, "(gensort n=50000 @water=64) | (recsort @water=64) | file out=small.dat");
        assertEquals(0, small.status(), small.err());
        assertTrue(Arrays.equals(Files.readAllBytes(dir.resolve("ref-sorted.dat")), Files.readAllBytes(dir.resolve("small.dat"))), "sorted through 64-byte Waters");
        Run bytes = run(null, "file in=log.txt | valsort");
        assertEquals(1, bytes.status(), bytes.err());
        assertTrue(bytes.err().contains("valsort: the stream's " + Files.size(log) + " bytes are not whole records of 100 bytes (the last has "
                        + Files.size(log) % 100 + ")"), bytes.err());
        Run none = run(null, "gensort b=3");
        assertEquals(2, none.status(), none.err());
        assertTrue(none.err().contains("gensort: needs n=RECORDS, the number of records to make"), none.err());
    }

    static String tigris() {
        return Path.of(ProcessHandle.current().info().command().orElseThrow()).getParent().resolve("tigris").toString();
    }

    static Run run(byte[] stdin, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(tigris(), "pipe"));
        cmd.addAll(Arrays.asList(args));
        return exec(cmd, stdin);
    }

    static Run sh(String script) throws Exception {
        return exec(List.of("bash", "-c", "set -o pipefail; " + script), null);
    }

    private static Run exec(List<String> cmd, byte[] stdin) throws Exception {
        ProcessBuilder b = new ProcessBuilder(cmd).directory(dir.toFile());
        if (stdin == null) {
            b.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        }
        Process p = b.start();
        Thread feeder = Thread.ofPlatform().start(() -> {
            try (var in = p.getOutputStream()) {
                if (stdin != null) {
                    in.write(stdin);
                }
            } catch (IOException e) {
                // the pipeline closed its input
            }
        });
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread errs = Thread.ofPlatform().start(() -> {
            try (InputStream e = p.getErrorStream()) {
                e.transferTo(err);
            } catch (IOException e) {
                // gone
            }
        });
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the command ended: " + cmd);
        feeder.join();
        errs.join();
        return new Run(p.exitValue(), out, err.toString(StandardCharsets.UTF_8));
    }

    private static List<String> sortedLines(byte[] b) {
        List<String> l = new ArrayList<>(Arrays.asList(new String(b, StandardCharsets.UTF_8).split("\n", -1)));
        if (!l.isEmpty() && l.getLast().isEmpty()) {
            l.removeLast();
        }
        l.sort(null);
        return l;
    }

    /** The same lines in the same numbers, or a short message: how many each has, and the first that differs. */
    private static void assertSameLines(List<String> expected, List<String> actual) {
        if (expected.equals(actual)) {
            return;
        }
        int i = 0;
        while (i < Math.min(expected.size(), actual.size()) && expected.get(i).equals(actual.get(i))) {
            i++;
        }
        String e = i < expected.size() ? expected.get(i) : "(none)";
        String a = i < actual.size() ? actual.get(i) : "(none)";
        throw new AssertionError(expected.size() + " lines expected, " + actual.size() + " given; sorted line " + i + " differs: expected '"
                        + e.substring(0, Math.min(100, e.length())) + "', given '" + a.substring(0, Math.min(100, a.length())) + "'");
    }

    /** The same bytes, or a short message. */
    private static void assertSameBytes(byte[] expected, byte[] actual, String what) {
        int m = Arrays.mismatch(expected, actual);
        if (m >= 0) {
            throw new AssertionError(what + ": " + expected.length + " bytes expected, " + actual.length + " given, first difference at byte " + m);
        }
    }

    @Test
    void grepAndDeflateWriteWhatGrepAndGzipWrite() throws Exception {
        Run t = run(null, "file in=log.txt | grep -v DEBUG | deflate | file out=native.gz");
        assertEquals(0, t.status(), t.err());
        Run bash = sh("grep -v DEBUG log.txt");
        assertSameBytes(bash.out(), gunzip(dir.resolve("native.gz")), "grep -v DEBUG, compressed by deflate, read back by the JDK's gunzip");
        Run gz = sh("gunzip -c native.gz | cmp - <(grep -v DEBUG log.txt)");
        assertEquals(0, gz.status(), "gunzip reads what deflate wrote: " + gz.err());
    }

    @Test
    void theIssuesExampleMixesNativeFiltersAndAProcess() throws Exception {
        Run t = run(null, "file in=log.txt | grep -v DEBUG | gzip | file out=log.gz");
        assertEquals(0, t.status(), t.err());
        assertSameBytes(sh("grep -v DEBUG log.txt").out(), gunzip(dir.resolve("log.gz")), "grep -v DEBUG, compressed by gzip");
    }

    @Test
    void standardInputAndOutputAreThePipelinesEnds() throws Exception {
        byte[] in = Files.readAllBytes(log);
        Run t = run(in, "grep ERROR | head 5");
        assertEquals(0, t.status(), t.err());
        assertEquals(sh("grep ERROR log.txt | head -n 5").text(), t.text());
        Run count = run(null, "file in=log.txt | count");
        assertEquals(sh("wc -l -w -c < log.txt").text().trim().replaceAll("\\s+", " "), count.text().trim());
        Run first = run(null, "seq 1 5 | head 2");
        assertEquals("1\n2\n", first.text(), "a process that begins the pipeline: " + first.err());
        // A process and a filter that begin it together each read all of standard input.
        StringBuilder numbers = new StringBuilder();
        for (int i = 1; i <= 100_000; i++) {
            numbers.append(i).append('\n');
        }
        Run both = run(numbers.toString().getBytes(StandardCharsets.US_ASCII), "cat + grep 5");
        assertEquals(0, both.status(), both.err());
        List<String> expected = new ArrayList<>(numbers.toString().lines().toList());
        expected.addAll(numbers.toString().lines().filter(l -> l.contains("5")).toList());
        expected.sort(null);
        assertSameLines(expected, sortedLines(both.out()));
    }

    /** nice(1) prints the nice value it inherited from the module thread that started it. */
    @Test
    void schedulingHintsSetTheNiceValueOfTheFiltersThreads() throws Exception {
        Run plain = run(null, "nice");
        assertEquals("0\n", plain.text(), plain.err());
        Run background = run(null, "(nice @background) | head 1");
        assertEquals("10\n", background.text(), background.err());
        Run inner = run(null, "(nice @background) @realtime");
        assertEquals("10\n", inner.text(), "the innermost hint: " + inner.err());
        Run realtime = run(null, "nice @realtime");
        assertEquals(0, realtime.status(), realtime.err());
        if (sh("id -u").text().trim().equals("0")) {
            assertEquals("-10\n", realtime.text(), "root may raise a thread's priority: " + realtime.err());
        } else {
            assertEquals("0\n", realtime.text(), realtime.err());
            assertTrue(realtime.err().contains("runs at its process's priority, not realtime") && realtime.err().contains("CAP_SYS_NICE"), realtime.err());
        }
        Run both = run(null, "nice @realtime,background");
        assertEquals(2, both.status());
        assertTrue(both.err().contains("hints realtime and background contradict each other"), both.err());
    }

    @Test
    void selectorsNotAndParallelStreams() throws Exception {
        Run rejected = run(null, "file in=log.txt | grep INFO |! count -l");
        assertEquals(sh("grep -v INFO log.txt | wc -l").text(), rejected.text(), rejected.err());
        Run not = run(null, "file in=log.txt | !grep INFO | count -l");
        assertEquals(rejected.text(), not.text());
        // + gives each branch the same stream and merges their outputs: here two counts, in either order.
        Run both = run(null, "file in=log.txt | (grep WARN | count -l) + (grep ERROR | count -l)");
        assertSameLines(sortedLines((sh("grep -c WARN log.txt").text() + sh("grep -c ERROR log.txt").text()).getBytes()), sortedLines(both.out()));
        // split's classes each select the lines of some workers; together they are every byte, and a worker's lines are in one class.
        long total = 0;
        int classesWithWorker3 = 0;
        for (int c = 1; c <= 4; c++) {
            Run part = run(null, "file in=log.txt | split n=4 field=3 |" + c + " count -c");
            assertEquals(0, part.status(), part.err());
            total += Long.parseLong(part.text().trim());
            if (!run(null, "file in=log.txt | split n=4 field=3 |" + c + " grep worker-3 | head 1").text().isEmpty()) {
                classesWithWorker3++;
            }
        }
        assertEquals(Files.size(log), total);
        assertEquals(1, classesWithWorker3);
        Run head = run(null, "file in=log.txt | head 3 |rest count -c");
        assertEquals(sh("tail -n +4 log.txt | wc -c").text(), head.text(), head.err());
    }

    @Test
    void orAndAndAreTheUnionAndIntersectionOfLines() throws Exception {
        Run or = run(null, "file in=log.txt | grep WARN * grep worker-3");
        assertEquals(0, or.status(), or.err());
        assertSameLines(sortedLines(sh("grep -e WARN -e worker-3 log.txt").out()), sortedLines(or.out()));
        Run and = run(null, "file in=log.txt | grep WARN & grep worker-3");
        assertSameLines(sortedLines(sh("grep WARN log.txt | grep worker-3").out()), sortedLines(and.out()));
        // Equal lines are one record counted: a line the input holds twice passes twice.
        Files.writeString(dir.resolve("twice.txt"), "a\nb\na\nc\n");
        assertEquals(List.of("a", "a", "b"), sortedLines(run(null, "file in=twice.txt | grep a * grep b").out()));
        assertEquals(List.of("a", "a"), sortedLines(run(null, "file in=twice.txt | grep a & grep -v c").out()));
    }

    @Test
    void mergedStreamsKeepTheirLinesWholeAndTeePassesEveryClass() throws Exception {
        // Two files whose Waters end mid-line: merged, each stream's lines stay whole.
        StringBuilder a = new StringBuilder();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 30_000; i++) {
            a.append("alpha ").append(i).append(" x".repeat(i % 50)).append('\n');
            b.append("beta ").append(i).append(" y".repeat(i % 70)).append('\n');
        }
        Files.writeString(dir.resolve("a.txt"), a);
        Files.writeString(dir.resolve("b.txt"), b);
        Run grep = run(null, "(file in=a.txt + file in=b.txt) | grep 7");
        assertEquals(0, grep.status(), grep.err());
        assertSameLines(sortedLines(sh("grep -h 7 a.txt b.txt").out()), sortedLines(grep.out()));
        // A join's branch of two streams: each stream's lines stay whole (a port each), counted as the branch's.
        Run and = run(null, "(file in=a.txt + file in=b.txt) & (file in=b.txt + file in=a.txt)");
        assertEquals(0, and.status(), and.err());
        assertSameLines(sortedLines(sh("cat a.txt b.txt").out()), sortedLines(and.out()));
        Run copy = run(null, "(file in=a.txt + file in=b.txt) | file out=ab.txt");
        assertEquals(0, copy.status(), copy.err());
        assertSameLines(sortedLines(sh("cat a.txt b.txt").out()), sortedLines(Files.readAllBytes(dir.resolve("ab.txt"))));
        // tee after a filter that sorts: what grep passes reaches tee's file and the pipe after it.
        Run tee = run(null, "file in=log.txt | grep ERROR | tee errors.txt | count -l");
        assertEquals(sh("grep ERROR log.txt | wc -l").text(), tee.text(), tee.err());
        assertSameBytes(sh("grep ERROR log.txt").out(), Files.readAllBytes(dir.resolve("errors.txt")), "tee's file");
    }

    @Test
    void grepReadsBytesOfAnyValueWithinALineAndRawInflateDrainsItsLastBytes() throws Exception {
        // C3 85 is the UTF-8 of a letter; read as ISO-8859-1, 0x85 is a line terminator to Java unless UNIX_LINES.
        Files.writeString(dir.resolve("utf8.txt"), "ERROR \u00c5sa timeout\nINFO fine\n", StandardCharsets.UTF_8);
        assertEquals("ERROR \u00c5sa timeout\n", run(null, "file in=utf8.txt | grep 'ERROR.*timeout'").text());
        // A raw deflate stream whose last bytes expand to more than one output buffer (a megabyte of zeros).
        java.util.zip.Deflater d = new java.util.zip.Deflater(9, true);
        d.setInput(new byte[1 << 20]);
        d.finish();
        byte[] z = new byte[1 << 16];
        int n = d.deflate(z);
        d.end();
        Files.write(dir.resolve("zeros.raw"), Arrays.copyOf(z, n));
        Run raw = run(null, "file in=zeros.raw | inflate format=raw | count -c");
        assertEquals("1048576\n", raw.text(), raw.err());
        // Ties come out as sort -rn gives them: the last resort (the line) reversed too.
        Files.writeString(dir.resolve("ties.txt"), "b\na\nb\na\nc\n");
        assertEquals(sh("sort ties.txt | uniq -c | LC_ALL=C sort -rn").text(), run(null, "file in=ties.txt | tally").text());
    }

    @Test
    void wordsAndTallyCountWhatTrSortAndUniqCount() throws Exception {
        Run t = run(null, "file in=log.txt | words | tally | head 12");
        assertEquals(0, t.status(), t.err());
        Run bash = sh("LC_ALL=C tr -cs 'A-Za-z0-9' '\\n' < log.txt | grep -v '^$' | LC_ALL=C sort | uniq -c | LC_ALL=C sort -rn | head -12");
        assertEquals(bash.text(), t.text());
        Run words = run(null, "file in=log.txt | words | count -l");
        assertEquals(sh("LC_ALL=C tr -cs 'A-Za-z0-9' '\\n' < log.txt | grep -v '^$' | wc -l").text().trim(), words.text().trim(),
                        "as many words as tr cuts");
    }

    @Test
    void anApplicationsFilterComesInItsJar() throws Exception {
        Path jar = dir.resolve("upper.jar");
        Path classes = Path.of(UpperFilter.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String c : List.of("UpperFilter.class", "UpperFilter$Upper.class")) {
                j.putNextEntry(new JarEntry("tigris/test/" + c));
                j.write(Files.readAllBytes(classes.resolve("tigris/test/" + c)));
                j.closeEntry();
            }
            j.putNextEntry(new JarEntry("META-INF/services/tigris.pipe.FilterDefinition"));
            j.write((UpperFilter.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            j.closeEntry();
        }
        Run t = run("hello\nworld\n".getBytes(), "--jar", jar.toString(), "upper | (grep H + grep W)");
        assertEquals(0, t.status(), t.err());
        assertEquals(List.of("HELLO", "WORLD"), sortedLines(t.out()));
        Run listed = run(null, "--jar", jar.toString(), "--filters");
        assertTrue(listed.text().contains("upper     upper [KEY=VALUE]..."), listed.text());
    }

    @Test
    void badInputGetsItsReasonAndStatus() throws Exception {
        Run syntax = run(null, "file in=log.txt | + grep x");
        assertEquals(2, syntax.status());
        assertEquals("tigris pipe: column 19: a filter is expected after '|', not '+'\n  file in=log.txt | + grep x\n                    ^\n", syntax.err());
        Run missing = run(null, "file in=nosuch.txt | count");
        assertEquals(1, missing.status());
        assertTrue(missing.err().contains("filter file: cannot read " + dir.resolve("nosuch.txt") + ": "), missing.err());
        Run failing = run(null, "file in=log.txt | false | count");
        assertEquals(1, failing.status());
        assertTrue(failing.err().contains("exited with status 1; a pipeline fails when one of its processes does"), failing.err());
        byte[] whole = Files.readAllBytes(gzipOf(Files.readString(log)));
        Files.write(dir.resolve("broken.gz"), Arrays.copyOf(whole, whole.length / 2));
        Run truncated = run(null, "file in=broken.gz | inflate | count");
        assertEquals(1, truncated.status());
        assertTrue(truncated.err().contains("inflate: the gzip stream ends early"), truncated.err());
        // A deflate block of the reserved type 3 (the block header right after the member's 10-byte header).
        byte[] damaged = Arrays.copyOf(whole, whole.length);
        damaged[10] = 0x07;
        Files.write(dir.resolve("damaged.gz"), damaged);
        Run corrupt = run(null, "file in=damaged.gz | inflate | count");
        assertEquals(1, corrupt.status());
        assertTrue(corrupt.err().contains("inflate: the gzip stream's compressed data is damaged at byte 1"), corrupt.err());
        Run notGzip = run(null, "file in=log.txt | inflate | count");
        assertTrue(notGzip.err().contains("inflate: the stream is not gzip: byte 0 is not the start of a gzip member"), notGzip.err());
        Run option = run(null, "--timeout", "x", "count");
        assertEquals(2, option.status());
        assertTrue(option.err().startsWith("tigris pipe: --timeout x is not a whole number of seconds above 0\nusage: tigris pipe"), option.err());
        Run none = run(null);
        assertEquals(2, none.status());
        assertTrue(none.err().startsWith("tigris pipe: no pipeline given"), none.err());
    }

    private static Path gzipOf(String text) throws IOException {
        Path p = dir.resolve("small.gz");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(p))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return p;
    }

    private static byte[] gunzip(Path p) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(p))) {
            return in.readAllBytes();
        }
    }
}
