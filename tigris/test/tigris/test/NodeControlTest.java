/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.ModuleThread;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.ThreadPolicy;
import tigris.node.ActionOutcome;
import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.node.NodeActionException;
import tigris.node.RemoveFileAction;
import tigris.node.ActionPlan;
import tigris.node.NodeAction;
import tigris.node.NodeContext;
import tigris.node.CommittedPart;
import tigris.AttemptKey;
import tigris.RiverAttempt;
import tigris.node.RiverManager;
import tigris.river.ModulePlan;
import tigris.sort.KeySample;
import tigris.sort.KeySampleAction;

/**
 * Nodes in their own processes, controlled over RMI with TLS and cluster identities: a river grown
 * across two nodes from a pushed jar, a node killed mid-run, a bad class, another cluster's agent,
 * and arguments the deserialization filter refuses.
 */
class NodeControlTest {
    @TempDir
    static Path dir;
    private static Identities cluster;
    private static byte[] jar;
    private static final List<Process> NODES = new ArrayList<>();
    /** What each node printed after its "listening" line. */
    private static final Map<String, List<String>> SAID = new java.util.concurrent.ConcurrentHashMap<>();

    private static String javaHome() {
        return Path.of(ProcessHandle.current().info().command().orElseThrow()).getParent().getParent().toString();
    }

    @BeforeAll
    static void cluster() throws Exception {
        cluster = Identities.shared();
        cluster.nodes("a", "b", "a2", "b2", "a3", "a4", "a5", "b5", "a6", "b6", "a7", "b7", "a8", "b8", "a9", "b9", "a10", "a11", "a12", "e1", "e2", "c1", "p1", "p2", "pa", "pb", "t1", "t2");
        cluster.agent();
        jar = moduleJar();
    }

    private static ControlAgent agent() throws Exception {
        return new ControlAgent(cluster.agent().load());
    }

    /** The test's module classes as a jar, as an agent ships them to nodes. */
    static byte[] moduleJar() throws Exception {
        Path classes = Path.of(Record.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream j = new JarOutputStream(bytes); Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                j.putNextEntry(new JarEntry(classes.relativize(f).toString()));
                j.write(Files.readAllBytes(f));
                j.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    @AfterAll
    static void stopNodes() {
        NODES.forEach(Process::destroyForcibly);
    }

    /** Starts a node process and returns it once it listens. */
    private static Node startNode(String name, Process[] process) throws Exception {
        return startNode(name, process, 0);
    }

    /** As {@link #startNode(String, Process[])}, on {@code port} (0: any), with {@code more} options. */
    private static Node startNode(String name, Process[] process, int port, String... more) throws Exception {
        return startNode(name, process, port, Map.of(), more);
    }

    /** As {@link #startNode(String, Process[], int, String...)}, with {@code env} added to its environment. */
    private static Node startNode(String name, Process[] process, int port, Map<String, String> env, String... more) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(javaHome() + "/bin/tigris", "node", "--name", name, "--port", Integer.toString(port), "--work",
                        dir.resolve("work-" + name).toString()));
        cmd.addAll(List.of(more));
        cmd.addAll(cluster.node(name).options());
        ProcessBuilder b = new ProcessBuilder(cmd).redirectErrorStream(true);
        b.environment().putAll(env);
        Process p = b.start();
        NODES.add(p);
        if (process != null) {
            process[0] = p;
        }
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = r.readLine();
        assertTrue(line != null && line.startsWith("tigris node " + name + " listening on "), "node " + name + " said: " + line);
        List<String> said = new java.util.concurrent.CopyOnWriteArrayList<>();
        SAID.put(name, said);
        Thread.ofPlatform().daemon().start(() -> r.lines().forEach(l -> {
            said.add(l);
            System.out.println("[node " + name + "] " + l);
        }));
        return new Node(name, "127.0.0.1", Integer.parseInt(line.substring(line.lastIndexOf(' ') + 1)));
    }

    static RiverGraph graph(String river, long count, Path out, long sinkDelay) {
        RiverGraph g = new RiverGraph(river);
        ReservoirSpec spec = ReservoirSpec.of(8, 1024);
        g.module("source", GraphModules.CountingSource.class).parameter("count", Long.toString(count)).output("out", Record.class);
        g.module("doubler", GraphModules.Doubler.class).instances(2).input("in", Record.class).output("out", Record.class);
        g.module("sink", GraphModules.FileSummingSink.class).parameter("out", out.toString()).parameter("delayMillis", Long.toString(sinkDelay))
                        .input("in", Record.class);
        g.connect("source.out", "doubler.in", spec).connect("doubler.out", "sink.in", spec);
        return g;
    }

    @Test
    void aRiverGrowsAcrossTwoNodesAndRunsToEndOfRiver() throws Exception {
        Node a = startNode("a", null);
        Node b = startNode("b", null);
        ControlAgent agent = agent();
        Path out = dir.resolve("sum-ok");
        long n = 2000;
        var run = agent.start("double", graph("double", n, out, 0),
                        Map.of("source", List.of(a), "doubler", List.of(a, b), "sink", List.of(b)), "modules.jar", jar);
        var report = run.await(120_000, null);
        assertTrue(report.completed(), report.toString());
        assertEquals(4, report.entries().size(), report.toString());
        run.commit();
        assertEquals(n + " " + n * (n - 1) / 2 + " " + 2 * n, Files.readString(out), "every Water crossed once, doubled once");
    }

