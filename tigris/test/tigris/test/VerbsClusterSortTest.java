/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.sort.ClusterSort;
import tigris.sort.ClusterSortPlan;
import tigris.sort.KeyOrder;
import tigris.sort.PartitionSummary;
import tigris.sort.RecordFileGenerator;
import tigris.sort.RecordGenerator;
import tigris.sort.SortReport;
import tigris.sort.SortValidator;
import tigris.sort.Uint128;

/**
 * A sort across nodes over verbs on a real RDMA device (Soft-RoCE in the test VM: make
 * test-verbs): two {@code tigris node} processes, listed at the device's address, exchange
 * records through verbs reservoirs (RDMA sends into registered buffers), driven by this JVM as the
 * control agent (what {@code tigris sort --transport verbs} runs; ClusterSortTest checks that
 * command's options). The outputs validate as one sorted whole carrying the generated records'
 * checksum, and are the bytes a TCP sort on the same nodes writes. Records are made and checked in
 * this JVM: under emulation every JVM start costs a minute.
 */
@Tag("rdma-device")
class VerbsClusterSortTest {
    private static final String ADDRESS = System.getProperty("jaguar.verbs.address", "10.50.0.1");
    @TempDir
    static Path dir;
    private static final List<Process> NODES = new ArrayList<>();
    private static Identities cluster;
    private static ControlAgent agent;
    private static List<Node> nodes;

    /** Under emulation each step takes long: the log says how long. */
    private static final long T0 = System.nanoTime();

    @BeforeAll
    static void nodes() throws Exception {
        cluster = Identities.shared();
        List<Identities.Identity> ids = cluster.nodes("n1", "n2");
        cluster.agent();
        var n1 = CompletableFuture.supplyAsync(() -> start(ids.get(0)));
        var n2 = CompletableFuture.supplyAsync(() -> start(ids.get(1)));
        nodes = List.of(node(n1.get()), node(n2.get()));
        System.out.println("VerbsClusterSortTest: key and two nodes in " + (System.nanoTime() - T0) / 1_000_000 + " ms");
        // Nodes under emulation answer slowly while their JVMs warm up: minutes, not seconds.
        agent = new ControlAgent(cluster.agent().load(), Duration.ofMinutes(2));
    }

    private static String start(Identities.Identity id) {
        try {
            // C1 alone: under emulation C2's compilations would share the nodes' one CPU with the
            // sort for minutes (the code the nodes run is the same; the JIT only changes how fast).
            return ClusterSortTest.startNode(dir, id, "JDK_JAVA_OPTIONS=-XX:TieredStopAtLevel=1 ", ADDRESS, NODES);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** NAME=HOST:PORT as a node. */
    private static Node node(String spec) {
        int eq = spec.indexOf('='), colon = spec.lastIndexOf(':');
        return new Node(spec.substring(0, eq), spec.substring(eq + 1, colon), Integer.parseInt(spec.substring(colon + 1)));
    }

    @AfterAll
    static void stopNodes() {
        NODES.forEach(Process::destroyForcibly);
    }

    private static SortReport sort(String between, String out) throws Exception {
        ClusterSortPlan plan = new ClusterSortPlan(nodes, dir.resolve("in-{node}").toString(), dir.resolve(out + "-{node}").toString(), 1, 2, 64L << 20,
                        dir.toString(), 100 * 640, 8, true, true, between);
        long t = System.nanoTime();
        SortReport r;
        try {
            r = ClusterSort.run(plan, agent, p -> { }, 1000);
        } catch (Exception e) {
            dumpThreads();
            throw e;
        }
        System.out.println("VerbsClusterSortTest: " + between + " sort in " + (System.nanoTime() - t) / 1_000_000 + " ms");
        return r;
    }

    /** Every JVM's threads into the log: a failure in the VM is slow to reproduce. */
    private static void dumpThreads() throws Exception {
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        Path self = dir.resolve("agent-threads.txt");
        new ProcessBuilder(jcmd, Long.toString(ProcessHandle.current().pid()), "Thread.dump_to_file", "-format=text", self.toString())
                        .redirectErrorStream(true).start().waitFor();
        System.out.println("== the agent's threads (virtual ones too)\n" + (Files.exists(self) ? Files.readString(self) : "(no dump)"));
        for (Process p : NODES) {
            Process dump = new ProcessBuilder(jcmd, Long.toString(p.pid()), "Thread.print").redirectErrorStream(true).start();
            System.out.println("== node process " + p.pid() + "\n" + new String(dump.getInputStream().readAllBytes()));
        }
    }

    @Test
    void twoNodesSortOverVerbsIntoTheBytesTcpGives() throws Exception {
        RecordFileGenerator.generate(dir.resolve("in-n1"), RecordGenerator.Format.BINARY, Uint128.ZERO, 25_000, 2, false);
        RecordFileGenerator.generate(dir.resolve("in-n2"), RecordGenerator.Format.BINARY, Uint128.of(25_000), 15_000, 2, false);
        Uint128 generated = RecordFileGenerator.generate(null, RecordGenerator.Format.BINARY, Uint128.ZERO, 40_000, 2, true);

        SortReport verbs = sort("verbs", "verbs");
        assertEquals(40_000, verbs.records(), verbs.toString());
        // 2 partitioners x 4 sorters: each partitioner feeds its own node's 2 sorters in memory, the other 2 over verbs.
        assertTrue(verbs.reservoirs().startsWith("4 memory reservoir(s) within nodes, 0 TCP, 0 shared-memory, 4 verbs, 0 file between nodes"), verbs.toString());

        PartitionSummary whole = null;
        for (String n : List.of("n1", "n2")) {
            PartitionSummary part = SortValidator.validate(dir.resolve("verbs-" + n), 2, KeyOrder.BYTES);
            assertTrue(part.isOrdered(), n + ": " + part);
            whole = whole == null ? part : whole.then(part, KeyOrder.BYTES);
        }
        assertTrue(whole.isOrdered(), "node n1's last record sorts before n2's first: " + whole);
        assertEquals(Uint128.of(40_000), whole.recordCount());
        assertEquals(generated, whole.checksum(), "the records generated, each once");

        SortReport tcp = sort("tcp", "tcp");
        assertTrue(tcp.reservoirs().startsWith("4 memory reservoir(s) within nodes, 4 TCP"), tcp.toString());
        for (String n : List.of("n1", "n2")) {
            assertEquals(-1, Files.mismatch(dir.resolve("tcp-" + n), dir.resolve("verbs-" + n)), "node " + n + ": verbs and TCP write the same bytes");
        }
    }
}
