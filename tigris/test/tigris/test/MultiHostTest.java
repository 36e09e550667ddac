/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.node.RiverManager;

/**
 * Tigris across hosts: three network namespaces joined by veth pairs to a bridge, a
 * {@code tigris node} in each, driven by the agent in the test's namespace over real links.
 */
class MultiHostTest {
    @TempDir
    static Path dir;
    private static Identities cluster;
    private static byte[] jar;

    @BeforeAll
    static void cluster() throws Exception {
        cluster = Identities.shared();
        jar = NodeControlTest.moduleJar();
    }

    private static Node[] startThreeNodes(NetnsCluster c) throws Exception {
        return new Node[] {c.startNode(1, cluster, dir, null), c.startNode(2, cluster, dir, null), c.startNode(3, cluster, dir, null)};
    }

    @Test
    void aRiverFansOutAcrossThreeHosts() throws Exception {
        assumeTrue(NetnsCluster.available(), "needs root and iproute2 for network namespaces");
        try (NetnsCluster c = new NetnsCluster(3)) {
            Node[] h = startThreeNodes(c);
            ControlAgent agent = new ControlAgent(cluster.agent().load());
            Path out = dir.resolve("fan-out");
            long n = 3000;
            var run = agent.start("fan", NodeControlTest.graph("fan", n, out, 0),
                            Map.of("source", List.of(h[0]), "doubler", List.of(h[1], h[2]), "sink", List.of(h[0])), "modules.jar", jar);
            var report = run.await(120_000, null);
            assertTrue(report.completed(), report.toString());
            run.commit();
            assertEquals(n + " " + n * (n - 1) / 2 + " " + 2 * n, Files.readString(out));
            long onH2 = report.entries().stream().filter(e -> e.node().equals("h2")).mapToLong(ControlAgent.RunReport.Entry::watersIn).sum();
            long onH3 = report.entries().stream().filter(e -> e.node().equals("h3")).mapToLong(ControlAgent.RunReport.Entry::watersIn).sum();
            assertEquals(n, onH2 + onH3, report.toString());
            assertTrue(onH2 > 0 && onH3 > 0, "the DQ used both hosts: " + report);
        }
    }