    @Test
    void aNodeKilledMidRunFailsTheRunAndIsNamed() throws Exception {
        Process[] survivor = new Process[1];
        Node a = startNode("a2", survivor);
        Process[] victim = new Process[1];
        Node b = startNode("b2", victim);
        ControlAgent agent = agent();
        var run = agent.start("endless", graph("endless", Long.MAX_VALUE, dir.resolve("sum-never"), 1),
                        Map.of("source", List.of(a), "doubler", List.of(a, a), "sink", List.of(b)), "modules.jar", jar);
        Thread.sleep(1000);
        // While the river runs, both nodes listen on their address only.
        for (Process p : List.of(survivor[0], victim[0])) {
            List<java.net.InetSocketAddress> listening = ListeningSockets.of(p.pid());
            assertFalse(listening.isEmpty());
            assertTrue(listening.stream().allMatch(s -> s.getAddress().getHostAddress().equals("127.0.0.1")), "while running: " + listening);
        }
        victim[0].destroyForcibly();
        long t0 = System.nanoTime();
        var report = run.await(120_000, null);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
        assertFalse(report.completed());
        assertTrue(report.failure().contains("b2"), report.toString());
        assertTrue(seconds < 30, "the agent took " + seconds + " s to notice");
        // The final report was asked for after the stop: no thread the agent stopped shows RUNNING,
        // and the dead node's rows are its last known ones, marked unreachable.
        for (var e : report.entries()) {
            assertTrue(e.node().equals("b2") == e.unreachable(), report.toString());
            assertTrue(e.unreachable() || e.state() != ModuleThread.State.RUNNING, report.toString());
        }
        assertTrue(report.toString().contains("b2/sink: UNREACHABLE ("), report.toString());
        assertFalse(Files.exists(dir.resolve("sum-never")), "no success was reported");
    }

    private static final String G = GraphModules.class.getName();

    /** A river file's text: its river, jar (modules.jar) and node lines, then {@code statements}. */
    private static String riverFile(String river, List<Node> nodes, String... statements) {
        List<String> lines = new ArrayList<>(List.of("river " + river, "jar modules.jar"));
        nodes.forEach(n -> lines.add("node " + n.name() + " " + n.host() + ":" + n.port()));
        lines.addAll(List.of(statements));
        lines.add("");
        return String.join("\n", lines);
    }

    /** The module lines of source -> doubler -> sink: {@code count} Records, doubled, summed into {@code out}. */
    private static String source(String on, long count) {
        return "module source " + G + "$CountingSource on " + on + " out:out=tigris.test.Record count=" + count;
    }

    private static String doubler(String on, String more) {
        return "module doubler " + G + "$Doubler on " + on + " in:in=tigris.test.Record out:out=tigris.test.Record" + more;
    }

    private static String summingSink(String on, Path out) {
        return "module sink " + G + "$FileSummingSink on " + on + " in:in=tigris.test.Record out=" + out;
    }

    @Test
    void theTigrisCommandRunsARiverFile() throws Exception {
        Node a = startNode("a5", null);
        Node b = startNode("b5", null);
        Files.write(dir.resolve("modules.jar"), jar);
        Path out = dir.resolve("sum-cli");
        Path river = dir.resolve("double.tgr");
        Files.writeString(river, "# a river file, as tigris run reads it\n" + riverFile("cli", List.of(a, b), source("a5", 500), doubler("a5,b5", " policy:RANDOM"),
                        summingSink("b5", out), "connect source.out doubler.in window=4 water=1024", "connect doubler.out sink.in"));
        Run ok = tigrisRun(river, "--answer-timeout", "30");
        assertEquals(0, ok.status(), ok.said());
        assertTrue(ok.said().contains("river cli: completed") && ok.said().contains("river cli: committed 1 output file(s)"), ok.said());
        assertEquals("500 " + 500 * 499 / 2 + " 1000", Files.readString(out));

        Files.writeString(river, "river bad\njar modules.jar\nnode a " + a.host() + ":" + a.port() + "\nmodule s " + G + "$CountingSource on z\n");
        Run bad = tigrisRun(river);
        assertEquals(2, bad.status(), bad.said());
        assertTrue(bad.said().contains("double.tgr:4: unknown node z"), bad.said());
        Run badFlag = tigrisRun(river, "--answer-timeout", "soon");
        assertEquals(2, badFlag.status(), badFlag.said());
        assertTrue(badFlag.said().contains("tigris run: --answer-timeout soon: not a whole number of seconds, at least 1"), badFlag.said());
    }

    /**
     * A module marked {@code critical:} in a river file runs as a Reflex task on its node (the
     * node starts its runtime for it and says so), between TCP reservoirs of two nodes; keeping
     * more Waters than the source sends, none is lost, and the sum is the plain river's.
     */
    @Test
    void aRiverFileRunsATimeCriticalModuleOnItsNode() throws Exception {
        Node a = startNode("t1", null);
        Node b = startNode("t2", null);
        Files.write(dir.resolve("modules.jar"), jar);
        Path out = dir.resolve("sum-critical");
        Path river = dir.resolve("critical.tgr");
        Files.writeString(river, riverFile("critical", List.of(a, b), source("t1", 500), doubler("t2", " critical:arrival,keep=600,max=8"), summingSink("t1", out),
                        "connect source.out doubler.in window=4 water=1024", "connect doubler.out sink.in window=2 water=1024"));
        Run ok = tigrisRun(river, "--answer-timeout", "30");
        assertEquals(0, ok.status(), ok.said());
        assertTrue(ok.said().contains("river critical: completed"), ok.said());
        // The stage's counters in the final report: every Water in and out, none dropped, none held.
        assertTrue(ok.said().contains("t2/doubler: ENDED, 500 Waters in; time-critical (on arrival, KEEP_NEWEST (keeps 600), at most 8 Waters a run): 500 in, 500 out, "), ok.said());
        assertTrue(ok.said().contains(" 0 dropped, 0 held; "), ok.said());
        assertEquals("500 " + 500 * 499 / 2 + " 1000", Files.readString(out));
        awaitLines("t2", List.of("node t2: river critical started this node's Reflex runtime for its time-critical modules"));
        assertTrue(SAID.get("t1").stream().noneMatch(l -> l.contains("Reflex runtime")), "t1 runs no time-critical module: " + SAID.get("t1"));
    }

