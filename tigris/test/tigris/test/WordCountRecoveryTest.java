/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.Water;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.ThreadPolicy;
import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.node.MovingPlanner;
import tigris.node.RiverJob;

/**
 * A river that is not the sort recovers from a lost node through the runtime alone: a word count
 * ({@link WordCount}) over mirrored text files on three network-namespace hosts, each host's file
 * copied on the next. h2's node is killed mid-run and its file taken away (a lost disk): the job
 * runs again on h1 and h3 ({@link MovingPlanner}: h2's reader on h3 reading h2's mirror, its
 * counter on h3 writing h2's part), and every part is byte for byte the undisturbed run's, every
 * word counted once. A river whose source is not replayable fails, naming the lost node.
 */
class WordCountRecoveryTest {
    private static final Duration ANSWER = Duration.ofSeconds(2);
    private static final Duration LEASE = Duration.ofSeconds(4);
    private static final int LINES = 150_000;

    @TempDir
    static Path dir;
    private static Identities cluster;
    private static byte[] jar;
    private static long words;

    @BeforeAll
    static void texts() throws Exception {
        assumeTrue(NetnsCluster.available(), "needs root and iproute2 for network namespaces");
        cluster = Identities.shared();
        jar = NodeControlTest.moduleJar();
        List<String> texts = WordCount.texts(3, LINES);
        for (int h = 1; h <= 3; h++) {
            String text = texts.get(h - 1);
            words += text.lines().mapToLong(l -> l.split(" ").length).sum();
            Files.writeString(dir.resolve("text-h" + h), text, StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("mirror-h" + h), text, StandardCharsets.UTF_8);
        }
    }

    /** read (one a host) -> split by word (one a host) -> count (one a host), every part named for its home host. */
    private static RiverGraph graph(String name, Class<? extends tigris.ModuleIF> source) {
        RiverGraph g = new RiverGraph(name);
        g.module("read", source).instances(3).parameter("in", dir.resolve("text-{node}").toString())
                        .parameter("mirror", dir.resolve("mirror-{node}").toString()).parameter("count", "1000000000").output("out", Water.class);
        g.module("split", WordCount.Words.class).instances(3).policy(ThreadPolicy.PARTITIONED).input("in", Water.class).output("out", Water.class);
        g.module("count", WordCount.Counts.class).instances(3).parameter("out", dir.resolve(name + "-count-{node}").toString()).input("in", Water.class);
        g.connect("read.out", "split.in", ReservoirSpec.of(4, 8192)).connect("split.out", "count.in", ReservoirSpec.of(4, 8192));
        return g;
    }

    private static RiverJob.Outcome run(Node[] h, RiverGraph g, java.util.function.Consumer<List<ControlAgent.RunReport.Entry>> watch) throws Exception {
        List<Node> nodes = List.of(h);
        Map<String, List<Node>> placement = Map.of("read", nodes, "split", nodes, "count", nodes);
        ControlAgent agent = new ControlAgent(cluster.agent().load(), ANSWER, LEASE);
        return RiverJob.run(agent, g.name(), nodes, new MovingPlanner(g, placement, nodes, "modules.jar", jar), 120_000, new RiverJob.Following() {
            @Override
            public void statuses(tigris.RiverAttempt attempt, List<ControlAgent.RunReport.Entry> entries) {
                watch.accept(entries);
            }
        });
    }

    private static Node[] start(NetnsCluster c, Process[] victim) throws Exception {
        return new Node[] {c.startNode(1, cluster, dir, null), c.startNode(2, cluster, dir, victim), c.startNode(3, cluster, dir, null)};
    }

    private static OutputChecker.Parts parts(String name) {
        return new OutputChecker.Parts(name, List.of(dir.resolve(name + "-count-h1"), dir.resolve(name + "-count-h2"), dir.resolve(name + "-count-h3")));
    }

    /** The counts are the same bytes every run: each part sorted by word. */
    private static final OutputChecker COUNTS = new OutputChecker(0, true);
    private static OutputChecker.Parts undisturbed;

    /** The river run undisturbed once for the class: every part committed, every word counted once. */
    private static synchronized OutputChecker.Parts undisturbed() throws Exception {
        if (undisturbed == null) {
            try (NetnsCluster c = new NetnsCluster(3)) {
                RiverJob.Outcome o = run(start(c, null), graph("whole", WordCount.Lines.class), e -> {
                });
                assertTrue(o.losses().isEmpty(), o.toString());
                assertEquals(3, o.committed().size(), "three parts committed: " + o.committed());
                assertEquals(words, counted(parts("whole")), "every word counted once");
                undisturbed = parts("whole");
            }
        }
        return undisturbed;
    }

    private static long counted(OutputChecker.Parts parts) throws java.io.IOException {
        long n = 0;
        for (Path p : parts.files()) {
            for (String line : Files.readString(p, StandardCharsets.UTF_8).split("\n")) {
                n += line.isEmpty() ? 0 : Long.parseLong(line.substring(line.indexOf(' ') + 1));
            }
        }
        return n;
    }