    /** TigrisSort across hosts: `tigris sort` as the agent, records between hosts over TCP reservoirs. */
    @Test
    void tigrisSortAcrossThreeHostsValidatesAsOneOrderedWhole() throws Exception {
        assumeTrue(NetnsCluster.available(), "needs root and iproute2 for network namespaces");
        try (NetnsCluster c = new NetnsCluster(3)) {
            Node[] h = startThreeNodes(c);
            List<String> args = new java.util.ArrayList<>(List.of("sort", "-q", "-p", "1", "-s", "2", "--key", cluster.agent().key().toString(), "--password-file",
                            cluster.agent().password().toString()));
            for (int i = 0; i < 3; i++) {
                TigrisSortTest.Run g = TigrisSortTest.tigris("gensort", "-b" + 20_000 * i, "20000", dir.resolve("sort-in-" + h[i].name()).toString());
                assertEquals(0, g.status(), g.err());
                args.addAll(List.of("--node", h[i].name() + "=" + h[i].host() + ":" + h[i].port()));
            }
            args.addAll(List.of(dir.resolve("sort-in-{node}").toString(), dir.resolve("sort-out-{node}").toString()));
            TigrisSortTest.Run r = TigrisSortTest.tigris(args.toArray(String[]::new));
            assertEquals(0, r.status(), r.out() + r.err());
            assertTrue(r.out().contains("60000 records") && r.out().contains("3 nodes"), r.out());
            Path all = dir.resolve("sort-all.sum");
            Files.deleteIfExists(all);
            for (Node n : h) {
                Path sum = dir.resolve("sort-" + n.name() + ".sum");
                TigrisSortTest.Run v = TigrisSortTest.tigris("valsort", "-o", sum.toString(), dir.resolve("sort-out-" + n.name()).toString());
                assertEquals(0, v.status(), v.err());
                assertTrue(Files.size(dir.resolve("sort-out-" + n.name())) > 0, "host " + n.name() + " holds a key range");
                Files.write(all, Files.readAllBytes(sum), java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
            }
            TigrisSortTest.Run v = TigrisSortTest.tigris("valsort", "-s", all.toString());
            assertEquals(0, v.status(), v.err());
            assertTrue(v.err().contains("Records: 60000") && v.err().contains("SUCCESS"), v.err());
        }
    }

    @Test
    void aCutLinkFailsTheRunAndNamesTheHostWithinSeconds() throws Exception {
        assumeTrue(NetnsCluster.available(), "needs root and iproute2 for network namespaces");
        try (NetnsCluster c = new NetnsCluster(3)) {
            Node[] h = startThreeNodes(c);
            ControlAgent agent = new ControlAgent(cluster.agent().load());
            Path out = dir.resolve("never");
            var run = agent.start("cut", NodeControlTest.graph("cut", Long.MAX_VALUE, out, 1),
                            Map.of("source", List.of(h[0]), "doubler", List.of(h[1], h[2]), "sink", List.of(h[0])), "modules.jar", jar);
            Thread.sleep(1500);
            c.cut(3);
            long t0 = System.nanoTime();
            var report = run.await(120_000, null);
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
            assertFalse(report.completed());
            assertTrue(report.failure().contains("h3") || report.failure().contains(c.address(3)), report.toString());
            assertTrue(seconds < 20, "the agent took " + seconds + " s: " + report);
            assertFalse(Files.exists(out), "no success was reported");
        }
    }

    @Test
    void aHostWhoseNodeIsKilledFailsTheRunAndIsNamed() throws Exception {
        assumeTrue(NetnsCluster.available(), "needs root and iproute2 for network namespaces");
        try (NetnsCluster c = new NetnsCluster(3)) {
            Node h1 = c.startNode(1, cluster, dir, null);
            Process[] victim = new Process[1];
            Node h2 = c.startNode(2, cluster, dir, victim);
            Node h3 = c.startNode(3, cluster, dir, null);
            ControlAgent agent = new ControlAgent(cluster.agent().load());
            Path out = dir.resolve("killed");
            var run = agent.start("killed", NodeControlTest.graph("killed", Long.MAX_VALUE, out, 1),
                            Map.of("source", List.of(h1), "doubler", List.of(h2, h3), "sink", List.of(h1)), "modules.jar", jar);
            Thread.sleep(1500);
            victim[0].destroyForcibly();
            long t0 = System.nanoTime();
            var report = run.await(120_000, null);
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
            assertFalse(report.completed());
            assertTrue(report.failure().contains("h2") || report.failure().contains(c.address(2)), report.toString());
            assertTrue(seconds < 20, "the agent took " + seconds + " s: " + report);
            assertFalse(Files.exists(out), "no success was reported");
        }
    }

    /** Where loopback and the wildcard really differ: a node on a host's address listens there and on nothing else. */
    @Test
    void aNodeListensOnlyOnItsHostsAddress() throws Exception {
        assumeTrue(NetnsCluster.available(), "needs root and iproute2 for network namespaces");
        try (NetnsCluster c = new NetnsCluster(1)) {
            Process[] process = new Process[1];
            Node h1 = c.startNode(1, cluster, dir, process);
            RiverManager m = new ControlAgent(cluster.agent().load()).connect(h1);
            List<java.net.InetSocketAddress> listening = ListeningSockets.withAConsumerEndOpen(m, process[0].pid(), jar);
            assertTrue(listening.size() >= 2, "the registry and the reservoir's listener, at least: " + listening);
            for (var a : listening) {
                assertEquals(c.address(1), a.getAddress().getHostAddress(), "only on its host's address: " + listening);
            }
        }
    }

    @Test
    void aNodeWithoutTheKeyRefusesToStart() throws Exception {
        String javaHome = Path.of(ProcessHandle.current().info().command().orElseThrow()).getParent().getParent().toString();
        Process p = new ProcessBuilder(javaHome + "/bin/java", "-m", "jaguar.tigris/tigris.node.NodeMain", "--name", "nokey", "--port", "0")
                        .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("tigris node: missing option --key"), out);
        Process q = new ProcessBuilder(javaHome + "/bin/java", "-m", "jaguar.tigris/tigris.node.NodeMain", "--name", "badkey", "--port", "0", "--key",
                        dir.resolve("missing.p12").toString(), "--password-file", cluster.agent().password().toString()).redirectErrorStream(true).start();
        String out2 = new String(q.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(q.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, q.exitValue(), out2);
        assertTrue(out2.contains("missing.p12"), out2);
    }
}