    /**
     * {@code transport=shm}: the two nodes (two JVMs on this host) are joined by shared-memory
     * rings instead of TCP, and the river computes the same sum; nodes listed at different
     * addresses are refused before anything runs, and so is an unknown transport.
     */
    @Test
    void aRiverFileJoinsNodesOfOneHostBySharedMemory() throws Exception {
        long started = System.currentTimeMillis() - 1000;
        Node a = startNode("a6", null);
        Node b = startNode("b6", null);
        Files.write(dir.resolve("modules.jar"), jar);
        Path out = dir.resolve("sum-shm");
        Path river = dir.resolve("shm.tgr");
        java.util.function.Function<String, String> file = bHost -> riverFile("shm", List.of(a, new Node(b.name(), bHost, b.port())), source("a6", 2000), doubler("b6", ""),
                        summingSink("a6", out), "connect source.out doubler.in window=4 water=1024 transport=shm", "connect doubler.out sink.in transport=shm");
        Files.writeString(river, file.apply(b.host()));
        Run ok = tigrisRun(river);
        assertEquals(0, ok.status(), ok.said());
        assertTrue(ok.said().contains("river shm grown on 2 node(s): 0 memory reservoir(s) within nodes, 0 TCP, 2 shared-memory, 0 verbs, 0 file between nodes"),
                        ok.said());
        assertTrue(ok.said().contains("river shm: completed"), ok.said());
        assertEquals("2000 " + 2000 * 1999 / 2 + " 4000", Files.readString(out));
        try (var segments = Files.list(Path.of("/dev/shm"))) {
            assertEquals(List.of(), segments.filter(f -> f.getFileName().toString().startsWith("tigris-")
                            && f.toFile().lastModified() >= started).toList(), "no ring left behind");
        }

        // A placement the file itself rules out is a bad file (status 2, at its line), refused before any node is called.
        Files.writeString(river, file.apply("localhost"));
        Run refused = tigrisRun(river);
        assertEquals(2, refused.status(), refused.said());
        assertTrue(refused.said().contains("shm.tgr:8: connection source.out -> doubler.in is shared-memory (transport=shm), but source runs on a6 ("
                        + a.host() + ") and doubler on b6 (localhost): shared memory joins nodes on one host"), refused.said());

        Files.writeString(river, file.apply(b.host()).replace("transport=shm\n", "transport=rdma\n"));
        Run unknown = tigrisRun(river);
        assertEquals(2, unknown.status(), unknown.said());
        assertTrue(unknown.said().contains("shm.tgr:8: transport=rdma is not one of memory, tcp, shm, verbs, file"), unknown.said());
    }

    /**
     * {@code transport=file}: the nodes are joined by Water files in the consumer's node's
     * directory, which the consumer reads as the producer appends to them; the river computes
     * the same sum as over TCP or shared memory.
     */
    @Test
    void aRiverFileJoinsNodesOfOneHostThroughAFile() throws Exception {
        Node a = startNode("a8", null);
        Node b = startNode("b8", null);
        Files.write(dir.resolve("modules.jar"), jar);
        Path out = dir.resolve("sum-file");
        Path river = dir.resolve("file.tgr");
        Files.writeString(river, riverFile("viafile", List.of(a, b), source("a8", 3000), doubler("b8", ""), summingSink("a8", out),
                        "connect source.out doubler.in window=4 water=1024 transport=file", "connect doubler.out sink.in transport=file"));
        Run ok = tigrisRun(river);
        assertEquals(0, ok.status(), ok.said());
        assertTrue(ok.said().contains("river viafile grown on 2 node(s): 0 memory reservoir(s) within nodes, 0 TCP, 0 shared-memory, 0 verbs, 2 file between nodes"),
                        ok.said());
        assertEquals("3000 " + 3000 * 2999 / 2 + " 6000", Files.readString(out));
    }

    @Test
    void aNodeLogsEachRiversLifeWithTheAgentsAddress() throws Exception {
        Node a = startNode("a9", null);
        Node b = startNode("b9", null);
        ControlAgent agent = agent();
        var report = agent.start("logged", graph("logged", 100, dir.resolve("sum-logged"), 0),
                        Map.of("source", List.of(a), "doubler", List.of(a, b), "sink", List.of(b)), "modules.jar", jar).await(120_000, null);
        assertTrue(report.completed(), report.toString());
        List<String> events = List.of("node a9: river logged created by agent 127.0.0.1", "node a9: river logged started by agent 127.0.0.1",
                        "node a9: river logged finished", "node a9: river logged destroyed by agent 127.0.0.1");
        awaitLines("a9", events);

        RiverGraph g = new RiverGraph("faulty");
        g.module("source", GraphModules.CountingSource.class).parameter("count", "1000").output("out", Record.class);
        g.module("bad", GraphModules.FailingModule.class).input("in", Record.class).output("out", Record.class);
        g.module("sink", GraphModules.SummingSink.class).input("in", Record.class);
        g.connect("source.out", "bad.in", ReservoirSpec.of(4, 256)).connect("bad.out", "sink.in", ReservoirSpec.of(4, 256));
        var failed = agent.start("faulty", g, Map.of("source", List.of(a), "bad", List.of(b), "sink", List.of(a)), "modules.jar", jar).await(120_000, null);
        assertFalse(failed.completed());
        awaitLines("b9", List.of("node b9: river faulty created by agent 127.0.0.1", "node b9: river faulty started by agent 127.0.0.1",
                        "node b9: river faulty failed: module bad: failing on purpose at Water 10", "node b9: river faulty destroyed by agent 127.0.0.1"));
    }

