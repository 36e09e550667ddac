/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.test.TigrisSortTest.Run;

/**
 * {@code tigris sort} across node processes on this host, driven by the control agent over RMI,
 * records crossing between nodes through TCP reservoirs: every node sorts its own input file into
 * its own output, and the outputs validate as one sorted whole with {@code valsort -o} per node
 * and {@code valsort -s} on the summaries (the Sort Benchmark's cluster validation).
 */
class ClusterSortTest {
    @TempDir
    static Path dir;
    private static Identities cluster;
    private static final List<Process> NODES = new ArrayList<>();
    private static String n1;
    private static String n2;
    private static String n3;
    /** A node that may write only 100 KB per file (ulimit -f): its output cannot be written. */
    private static String cramped;

    @BeforeAll
    static void nodes() throws Exception {
        cluster = Identities.shared();
        cluster.nodes("n1", "n2", "n3", "cramped");
        n1 = startNode("n1", "");
        n2 = startNode("n2", "");
        n3 = startNode("n3", "");
        cramped = startNode("cramped", "ulimit -f 100 && ");
    }

    @AfterAll
    static void stopNodes() {
        NODES.forEach(Process::destroyForcibly);
    }

    private static String startNode(String name, String limits) throws Exception {
        return startNode(dir, cluster.node(name), limits, "127.0.0.1", NODES);
    }

    /**
     * Starts {@code tigris node} as {@code id} with its work directory in {@code dir} (through a
     * shell that may set limits first), reached at {@code host}; adds it to {@code nodes}; returns
     * NAME=HOST:PORT.
     */
    static String startNode(Path dir, Identities.Identity id, String limits, String host, List<Process> nodes) throws Exception {
        String name = id.name();
        Process p = new ProcessBuilder("bash", "-c", limits + "exec " + TigrisSortTest.tigrisCommand() + " node --name " + name + " --port 0 --key " + id.key()
                        + " --password-file " + id.password() + " --host " + host + " --work " + dir.resolve("work-" + name)).redirectErrorStream(true).start();
        nodes.add(p);
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = r.readLine();
        // The java launcher names JVM options given through the environment first (see start in VerbsClusterSortTest).
        while (line != null && line.startsWith("NOTE: Picked up JDK_JAVA_OPTIONS")) {
            line = r.readLine();
        }
        assertTrue(line != null && line.startsWith("tigris node " + name + " listening on "), "node " + name + " said: " + line);
        // A platform thread: a virtual one blocked reading the pipe would pin a carrier, and with
        // one per node an in-process agent's own calls could find none (2 CPUs: 2 carriers).
        Thread.ofPlatform().daemon().start(() -> r.lines().forEach(l -> System.out.println("[node " + name + "] " + l)));
        return name + "=" + host + ":" + line.substring(line.lastIndexOf(' ') + 1);
    }