    @Test
    void aWordCountOverMirroredFilesFinishesWithoutAKilledNode() throws Exception {
        OutputChecker.Parts undisturbed = undisturbed();
        try (NetnsCluster c = new NetnsCluster(3)) {
            Process[] victim = new Process[1];
            Node[] h = start(c, victim);
            boolean[] killed = {false};
            RiverJob.Outcome o = run(h, graph("killed", WordCount.Lines.class), entries -> {
                if (!killed[0] && entries.stream().anyMatch(e -> e.module().startsWith("count") && e.watersIn() > 0)) {
                    victim[0].destroyForcibly();
                    killed[0] = true;
                    try {
                        // h2's disk goes with it: its part of the input must be read from its mirror on h3.
                        Files.move(dir.resolve("text-h2"), dir.resolve("text-h2.lost"));
                    } catch (java.io.IOException x) {
                        throw new java.io.UncheckedIOException(x);
                    }
                }
            });
            assertTrue(killed[0], "h2 was killed mid-run");
            assertEquals(1, o.losses().size(), o.toString());
            assertEquals("h2", o.losses().get(0).node().name());
            assertEquals(2, o.attempts().size(), "a second attempt on h1 and h3");
            assertFalse(o.last().report().entries().stream().anyMatch(e -> e.node().equals("h2")), "nothing ran on h2 in the second attempt");
            // Every part, h2's with the job's marker beside it, as the undisturbed run's.
            COUNTS.assertSame(undisturbed, parts("killed"));
        } finally {
            if (Files.exists(dir.resolve("text-h2.lost"))) {
                Files.move(dir.resolve("text-h2.lost"), dir.resolve("text-h2"));
            }
        }
    }

    /**
     * The same river as a user runs it: a river file and {@code tigris run}, h2 killed once the
     * river runs and its text taken away. The command goes on without h2, says so, commits the three
     * parts, and they are the undisturbed run's.
     */
    @Test
    void tigrisRunGoesOnWithoutAKilledNodeWhenItsSourcesAreReplayable() throws Exception {
        OutputChecker.Parts undisturbed = undisturbed();
        try (NetnsCluster c = new NetnsCluster(3)) {
            Process[] victim = new Process[1];
            Node[] h = start(c, victim);
            Files.write(dir.resolve("modules.jar"), jar);
            String wc = WordCount.class.getName();
            List<String> lines = new ArrayList<>(List.of("# a word count over each host's text, mirrored on the next host", "river cli", "jar modules.jar"));
            for (Node n : h) {
                lines.add("node " + n.name() + " " + n.host() + ":" + n.port());
            }
            lines.addAll(List.of("module read " + wc + "$Lines on h1,h2,h3 out:out=Water in=" + dir.resolve("text-{node}") + " mirror=" + dir.resolve("mirror-{node}"),
                            "module split " + wc + "$Words on h1,h2,h3 policy:PARTITIONED in:in=Water out:out=Water",
                            "module count " + wc + "$Counts on h1,h2,h3 in:in=Water out=" + dir.resolve("cli-count-{node}"),
                            "connect read.out split.in window=4 water=8192", "connect split.out count.in window=4 water=8192", ""));
            Path river = Files.write(dir.resolve("words.tgr"), lines);
            Process run = new ProcessBuilder(TigrisSortTest.tigrisCommand(), "run", river.toString(), "--key", cluster.agent().key().toString(), "--password-file",
                            cluster.agent().password().toString(), "--answer-timeout", Long.toString(ANSWER.toSeconds()), "--lease", Long.toString(LEASE.toSeconds()))
                            .redirectErrorStream(true).start();
            List<String> said = new ArrayList<>();
            try (var out = new java.io.BufferedReader(new java.io.InputStreamReader(run.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    System.out.println("[run] " + line);
                    said.add(line);
                    // The first progress line comes once the river has started (a second's progress would come after its end).
                    if (victim[0].isAlive() && line.matches("river cli: [0-9]+ Waters taken so far")) {
                        victim[0].destroyForcibly();
                        Files.move(dir.resolve("text-h2"), dir.resolve("text-h2.lost"));
                    }
                }
            } finally {
                if (Files.exists(dir.resolve("text-h2.lost"))) {
                    Files.move(dir.resolve("text-h2.lost"), dir.resolve("text-h2"));
                }
            }
            assertTrue(run.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "tigris run ended");
            String text = String.join("\n", said);
            assertEquals(0, run.exitValue(), text);
            assertFalse(victim[0].isAlive(), "h2 was killed while the river ran: " + text);
            assertTrue(text.contains("lost node h2 (") && text.contains("in attempt 1") && text.contains("the river went on without it"), text);
            assertTrue(text.contains("river cli: committed 3 output file(s)"), text);
            COUNTS.assertSame(undisturbed, parts("cli"));
        }
    }

    @Test
    void aRiverWhoseSourceIsNotReplayableFailsNamingTheLostNode() throws Exception {
        try (NetnsCluster c = new NetnsCluster(3)) {
            Process[] victim = new Process[1];
            Node[] h = start(c, victim);
            boolean[] killed = {false};
            RiverJob.JobFailedException e = assertThrows(RiverJob.JobFailedException.class, () -> run(h, graph("unreplayable", NotReplayable.class), entries -> {
                if (!killed[0] && entries.stream().anyMatch(x -> x.module().startsWith("count") && x.watersIn() > 0)) {
                    victim[0].destroyForcibly();
                    killed[0] = true;
                }
            }));
            assertTrue(e.getMessage().contains("the river cannot go on without h2: its source read (" + NotReplayable.class.getName()
                            + ") is not tigris.Replayable"), e.getMessage());
            assertTrue(e.getMessage().contains("nothing was committed"), e.getMessage());
        }
    }

    /** The same counts' source, counting Waters instead of reading a file: nothing to read again elsewhere. */
    public static final class NotReplayable extends TestModules.Named {
        private long left;

        @Override
        public void init(tigris.ModuleConfig config) {
            super.init(config);
            left = config.getLong("count", 100);
        }

        @Override
        public void doOperation(Water in, tigris.ProducerEnd out) throws tigris.EndOfRiverException, InterruptedException {
            if (left-- <= 0) {
                throw new tigris.EndOfRiverException();
            }
            out.put(WordCount.water(out, "one two three\n".getBytes(StandardCharsets.UTF_8), 64));
        }
    }
}