    /** Waits a while for {@code node} to have printed lines beginning with {@code lines}, in that order among its others. */
    private static void awaitLines(String node, List<String> lines) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            List<String> said = List.copyOf(SAID.get(node));
            int at = 0;
            for (String l : said) {
                if (at < lines.size() && l.startsWith(lines.get(at))) {
                    at++;
                }
            }
            if (at == lines.size()) {
                return;
            }
            assertTrue(System.nanoTime() < deadline, "node " + node + " did not say " + lines + " in order; it said " + said);
            Thread.sleep(50);
        }
    }

    @Test
    void aNodeListensOnlyOnItsAddressWhileARiverGrows() throws Exception {
        Process[] process = new Process[1];
        Node a = startNode("c1", process);
        ControlAgent agent = agent();
        RiverManager m = agent.connect(a);
        // A TCP reservoir's consumer's end listens until its producer comes.
        List<java.net.InetSocketAddress> listening = ListeningSockets.withAConsumerEndOpen(m, process[0].pid(), jar);
        assertTrue(listening.size() >= 2, "the registry and the reservoir's listener, at least: " + listening);
        assertTrue(listening.stream().anyMatch(s -> s.getPort() == a.port()), "the registry: " + listening);
        for (var s : listening) {
            assertTrue(s.getAddress().getHostAddress().equals("127.0.0.1"), "listens only on 127.0.0.1, not " + s + " (all: " + listening + ")");
        }
    }

    /**
     * Strangers on a node's data port while a river grows, between the consumer's end being
     * opened and its producer coming: a port scan (connect and close), an HTTP client, an older
     * Tigris, and a forged OPEN that names the river, the attempt and the reservoir right but
     * cannot prove the attempt's key. Each is turned away, the forger told why, and none fails
     * the river: its own producer then joins and every Water arrives.
     */
    @Test
    void strangersOnTheDataPortWhileARiverGrowsFailNothing() throws Exception {
        Node a = startNode("p1", null);
        Node b = startNode("p2", null);
        ControlAgent agent = agent();
        RiverManager ma = agent.connect(a);
        RiverManager mb = agent.connect(b);
        RiverAttempt r = RiverAttempt.first("scanned");
        AttemptKey secret = AttemptKey.random();
        for (RiverManager m : List.of(ma, mb)) {
            m.begin(r, 60_000, secret);
            m.pushJar(r, "modules.jar", jar);
        }
        tigris.transport.ReservoirPlan plan = new tigris.transport.ReservoirPlan("source->sink", "tcp", 4, 256);
        var at = (tigris.transport.TcpTransport.At) mb.grow(r, List.of(new ModulePlan("sink", GraphModules.SummingSink.class.getName(), "modules.jar",
                        Map.of(), 0, 1, ThreadPolicy.LOTTERY)), List.of(new tigris.river.ConsumerEndPlan(plan, "sink", "in"))).get("source->sink");
        java.net.InetSocketAddress data = new java.net.InetSocketAddress(at.host(), at.port());
        try (var scan = java.nio.channels.SocketChannel.open(data)) {
            // a port scan: connect, then go
        }
        try (var http = java.nio.channels.SocketChannel.open(data)) {
            http.write(java.nio.ByteBuffer.wrap("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
            http.read(java.nio.ByteBuffer.allocate(64));   // closed (or reset) without a word
        } catch (IOException reset) {
            // the node closed it with the request unread
        }
        String forged = TcpWire.forgedOpen(data, "p1", "source->sink", r, 4, 256);
        assertTrue(forged.contains("does not prove the river attempt's key"), "the forger is told: " + forged);
        ma.grow(r, List.of(new ModulePlan("source", GraphModules.CountingSource.class.getName(), "modules.jar", Map.of("count", "500"), 0, 1,
                        ThreadPolicy.LOTTERY)), List.of());
        ma.join(r, List.of(new tigris.river.ProducerEndPlan(plan, "source", at)));
        mb.start(r);
        ma.start(r);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        tigris.ThreadStatus sink;
        do {
            Thread.sleep(50);
            sink = mb.status(r).get(0);
        } while (sink.state() == ModuleThread.State.RUNNING && System.nanoTime() < deadline);
        assertEquals(ModuleThread.State.ENDED, sink.state(), String.valueOf(sink.failure()));
        assertEquals(500, sink.watersIn(), "every Water arrived");
        ma.destroy(r);
        mb.destroy(r);
        awaitLines("p2", List.of("node p2: refused an open of reservoir source->sink of river scanned from node p1"));
    }

    record Run(int status, String said) {
    }

    private Run tigrisRun(Path river, String... options) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(javaHome() + "/bin/tigris", "run", river.toString()));
        cmd.addAll(cluster.agent().options());
        cmd.addAll(List.of(options));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Run(p.exitValue(), said);
    }

    @Test
    void badClassesAndBadArgumentsAreRefusedWithTheirReason() throws Exception {
        Node a = startNode("a3", null);
        ControlAgent agent = agent();
        RiverManager m = agent.connect(a);
        RiverAttempt r = RiverAttempt.first("r");
        RemoteException notBegun = assertThrows(RemoteException.class, () -> m.pushJar(r, "modules.jar", jar));
        assertTrue(notBegun.getMessage().contains("node a3, river r: no such river on this node (never begun, or destroyed)"), notBegun.getMessage());
        m.begin(r, 60_000, AttemptKey.random());
        m.pushJar(r, "modules.jar", jar);
        RemoteException missing = assertThrows(RemoteException.class,
                        () -> m.grow(r, List.of(new ModulePlan("x", "no.such.Module", "modules.jar", Map.of(), 0, 1, ThreadPolicy.LOTTERY)), List.of()));
        assertTrue(missing.getMessage().contains("node a3, river r: module x: class no.such.Module is not in jar modules.jar"), missing.getMessage());
        RemoteException notModule = assertThrows(RemoteException.class,
                        () -> m.grow(r, List.of(new ModulePlan("y", "tigris.test.Record", "modules.jar", Map.of(), 0, 1, ThreadPolicy.LOTTERY)), List.of()));
        assertTrue(notModule.getMessage().contains("does not implement tigris.ModuleIF"), notModule.getMessage());
        RemoteException throwing = assertThrows(RemoteException.class, () -> m.grow(r, List.of(new ModulePlan("t",
                        GraphModules.ThrowingConstructor.class.getName(), "modules.jar", Map.of(), 0, 1, ThreadPolicy.LOTTERY)), List.of()));
        assertTrue(throwing.getMessage().contains("module t: the constructor of " + GraphModules.ThrowingConstructor.class.getName()
                        + " threw java.lang.IllegalStateException: boom"), throwing.getMessage());
        assertFalse(throwing.getMessage().contains("InvocationTargetException"), throwing.getMessage());
        assertThrows(RemoteException.class, () -> m.pushJar(r, "../escape.jar", jar));
        // A parameter map carrying an object of another class: the filter rejects it unread.
        @SuppressWarnings({"unchecked", "rawtypes"})
        Map<String, String> smuggled = (Map) new HashMap<>(Map.of("k", new java.util.Date()));
        RemoteException filtered = assertThrows(RemoteException.class,
                        () -> m.grow(r, List.of(new ModulePlan("z", GraphModules.Doubler.class.getName(), "modules.jar", smuggled, 0, 1, ThreadPolicy.LOTTERY)), List.of()));
        assertTrue(ControlAgentTestSupport.chain(filtered).contains("REJECTED") || ControlAgentTestSupport.chain(filtered).contains("filter"),
                        ControlAgentTestSupport.chain(filtered));
        m.destroy(r);
        RemoteException shortLease = assertThrows(RemoteException.class, () -> m.begin(RiverAttempt.first("brief"), 10, AttemptKey.random()));
        assertTrue(shortLease.getMessage().contains("a lease of 10 ms is outside 100 ms .. 1 hour"), shortLease.getMessage());
    }

    /**
     * Attempts of one river: a node refuses an attempt older than one it has begun, fences an
     * older one still running when a newer begins, and commits only what the latest attempt (and
     * those before it) staged, never into place before the commit.
     */
    @Test
    void aNodeRefusesStaleAttemptsAndCommitsOnlyWhenTold() throws Exception {
        Node a = startNode("a10", null);
        ControlAgent agent = agent();
        RiverManager m = agent.connect(a);
        Path out = dir.resolve("committed-sum");
        Files.writeString(out, "an earlier job's output");
        RiverGraph g = new RiverGraph("epochs");
        g.module("source", GraphModules.CountingSource.class).parameter("count", Long.toString(Long.MAX_VALUE)).output("out", Record.class);
        g.module("sink", GraphModules.FileSummingSink.class).parameter("out", out.toString()).input("in", Record.class);
        g.connect("source.out", "sink.in", ReservoirSpec.of(4, 256));
        var first = agent.start(new RiverAttempt("epochs", 2), g, Map.of("source", List.of(a), "sink", List.of(a)), "modules.jar", jar);
        awaitLines("a10", List.of("node a10: river epochs (attempt 2) started by agent 127.0.0.1"));
        RemoteException stale = assertThrows(RemoteException.class, () -> m.begin(RiverAttempt.first("epochs"), 60_000, AttemptKey.random()));
        assertTrue(stale.getMessage().contains("node a10, river epochs: attempt 1 is stale: this node has begun attempt 2 of the river"), stale.getMessage());
        // Attempt 3 begins while 2 runs: the node fences 2 itself.
        m.begin(new RiverAttempt("epochs", 3), 60_000, AttemptKey.random());
        awaitLines("a10", List.of("node a10: river epochs (attempt 2) fenced by this node: attempt 3 of the river began here"));
        RemoteException fenced = assertThrows(RemoteException.class, () -> m.status(new RiverAttempt("epochs", 2)));
        assertTrue(fenced.getMessage().contains("fenced by this node: attempt 3 of the river began here"), fenced.getMessage());
        m.destroy(new RiverAttempt("epochs", 3));

        // Attempt 1 of "done" finishes (its sink's file is staged), then attempt 2 begins: attempt 1 is stale and is not put in place.
        RiverGraph finite = new RiverGraph("done");
        finite.module("source", GraphModules.CountingSource.class).parameter("count", "50").output("out", Record.class);
        finite.module("sink", GraphModules.FileSummingSink.class).parameter("out", out.toString()).input("in", Record.class);
        finite.connect("source.out", "sink.in", ReservoirSpec.of(4, 256));
        assertTrue(agent.start("done", finite, Map.of("source", List.of(a), "sink", List.of(a)), "modules.jar", jar).await(60_000, null).completed());
        assertTrue(Files.exists(dir.resolve(".committed-sum.tigris-done@1")), "attempt 1's output is staged");
        m.begin(new RiverAttempt("done", 2), 60_000, AttemptKey.random());
        RemoteException noCommit = assertThrows(RemoteException.class, () -> m.commit(RiverAttempt.first("done")));
        assertTrue(noCommit.getMessage().contains("refused to commit: attempt 1 is stale"), noCommit.getMessage());
        assertEquals("an earlier job's output", Files.readString(out), "a stale attempt's output is not put in place");
        m.destroy(new RiverAttempt("done", 2));
        m.discard(new RiverAttempt("done", 2));
        assertFalse(Files.exists(dir.resolve(".committed-sum.tigris-done@1")), "a discarded job leaves nothing staged");

        // A lease that runs out: the node fences the attempt, says so to the agent's next call, and commits nothing of it.
        RiverAttempt brief = RiverAttempt.first("brief");
        m.begin(brief, 200, AttemptKey.random());
        awaitLines("a10", List.of("node a10: river brief fenced by this node: its lease ran out: no word from the agent for 0."));
        RemoteException expired = assertThrows(RemoteException.class, () -> m.status(brief));
        assertTrue(expired.getMessage().contains("fenced by this node: its lease ran out"), expired.getMessage());
        RemoteException fencedCommit = assertThrows(RemoteException.class, () -> m.commit(brief));
        assertTrue(fencedCommit.getMessage().contains("refused to commit: this node fenced the attempt (its lease ran out"), fencedCommit.getMessage());

        // A river that finishes: its sink's file is staged beside the output until the commit puts it in place, marker last.
        RiverGraph done = new RiverGraph("finished");
        done.module("source", GraphModules.CountingSource.class).parameter("count", "100").output("out", Record.class);
        done.module("sink", GraphModules.FileSummingSink.class).parameter("out", out.toString()).input("in", Record.class);
        done.connect("source.out", "sink.in", ReservoirSpec.of(4, 256));
        var run = agent.start("finished", done, Map.of("source", List.of(a), "sink", List.of(a)), "modules.jar", jar);
        assertTrue(run.await(60_000, null).completed());
        assertEquals("an earlier job's output", Files.readString(out), "nothing in place before the commit");
        assertTrue(Files.exists(dir.resolve(".committed-sum.tigris-finished@1")), "the attempt's own name beside the output");
        List<CommittedPart> parts = agent.commit(RiverAttempt.first("finished"), List.of(a));
        assertEquals(List.of(new CommittedPart("a10", out.toString(), Files.size(out))), parts);
        assertEquals("100 " + 100 * 99 / 2 + " 100", Files.readString(out));
        assertTrue(Files.readString(dir.resolve("committed-sum.committed")).startsWith("tigris river finished attempt 1 committed 1 part(s)\na10 "),
                        Files.readString(dir.resolve("committed-sum.committed")));
        assertFalse(Files.exists(dir.resolve(".committed-sum.tigris-finished@1")));
    }

    /**
     * {@code tigris pipe --node}: the planner asks each node what it is, places the filters (the
     * process only where a node allows it), and the pipeline runs there as a job whose output is
     * committed once; --explain shows the plan and runs nothing; wrong options are refused.
     */
    @Test
    void aPipelineIsPlacedOnNodesAndRunsThere() throws Exception {
        Path in = dir.resolve("placed-in.txt");
        StringBuilder text = new StringBuilder();
        StringBuilder kept = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            String line = (i % 3 == 0 ? "DEBUG " : "INFO ") + "line " + i + "\n";
            text.append(line);
            if (i % 3 != 0) {
                kept.append(line);
            }
        }
        Files.writeString(in, text);
        Path out = dir.resolve("placed-out.txt");
        Node a = startNode("pa", null);
        Node b = startNode("pb", null, 0, "--allow-exec", "cat");
        String expression = "file in=" + in + " | grep -v DEBUG | cat | file out=" + out;
        List<String> nodes = List.of("--node", "pa=127.0.0.1:" + a.port(), "--node", "pb=127.0.0.1:" + b.port());

        Run plan = tigrisPipe(nodes, "--explain", expression);
        assertEquals(0, plan.status(), plan.said());
        assertTrue(plan.said().matches("(?s).*  2  cat +on pb\n.*"), "the process runs on the node that allows it:\n" + plan.said());
        assertTrue(plan.said().contains("optimal (ojAlgo "), plan.said());
        assertFalse(Files.exists(out), "--explain runs nothing");

        Run run = tigrisPipe(nodes, expression);
        assertEquals(0, run.status(), run.said());
        assertEquals(kept.toString(), Files.readString(out));
        assertTrue(run.said().contains("committed 1 output file(s)"), run.said());

        Run unknown = tigrisPipe(nodes, "file in=" + in + " | (grep x @node=zz) | file out=" + out);
        assertEquals(2, unknown.status(), unknown.said());
        assertTrue(unknown.said().contains("hint node=zz names no place of this pipeline's: pa, pb"), unknown.said());
        Run stdin = tigrisPipe(nodes, "grep x");
        assertEquals(2, stdin.status(), stdin.said());
        assertTrue(stdin.said().contains("stdin can run in none of the places given: it runs in this command's own JVM"), stdin.said());
        Run noKey = tigrisPipeWith(List.of("--node", "pa=127.0.0.1:" + a.port(), expression));
        assertEquals(2, noKey.status(), noKey.said());
        assertTrue(noKey.said().startsWith("tigris pipe: missing option --key"), noKey.said());
        Run keyAlone = tigrisPipeWith(List.of("--key", "agent.p12", expression));
        assertEquals(2, keyAlone.status(), keyAlone.said());
        assertTrue(keyAlone.said().startsWith("tigris pipe: --key is for a pipeline placed on nodes: give --node NAME=HOST:PORT too"), keyAlone.said());
    }

    private Run tigrisPipe(List<String> nodes, String... rest) throws Exception {
        List<String> args = new ArrayList<>(nodes);
        args.addAll(cluster.agent().options());
        args.addAll(List.of(rest));
        return tigrisPipeWith(args);
    }

    private Run tigrisPipeWith(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(javaHome() + "/bin/tigris", "pipe"));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Run(p.exitValue(), said);
    }

    /**
     * A pipeline's process runs on a node only if the node's allow-list names the program: a node
     * started without one fails the river, naming the program and the option that allows it.
     */
    @Test
    void aNodeRunsOnlyTheProgramsItsAllowListNames() throws Exception {
        Path in = dir.resolve("exec-in.txt");
        Files.writeString(in, "alpha\nbeta\n");
        Path out = dir.resolve("exec-out.txt");
        RiverGraph g = tigris.pipe.PipelinePlan.of(tigris.pipe.Pipeline.parse("file in=" + in + " | cat | file out=" + out),
                        tigris.pipe.FilterRegistry.standard()).river("execs");
        Node closed = startNode("e1", null);
        ControlAgent agent = agent();
        Map<String, List<Node>> onClosed = new HashMap<>();
        g.moduleList().forEach(m -> onClosed.put(m.name(), List.of(closed)));
        ControlAgent.RunReport refused = agent.start("execs", g, onClosed, null, null).await(60_000, null);
        assertFalse(refused.completed());
        assertTrue(String.valueOf(refused.failure()).contains("node e1 does not run the program /usr/bin/cat: its allow-list is empty (start the node with"
                        + " --allow-exec cat)"), String.valueOf(refused.failure()));
        Node open = startNode("e2", null, 0, "--allow-exec", "gzip,cat");
        Map<String, List<Node>> onOpen = new HashMap<>();
        g.moduleList().forEach(m -> onOpen.put(m.name(), List.of(open)));
        var run = agent.start(RiverAttempt.first("execs"), g, onOpen, null, null);
        assertTrue(run.await(60_000, null).completed());
        run.commit();
        assertEquals("alpha\nbeta\n", Files.readString(out));
        // A program named without a '/' is the node's own, found on its PATH as its allow-list was:
        // here a cat of its own that upper-cases, which the planning JVM's PATH does not have.
        Path bin = Files.createDirectories(dir.resolve("bin-e3"));
        Path ownCat = bin.resolve("cat");
        Files.writeString(ownCat, "#!/bin/sh\nexec tr a-z A-Z\n");
        ownCat.toFile().setExecutable(true);
        Node own = startNode("e3", null, 0, Map.of("PATH", bin + ":" + System.getenv("PATH")), "--allow-exec", "cat");
        Map<String, List<Node>> onOwn = new HashMap<>();
        g.moduleList().forEach(m -> onOwn.put(m.name(), List.of(own)));
        var ownRun = agent.start(RiverAttempt.first("execs").next(), g, onOwn, null, null);
        ControlAgent.RunReport ownReport = ownRun.await(60_000, null);
        assertTrue(ownReport.completed(), String.valueOf(ownReport.failure()));
        ownRun.commit();
        assertEquals("ALPHA\nBETA\n", Files.readString(out));
        // A program the node does not have is refused when it starts, not when a pipeline asks.
        List<String> cmd = new ArrayList<>(List.of(javaHome() + "/bin/tigris", "node", "--name", "e1", "--port", "0", "--work",
                        dir.resolve("work-e1b").toString(), "--allow-exec", "nosuchprogram-tigris"));
        cmd.addAll(cluster.node("e1").options());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), said);
        assertTrue(said.startsWith("tigris node: --allow-exec nosuchprogram-tigris: no program nosuchprogram-tigris on this node's PATH"), said);
    }

    /**
     * A node killed and started again between its river's end and the commit has forgotten what
     * it staged: it refuses the commit, saying why, rather than commit nothing as if its part were
     * empty, and nothing is put in place.
     */
    @Test
    void aNodeRestartedBeforeTheCommitRefusesIt() throws Exception {
        Process[] first = new Process[1];
        Node a = startNode("a12", first);
        ControlAgent agent = agent();
        Path out = dir.resolve("restarted-sum");
        Files.writeString(out, "an earlier job's output");
        RiverGraph g = new RiverGraph("restarted");
        g.module("source", GraphModules.CountingSource.class).parameter("count", "50").output("out", Record.class);
        g.module("sink", GraphModules.FileSummingSink.class).parameter("out", out.toString()).input("in", Record.class);
        g.connect("source.out", "sink.in", ReservoirSpec.of(4, 256));
        var run = agent.start("restarted", g, Map.of("source", List.of(a), "sink", List.of(a)), "modules.jar", jar);
        assertTrue(run.await(60_000, null).completed());
        assertTrue(Files.exists(dir.resolve(".restarted-sum.tigris-restarted@1")), "the attempt's output is staged");
        first[0].destroyForcibly().waitFor();
        Node again = startNode("a12", null, a.port());
        assertEquals(a, again);
        IOException refused = assertThrows(IOException.class, run::commit);
        assertTrue(refused.getMessage().contains("node a12, river restarted: refused to prepare a commit: this node has begun no attempt of the river up to 1"
                        + " since it started"), refused.getMessage());
        assertEquals("an earlier job's output", Files.readString(out), "nothing is put in place");
    }

    /**
     * The agent dies (its process killed) while a river runs: the node hears nothing more, and
     * once its lease has run out it stops the river itself, says so, and destroys it; no thread
     * of it runs on.
     */
    @Test
    void aRiverWhoseAgentDiedIsStoppedByItsNodeWhenTheLeaseRunsOut() throws Exception {
        Node a = startNode("a11", null);
        Path jarFile = dir.resolve("orphan-modules.jar");
        Files.write(jarFile, jar);
        Path river = dir.resolve("orphan.tgr");
        Files.writeString(river, String.join("\n", "river orphan", "jar orphan-modules.jar", "node a11 " + a.host() + ":" + a.port(), source("a11", Long.MAX_VALUE),
                        "module sink " + G + "$SummingSink on a11 in:in=tigris.test.Record", "connect source.out sink.in window=4 water=1024", ""));
        List<String> cmd = new ArrayList<>(List.of(javaHome() + "/bin/tigris", "run", river.toString(), "--answer-timeout", "1", "--lease", "2"));
        cmd.addAll(cluster.agent().options());
        Process agentProcess = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("orphan.out").toFile()).start();
        try {
            awaitLines("a11", List.of("node a11: river orphan started by agent 127.0.0.1"));
            Thread.sleep(2500);
            assertTrue(SAID.get("a11").stream().noneMatch(l -> l.contains("fenced")), "no fencing while the agent lives: " + SAID.get("a11"));
            agentProcess.destroyForcibly().waitFor();
            long killed = System.nanoTime();
            // Its threads end (stopped, or failed with the stop's cause from upstream) before it is destroyed.
            awaitLines("a11", List.of("node a11: river orphan fenced by this node: its lease ran out: no word from the agent for 2.",
                            "node a11: river orphan destroyed by this node (fenced)"));
            assertTrue(SAID.get("a11").stream().anyMatch(l -> l.equals("node a11: river orphan stopped") || l.startsWith("node a11: river orphan failed: ")
                            && l.contains("node a11 fenced river orphan: its lease ran out")), "its threads ended: " + SAID.get("a11"));
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);
            assertTrue(seconds < 10, "the node stopped the river " + seconds + " s after its agent died");
        } finally {
            agentProcess.destroyForcibly();
        }
    }

    @Test
    void aNodePerformsActionsAsRemoteCallsAndNamesWhatFailed() throws Exception {
        Node a = startNode("a7", null);
        Node b = startNode("b7", null);
        ControlAgent agent = agent();
        Files.writeString(dir.resolve("doomed-a7"), "x");
        Files.writeString(dir.resolve("doomed-b7"), "x");
        List<Boolean> removed = agent.performEverywhere(List.of(a, b), n -> RemoveFileAction.plan(dir.resolve("doomed-{node}").toString()), 30_000);
        assertEquals(List.of(true, true), removed, "each node deleted the file named for it");
        assertFalse(Files.exists(dir.resolve("doomed-a7")) || Files.exists(dir.resolve("doomed-b7")));
        assertEquals(List.of(false), agent.performEverywhere(List.of(a), n -> RemoveFileAction.plan(dir.resolve("doomed-a7").toString()), 30_000),
                        "nothing left to delete");

        // Key samples come back as values, and a node's failure names the node and the problem.
        Path input = dir.resolve("in-a7");
        Files.write(input, new byte[100 * 1000]);
        KeySampleAction sample = new KeySampleAction(dir.resolve("in-{node}").toString(), dir.resolve("out-{node}").toString(), dir.toString(), 1, 1,
                        1 << 20, 50, null, null);
        KeySample s = agent.performEverywhere(List.of(a), n -> sample.plan(), 30_000).get(0);
        assertEquals(1000, s.records());
        assertEquals(50, s.prefixes().length);
        NodeActionException e = assertThrows(NodeActionException.class, () -> agent.performEverywhere(List.of(a, b), n -> sample.plan(), 30_000));
        assertEquals(b, e.node());
        assertTrue(e.getMessage().contains("on node b7") && e.getMessage().contains("in-b7: no such input file"), e.getMessage());
        assertFalse(e.getMessage().contains("Exception"), "the node's words, not an exception's name: " + e.getMessage());

        // An outcome is handed out once; an id the node never gave is refused by name.
        RiverManager m = agent.connect(a);
        long id = m.perform(RemoveFileAction.plan(dir.resolve("nothing-here").toString()));
        ActionOutcome o;
        do {
            o = m.awaitAction(id, 500);
        } while (o.state() == ActionOutcome.State.RUNNING);
        assertEquals(new ActionOutcome(ActionOutcome.State.DONE, false, null), o);
        RemoteException gone = assertThrows(RemoteException.class, () -> m.awaitAction(id, 0));
        assertTrue(gone.getMessage().contains("no action " + id), gone.getMessage());

        // An application brings its own actions in its jar, as it brings its modules; the node makes only NodeActions.
        Files.writeString(dir.resolve("lines-a7"), "one\ntwo\nthree\n");
        List<Long> lines = agent.performEverywhere(List.of(a),
                        n -> ActionPlan.inJar(CountLinesAction.class.getName(), Long.class, Map.of("path", dir.resolve("lines-{node}").toString()), "modules.jar", jar), 30_000);
        assertEquals(List.of(3L), lines, "the action from the pushed jar ran on the node");
        RemoteException notAnAction = assertThrows(RemoteException.class,
                        () -> m.perform(ActionPlan.inJar(GraphModules.Doubler.class.getName(), String.class, Map.of(), "modules.jar", jar)));
        assertTrue(notAnAction.getMessage().contains("action " + GraphModules.Doubler.class.getName() + ": the class does not implement tigris.node.NodeAction"),
                        notAnAction.getMessage());
        RemoteException missing = assertThrows(RemoteException.class, () -> m.perform(ActionPlan.inJar("no.such.Action", String.class, Map.of(), "modules.jar", jar)));
        assertTrue(missing.getMessage().contains("action no.such.Action: no such class in jar modules.jar"), missing.getMessage());
        RemoteException notInTigris = assertThrows(RemoteException.class,
                        () -> m.perform(new ActionPlan<>(CountLinesAction.class.getName(), Map.of(), null, null, Long.class.getName())));
        assertTrue(notInTigris.getMessage().contains("no such class in Tigris's module"), notInTigris.getMessage());
    }

    /** An application's node action, shipped in its jar: counts the lines of parameter {@code path}. */
    public static final class CountLinesAction implements NodeAction<Long> {
        @Override
        public Long perform(NodeContext node, Map<String, String> parameters) throws IOException {
            try (var lines = Files.lines(node.path(parameters.get("path")))) {
                return lines.count();
            }
        }
    }

    @Test
    void anAgentOfAnotherClusterCannotControlANode() throws Exception {
        Node a = startNode("a4", null);
        Identities other = Identities.in(dir.resolve("other-cluster"));
        ControlAgent intruder = new ControlAgent(other.agent("intruder").load());
        try {
            IOException e = assertThrows(IOException.class, () -> intruder.connect(a));
            assertTrue(e.getMessage().startsWith("cannot reach node a4 (127.0.0.1:" + a.port() + ")"), e.getMessage());
            assertTrue(e.getMessage().contains("the certificate of a4 is not signed by this cluster's CA"), e.getMessage());
        } finally {
            cluster.agent().load().install();
        }
        Identities.Identity mine = cluster.node("a4");
        IOException wrong = assertThrows(IOException.class, () -> tigris.node.ClusterIdentity.load(mine.key(), other.agent("intruder").password(), null));
        assertTrue(wrong.getMessage().contains("wrong password") || wrong.getMessage().contains("cannot use"), wrong.getMessage());
    }
}