    private static Run sort(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("-q"));
        cmd.addAll(List.of(args));
        return sortShowingProgress(cmd.toArray(String[]::new));
    }

    /** {@code tigris sort} as this cluster's agent, printing its progress lines on standard error (no {@code -q}). */
    private static Run sortShowingProgress(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("sort"));
        cmd.addAll(cluster.agent().options());
        cmd.addAll(List.of(args));
        return TigrisSortTest.tigris(cmd.toArray(String[]::new));
    }

    /** The last progress line a sort printed says every record was partitioned and sorted, once. */
    static void assertProgressEndsWhole(Run r) {
        List<String> lines = r.err().lines().filter(l -> l.startsWith("partition [")).toList();
        assertFalse(lines.isEmpty(), "progress lines on standard error: " + r.err());
        String full = "[" + "#".repeat(24) + "]";
        assertTrue(lines.getLast().startsWith("partition " + full + " 100%  sort " + full + " 100%"), "last progress line: " + lines.getLast());
    }

    /** Each node's input: gensort's records first..first+count-1, as a cluster generates them. */
    private static void gensort(String node, long first, long count) {
        Run r = TigrisSortTest.tigris("gensort", "-b" + first, Long.toString(count), dir.resolve("in-" + node).toString());
        assertEquals(0, r.status(), r.err());
    }

    /** valsort -o per node output, then valsort -s over the summaries in node order: its report. */
    private static Run validate(String prefix, String... nodes) throws Exception {
        Path all = dir.resolve(prefix + "-all.sum");
        try (var out = Files.newOutputStream(all)) {
            for (String n : nodes) {
                Path sum = dir.resolve(prefix + "-" + n + ".sum");
                Run r = TigrisSortTest.tigris("valsort", "-o", sum.toString(), dir.resolve(prefix + "-" + n).toString());
                assertEquals(0, r.status(), n + ": " + r.err());
                out.write(Files.readAllBytes(sum));
            }
        }
        return TigrisSortTest.tigris("valsort", "-s", all.toString());
    }

    private static String checksumOf(long count) {
        Path whole = dir.resolve("whole-" + count);
        Run g = TigrisSortTest.tigris("gensort", "-c", Long.toString(count), whole.toString());
        assertEquals(0, g.status(), g.err());
        return g.err().strip();
    }

    @Test
    void threeNodesSortTheirInputsIntoOneOrderedWholeInOnePassAndInTwo() throws Exception {
        // Unequal inputs: the key ranges follow the records, not the nodes.
        gensort("n1", 0, 30_000);
        gensort("n2", 30_000, 45_000);
        gensort("n3", 75_000, 15_000);
        String checksum = checksumOf(90_000);
        Run r = sort("-p", "2", "-s", "2", "--answer-timeout", "30", "--node", n1, "--node", n2, "--node", n3, dir.resolve("in-{node}").toString(),
                        dir.resolve("out-{node}").toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("90000 records") && r.out().contains("3 nodes, 6 partitioner(s), 6 sorter(s), one pass"), r.out());
        Run v = validate("out", "n1", "n2", "n3");
        assertEquals(0, v.status(), v.err());
        assertTrue(v.err().contains("Records: 90000") && v.err().contains("SUCCESS"), v.err());
        assertTrue(v.err().contains(checksum), "same records as generated (" + checksum + "): " + v.err());
        for (String n : List.of("n1", "n2", "n3")) {
            long size = Files.size(dir.resolve("out-" + n));
            assertTrue(size > 90_000 * 100 / 3 / 2 && size < 90_000 * 100 / 3 * 2, "sampled ranges give node " + n + " a third: " + size);
        }

        // 1 MiB per sorter holds ~7900 records, a sorter gets ~15000: each spills runs and merges.
        Run two = sort("-p", "1", "-s", "2", "--memory", "1M", "--node", n1, "--node", n2, "--node", n3, dir.resolve("in-{node}").toString(),
                        dir.resolve("two-{node}").toString());
        assertEquals(0, two.status(), two.out() + two.err());
        assertTrue(two.out().contains("two passes"), two.out());
        assertEquals(0, validate("two", "n1", "n2", "n3").status());
        byte[] onePass = concat("out");
        assertArrayEquals(onePass, concat("two"), "one pass and two passes write the same bytes");
    }

    /**
     * --mirror: every node's input has a copy on the next node, and the two readers of each share
     * it by graduated declustering. The outputs are byte for byte those of the sort without
     * mirrors (the same sample, so the same ranges); a missing copy fails the sort, naming it.
     */
    @Test
    void mirroredInputsSortToTheSameBytesAndAMissingCopyIsNamed() throws Exception {
        gensort("n1", 0, 20_000);
        gensort("n2", 20_000, 25_000);
        gensort("n3", 45_000, 15_000);
        for (String n : List.of("n1", "n2", "n3")) {
            Files.copy(dir.resolve("in-" + n), dir.resolve("mirror-" + n), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        String in = dir.resolve("in-{node}").toString();
        String mirror = dir.resolve("mirror-{stripe}").toString();
        Run plain = sort("-p", "1", "-s", "2", "--node", n1, "--node", n2, "--node", n3, in, dir.resolve("plain-{node}").toString());
        assertEquals(0, plain.status(), plain.out() + plain.err());
        // As a user runs it: progress shown (its last line once counted the last attempt's records twice and failed the sort).
        Run mirrored = sortShowingProgress("-s", "2", "--mirror", mirror, "--node", n1, "--node", n2, "--node", n3, in,
                        dir.resolve("mirrored-{node}").toString());
        assertEquals(0, mirrored.status(), mirrored.out() + mirrored.err());
        assertProgressEndsWhole(mirrored);
        assertTrue(mirrored.out().contains("60000 records") && mirrored.out().contains("3 nodes, 3 partitioner(s), 6 sorter(s)"), mirrored.out());
        Run v = validate("mirrored", "n1", "n2", "n3");
        assertEquals(0, v.status(), v.err());
        assertTrue(v.err().contains("Records: 60000") && v.err().contains("SUCCESS"), v.err());
        assertArrayEquals(concat("plain"), concat("mirrored"), "a mirrored sort writes what the sort without mirrors writes");

        Files.delete(dir.resolve("mirror-n3"));
        Run missing = sort("-s", "2", "--mirror", mirror, "--node", n1, "--node", n2, "--node", n3, in, dir.resolve("gone-{node}").toString());
        assertEquals(1, missing.status(), missing.out() + missing.err());
        assertTrue(missing.err().contains("did not start") && missing.err().contains("the copy of node n3's input is not at " + dir.resolve("mirror-n3")),
                        missing.err());
        Files.copy(dir.resolve("in-n1"), dir.resolve("mirror-n3"));
        Run stale = sort("-s", "2", "--mirror", mirror, "--node", n1, "--node", n2, "--node", n3, in, dir.resolve("stale-{node}").toString());
        assertEquals(1, stale.status(), stale.out() + stale.err());
        assertTrue(stale.err().contains("the copy of node n3's input on n1 (" + dir.resolve("mirror-n3") + ") holds 20000 records, the input 15000: a stale or wrong copy"),
                        stale.err());
        // Same length, other records (gensort from another first record): refused before anything is sorted.
        Files.delete(dir.resolve("mirror-n3"));
        gensort("other", 1_000_000, 15_000);
        Files.move(dir.resolve("in-other"), dir.resolve("mirror-n3"));
        Run other = sort("-s", "2", "--mirror", mirror, "--node", n1, "--node", n2, "--node", n3, in, dir.resolve("other-{node}").toString());
        assertEquals(1, other.status(), other.out() + other.err());
        assertTrue(other.err().contains("the copy of node n3's input on n1 (" + dir.resolve("mirror-n3") + ") differs from the input in the 1024 records compared"),
                        other.err());
        assertTrue(java.util.stream.Stream.of("n1", "n2", "n3").noneMatch(n -> Files.exists(dir.resolve("other-" + n))), "nothing written");
        Run p = sort("-p", "2", "-s", "2", "--mirror", mirror, "--node", n1, "--node", n2, in, dir.resolve("p-{node}").toString());
        assertEquals(2, p.status(), p.err());
        assertTrue(p.err().contains("-p does not apply with --mirror"), p.err());
        Run alone = sort("-s", "2", "--mirror", mirror, "--node", n1, in, dir.resolve("alone-{node}").toString());
        assertEquals(2, alone.status(), alone.err());
        assertTrue(alone.err().contains("mirrored inputs need two nodes or more"), alone.err());
    }

    /** --transport shm: the three nodes (JVMs of this host) exchange records through shared-memory rings; same bytes as over TCP. */
    @Test
    void nodesOfOneHostSortOverSharedMemoryAsOverTcp() throws Exception {
        gensort("n1", 0, 20_000);
        gensort("n2", 20_000, 25_000);
        gensort("n3", 45_000, 15_000);
        String in = dir.resolve("in-{node}").toString();
        Run tcp = sort("-p", "1", "-s", "2", "--node", n1, "--node", n2, "--node", n3, in, dir.resolve("tcp-{node}").toString());
        assertEquals(0, tcp.status(), tcp.out() + tcp.err());
        Run shm = sort("-p", "1", "-s", "2", "--transport", "shm", "--node", n1, "--node", n2, "--node", n3, in, dir.resolve("shm-{node}").toString());
        assertEquals(0, shm.status(), shm.out() + shm.err());
        // 3 partitioners x 6 sorters: each partitioner feeds its node's 2 sorters in memory and the other 4 across.
        assertTrue(tcp.out().contains("reservoirs 6 memory reservoir(s) within nodes, 12 TCP, 0 shared-memory, 0 verbs, 0 file between nodes"), tcp.out());
        assertTrue(shm.out().contains("reservoirs 6 memory reservoir(s) within nodes, 0 TCP, 12 shared-memory, 0 verbs, 0 file between nodes"), shm.out());
        Run v = validate("shm", "n1", "n2", "n3");
        assertEquals(0, v.status(), v.err());
        assertTrue(v.err().contains("Records: 60000") && v.err().contains(checksumOf(60_000)), v.err());
        assertArrayEquals(concat("tcp"), concat("shm"), "shared memory and TCP carry the same records");

        // Listed at two addresses, the nodes are not known to share a host: refused before anything runs.
        String n2AtLocalhost = n2.replace("127.0.0.1", "localhost");
        Run refused = sort("--transport", "shm", "--node", n1, "--node", n2AtLocalhost, in, dir.resolve("x-{node}").toString());
        assertEquals(2, refused.status(), refused.err());
        assertTrue(refused.err().contains("--transport shm: shared memory joins nodes on one host, listed at the same address"), refused.err());
        assertFalse(Files.exists(dir.resolve("x-n1")) || Files.exists(dir.resolve("x-n2")));
        // Verbs needs an RDMA device at the address each node is listed at; 127.0.0.1 is never one.
        // (VerbsClusterSortTest sorts over verbs on Soft-RoCE in the test VM.)
        Run noDevice = sort("--transport", "verbs", "--node", n1, "--node", n2, in, dir.resolve("x-{node}").toString());
        assertEquals(1, noDevice.status(), noDevice.out() + noDevice.err());
        assertTrue(noDevice.err().contains("cannot listen on 127.0.0.1 (transport=verbs needs an RDMA device with the address this node is listed at)"),
                        noDevice.err());
        assertTrue(noDevice.err().contains("at node n"), "names the node: " + noDevice.err());
        assertFalse(Files.exists(dir.resolve("x-n1")) || Files.exists(dir.resolve("x-n2")));
        Run never = sort("--answer-timeout", "0", "--node", n1, in, dir.resolve("x-{node}").toString());
        assertEquals(2, never.status(), never.err());
        assertTrue(never.err().contains("--answer-timeout 0: must be at least 1"), never.err());
        Run unknown = sort("--transport", "rdma", "--node", n1, in, dir.resolve("x-{node}").toString());
        assertEquals(2, unknown.status(), unknown.err());
        assertTrue(unknown.err().contains("--transport=rdma is not one of memory, tcp, shm, verbs, file"), unknown.err());
    }

    private static byte[] concat(String prefix) throws Exception {
        var b = new java.io.ByteArrayOutputStream();
        for (String n : List.of("n1", "n2", "n3")) {
            b.write(Files.readAllBytes(dir.resolve(prefix + "-" + n)));
        }
        return b.toByteArray();
    }

    @Test
    void aMissingHostIsNamedAndNothingIsWritten() throws Exception {
        gensort("n1", 0, 1000);
        Run r = sort("--node", n1, "--node", "ghost=127.0.0.1:1", dir.resolve("in-{node}").toString(), dir.resolve("ghost-out-{node}").toString());
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("cannot reach node ghost (127.0.0.1:1)"), r.err());
        assertFalse(Files.exists(dir.resolve("ghost-out-n1")));
    }

    @Test
    void aNodeWhoseInputIsNotWholeRecordsFailsTheSortBeforeItStarts() throws Exception {
        gensort("n1", 0, 1000);
        Files.copy(dir.resolve("in-n1"), dir.resolve("bad-in-n1"));
        Path bad = Files.write(dir.resolve("bad-in-n2"), new byte[150]);
        Run r = sort("--node", n1, "--node", n2, dir.resolve("bad-in-{node}").toString(), dir.resolve("bad-out-{node}").toString());
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("did not start") && r.err().contains("on node n2") && r.err().contains("input " + bad + " has 150 bytes, not a whole number"),
                        r.err());
        assertFalse(Files.exists(dir.resolve("bad-out-n1")));
    }

    @Test
    void aNodeThatCannotWriteItsOutputFailsTheSortAndNothingIsCommitted() throws Exception {
        gensort("n1", 0, 20_000);
        gensort("cramped", 20_000, 20_000);
        Files.writeString(dir.resolve("full-n1"), "an earlier job's output");
        Run r = sort("-p", "1", "-s", "1", "--node", n1, "--node", cramped, dir.resolve("in-{node}").toString(), dir.resolve("full-{node}").toString());
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("on node cramped failed") && r.err().contains("File too large"), r.err());
        assertTrue(r.err().contains("nothing was committed and every node deleted what it had written"), r.err());
        assertEquals("an earlier job's output", Files.readString(dir.resolve("full-n1")), "a failed sort puts nothing in place");
        assertFalse(Files.exists(dir.resolve("full-cramped")));
        try (var left = Files.list(dir)) {
            List<Path> staged = left.filter(f -> f.getFileName().toString().startsWith(".full-")).toList();
            assertTrue(staged.isEmpty(), "what the nodes staged was deleted: " + staged);
        }
    }

    @Test
    void nodesSharingAHostNeedNodeInThePaths() throws Exception {
        Run r = sort("--node", n1, "--node", n2, dir.resolve("in").toString(), dir.resolve("out").toString());
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("nodes n1 and n2 share host 127.0.0.1: the input and output paths need {node}"), r.err());
        // The same nodes from a nodes file (NAME HOST:PORT per line, # comments), and a bad line in one.
        Path nodes = Files.writeString(dir.resolve("nodes.txt"), "# two nodes\n" + n1.replace('=', ' ') + "\n\n  " + n2.replace('=', '\t') + "  # second\n");
        Run f = sort("--nodes", nodes.toString(), dir.resolve("in").toString(), dir.resolve("out").toString());
        assertEquals(2, f.status(), f.out() + f.err());
        assertTrue(f.err().contains("nodes n1 and n2 share host 127.0.0.1"), f.err());
        Path broken = Files.writeString(dir.resolve("broken.txt"), n1.replace('=', ' ') + "\nn2 127.0.0.1\n");
        Run g = sort("--nodes", broken.toString(), "in", "out");
        assertEquals(2, g.status());
        assertTrue(g.err().contains(broken + ":2: n2 127.0.0.1: not NAME HOST:PORT"), g.err());
        Run k = TigrisSortTest.tigris("sort", "--node", n1, "in", "out");
        assertEquals(2, k.status());
        assertTrue(k.err().contains("a sort across nodes needs the agent's identity: --key AGENT.p12 and --password-file FILE"), k.err());
        Run named = sort("--node", n1.replace("n1=", "other="), dir.resolve("in-{node}").toString(), dir.resolve("out-{node}").toString());
        assertEquals(1, named.status());
        assertTrue(named.err().contains("the node at " + n1.substring(3) + " holds the certificate of n1, not other's"), named.err());
        Run b = sort("--node", "n9=nohostport", "in", "out");
        assertEquals(2, b.status());
        assertTrue(b.err().contains("--node n9=nohostport: not NAME=HOST:PORT"), b.err());
    }
}
