/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import tigris.Water;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.ThreadPolicy;
import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.node.MovingPlanner;
import tigris.node.RiverJob;
import tigris.sort.ClusterSort;
import tigris.sort.ClusterSortPlan;
import tigris.sort.SortReport;

/**
 * Real faults on network-namespace hosts, checked: a river runs undisturbed once, then once per
 * fault with host h2 disturbed while the river is under way, and {@link OutputChecker} compares
 * each run's committed output with the undisturbed run's. Two rivers (a mirrored TigrisSort, and a
 * word count over mirrored text files through the general {@link RiverJob}); the faults are
 * {@link Fault}'s. Each run is measured (time to detect a lost node, time from then to the end,
 * throughput lost against the undisturbed run) and, with {@code -Dtigris.faults.results=FILE},
 * appended to FILE as a tab-separated row.
 */
final class FaultCampaign {
    static final Duration ANSWER = Duration.ofSeconds(2);
    static final Duration LEASE = Duration.ofSeconds(4);
    /** The victim: the middle host, whose mirror is on h3 and whose inputs h1 mirrors. */
    static final int VICTIM = 2;

    /** What is done to h2 once the river is under way, and undone when. */
    enum Fault {
        /** Nothing: the undisturbed run again (its spread is the baseline's). */
        NONE("undisturbed", false),
        /** Its node's processes killed (SIGKILL): gone for good. */
        KILL("kill -9", true),
        /** Its node paused (SIGSTOP) and let run again (SIGCONT) after the job: it must write nothing. */
        PAUSE("SIGSTOP, SIGCONT after the job", true),
        /** Its link taken down, brought up once the next attempt runs. */
        CUT("link down, up in the next attempt", true),
        /** 20 ms more each way on its link, for the rest of the job. */
        DELAY("20 ms delay each way", false),
        /** 1% of its link's packets dropped each way, for the rest of the job. */
        LOSS("1% loss each way", false),
        /** 10% of its link's packets dropped each way. */
        HEAVY_LOSS("10% loss each way", false),
        /** 3 s each way, longer than the agent's answer timeout: slow enough to be taken for lost. */
        SLOW("3 s delay each way", false);

        final String what;
        /** Whether the node must be declared lost (the others may or may not be: a slow link is judged by the answer timeout). */
        final boolean lost;

        Fault(String what, boolean lost) {
            this.what = what;
            this.lost = lost;
        }

        void inject(NetnsCluster c, Process victim) throws Exception {
            switch (this) {
                case NONE -> {
                }
                case KILL -> {
                    victim.descendants().forEach(ProcessHandle::destroyForcibly);
                    victim.destroyForcibly();
                }
                case PAUSE -> c.pause(VICTIM);
                case CUT -> c.cut(VICTIM);
                case DELAY -> c.delay(VICTIM, Duration.ofMillis(20));
                case LOSS -> c.loss(VICTIM, 0.01);
                case HEAVY_LOSS -> c.loss(VICTIM, 0.10);
                case SLOW -> c.delay(VICTIM, Duration.ofSeconds(3));
            }
        }

        /** At the start of attempt {@code n} after the fault. */
        void nextAttempt(NetnsCluster c, int n) throws Exception {
            if (this == CUT && n == 2) {
                c.mend(VICTIM);
            }
        }

        /** Once the job has ended. */
        void afterJob(NetnsCluster c) throws Exception {
            switch (this) {
                case PAUSE -> c.resume(VICTIM);
                case CUT -> c.mend(VICTIM);
                case DELAY, LOSS, HEAVY_LOSS, SLOW -> c.heal(VICTIM);
                case NONE, KILL -> {
                }
            }
        }
    }

    /** How a run went: when it started and ended, when the fault came, when each loss was declared (all {@link System#nanoTime}). */
    record Measured(long startNanos, long endNanos, long faultNanos, List<Long> declaredNanos, List<String> lost, int attempts, String report) {
        double seconds() {
            return (endNanos - startNanos) / 1e9;
        }
    }

    /** Calls from a running river to the campaign. */
    interface Hooks {
        /** The river moves records: time for the fault (called often; acts once). */
        void underWay();

        /** Attempt {@code n} (1, 2, ...) is running. */
        void attempt(int n);
    }

    /** A river the campaign disturbs: its inputs, how it runs on the hosts, where its parts go, how they compare. */
    interface River {
        String name();

        void prepare(Path dir) throws Exception;

        Measured run(Node[] h, Path dir, String run, Identities cluster, Hooks hooks) throws Exception;

        OutputChecker.Parts parts(Path dir, String run);

        OutputChecker checker();

        /** Checks the reference run's output on its own (every other run is checked against it): what is right, not only what is the same. */
        void assertRight(Path dir, OutputChecker.Parts reference) throws Exception;

        /** Records in the job (for throughput). */
        long records();
    }

    /** TigrisSort, mirrored, {@code recordsPerNode} on each of three hosts. */
    record Sort(long recordsPerNode) implements River {
        @Override
        public String name() {
            return "sort";
        }

        @Override
        public long records() {
            return recordsPerNode * 3;
        }

        @Override
        public void prepare(Path dir) throws Exception {
            for (int h = 1; h <= 3; h++) {
                TigrisSortTest.Run g = TigrisSortTest.tigris("gensort", "-b" + recordsPerNode * (h - 1), Long.toString(recordsPerNode),
                                dir.resolve("in-h" + h).toString());
                assertEquals(0, g.status(), g.err());
                Files.copy(dir.resolve("in-h" + h), dir.resolve("mirror-h" + h));
            }
        }

        @Override
        public Measured run(Node[] h, Path dir, String run, Identities cluster, Hooks hooks) throws Exception {
            ClusterSortPlan plan = new ClusterSortPlan(List.of(h), dir.resolve("in-{node}").toString(), dir.resolve(run + "-out-{node}").toString(), 1, 2,
                            256L << 20, dir.toString(), 2_560 * 100, 4, false, false, "tcp", dir.resolve("mirror-{stripe}").toString());
            ControlAgent agent = new ControlAgent(cluster.agent().load(), ANSWER, LEASE);
            long t0 = System.nanoTime();
            int[] attempt = {0};
            SortReport r = ClusterSort.run(plan, agent, p -> {
                if (p.attempt() != attempt[0]) {
                    attempt[0] = p.attempt();
                    hooks.attempt(p.attempt());
                }
                if (p.partitioned() > p.records() / 10) {
                    hooks.underWay();
                }
            }, 0);
            long t1 = System.nanoTime();
            assertEquals(records(), r.records(), r.toString());
            return new Measured(t0, t1, 0, r.lost().stream().map(l -> t0 + l.declaredNanos()).toList(), r.lost().stream().map(l -> l.node()).toList(),
                            Math.max(1, attempt[0]), r.toString());
        }

        @Override
        public OutputChecker.Parts parts(Path dir, String run) {
            return new OutputChecker.Parts(run, List.of(dir.resolve(run + "-out-h1"), dir.resolve(run + "-out-h2"), dir.resolve(run + "-out-h3")));
        }

        @Override
        public OutputChecker checker() {
            return OutputChecker.SORT;
        }

        @Override
        public void assertRight(Path dir, OutputChecker.Parts reference) throws Exception {
            assertOrderedWhole(dir, reference, records());
        }

        /** valsort over every part and then their summaries: one ordered whole of {@code records} records, no duplicate keys. */
        static void assertOrderedWhole(Path dir, OutputChecker.Parts parts, long records) throws Exception {
            Path all = dir.resolve(parts.run() + "-all.sum");
            Files.deleteIfExists(all);
            for (Path part : parts.files()) {
                Path sum = dir.resolve(part.getFileName() + ".sum");
                TigrisSortTest.Run v = TigrisSortTest.tigris("valsort", "-o", sum.toString(), part.toString());
                assertEquals(0, v.status(), v.err());
                Files.write(all, Files.readAllBytes(sum), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
            TigrisSortTest.Run v = TigrisSortTest.tigris("valsort", "-s", all.toString());
            assertEquals(0, v.status(), v.err());
            assertTrue(v.err().contains("Records: " + records) && v.err().contains("Duplicate keys: 0") && v.err().contains("SUCCESS"), v.err());
        }
    }

    /** {@link WordCount} over mirrored text files of {@code linesPerNode} lines, through {@link RiverJob} and {@link MovingPlanner}. */
    record Count(int linesPerNode) implements River {
        @Override
        public String name() {
            return "wordcount";
        }

        @Override
        public long records() {
            return linesPerNode * 3L;
        }

        @Override
        public void prepare(Path dir) throws Exception {
            List<String> texts = WordCount.texts(3, linesPerNode);
            for (int h = 1; h <= 3; h++) {
                String text = texts.get(h - 1);
                Files.writeString(dir.resolve("text-h" + h), text, StandardCharsets.UTF_8);
                Files.writeString(dir.resolve("mirror-text-h" + h), text, StandardCharsets.UTF_8);
            }
        }

        @Override
        public Measured run(Node[] h, Path dir, String run, Identities cluster, Hooks hooks) throws Exception {
            RiverGraph g = new RiverGraph(run);
            g.module("read", WordCount.Lines.class).instances(3).parameter("in", dir.resolve("text-{node}").toString())
                            .parameter("mirror", dir.resolve("mirror-text-{node}").toString()).parameter("count", "1000000000").output("out", Water.class);
            g.module("split", WordCount.Words.class).instances(3).policy(ThreadPolicy.PARTITIONED).input("in", Water.class).output("out", Water.class);
            g.module("count", WordCount.Counts.class).instances(3).parameter("out", dir.resolve(run + "-count-{node}").toString()).input("in", Water.class);
            g.connect("read.out", "split.in", ReservoirSpec.of(4, 8192)).connect("split.out", "count.in", ReservoirSpec.of(4, 8192));
            List<Node> nodes = List.of(h);
            Map<String, List<Node>> placement = Map.of("read", nodes, "split", nodes, "count", nodes);
            ControlAgent agent = new ControlAgent(cluster.agent().load(), ANSWER, LEASE);
            long t0 = System.nanoTime();
            RiverJob.Outcome o = RiverJob.run(agent, run, nodes,
                            new MovingPlanner(g, placement, nodes, "modules.jar", jar()), 300_000, new RiverJob.Following() {
                                private int attempt;

                                @Override
                                public void statuses(tigris.RiverAttempt a, List<ControlAgent.RunReport.Entry> entries) {
                                    if (a.epoch() != attempt) {
                                        attempt = a.epoch();
                                        hooks.attempt(a.epoch());
                                    }
                                    if (entries.stream().anyMatch(e -> e.module().startsWith("count") && e.watersIn() > 0)) {
                                        hooks.underWay();
                                    }
                                }
                            });
            long t1 = System.nanoTime();
            return new Measured(t0, t1, 0, o.losses().stream().map(l -> l.silence().atNanos()).toList(), o.losses().stream().map(l -> l.node().name()).toList(),
                            o.attempts().size(), o.toString());
        }

        @Override
        public OutputChecker.Parts parts(Path dir, String run) {
            return new OutputChecker.Parts(run, List.of(dir.resolve(run + "-count-h1"), dir.resolve(run + "-count-h2"), dir.resolve(run + "-count-h3")));
        }

        @Override
        public OutputChecker checker() {
            return new OutputChecker(0, true);
        }

        @Override
        public void assertRight(Path dir, OutputChecker.Parts reference) throws Exception {
            long words = 0;
            for (String text : WordCount.texts(3, linesPerNode)) {
                words += text.lines().mapToLong(l -> l.split(" ").length).sum();
            }
            long counted = 0;
            for (Path p : reference.files()) {
                for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                    counted += Long.parseLong(line.substring(line.indexOf(' ') + 1));
                }
            }
            assertEquals(words, counted, "every word of the texts counted once");
        }

        private static byte[] jar;

        private static synchronized byte[] jar() throws Exception {
            if (jar == null) {
                jar = NodeControlTest.moduleJar();
            }
            return jar;
        }
    }

    private final River river;
    private final Path dir;
    private final Identities cluster;
    private Measured undisturbed;

    /** Prepares {@code river}'s inputs in {@code dir} and runs it undisturbed. */
    FaultCampaign(River river, Path dir) throws Exception {
        this.river = river;
        this.dir = dir;
        this.cluster = Identities.shared();
        river.prepare(dir);
        try (NetnsCluster c = new NetnsCluster(3)) {
            undisturbed = river.run(start(c, null), dir, "undisturbed", cluster, new Hooks() {
                @Override
                public void underWay() {
                }

                @Override
                public void attempt(int n) {
                }
            });
        }
        assertTrue(undisturbed.lost().isEmpty(), undisturbed.report());
        river.assertRight(dir, river.parts(dir, "undisturbed"));
        record(Fault.NONE, undisturbed);
    }

    private Node[] start(NetnsCluster c, Process[] victim) throws Exception {
        return new Node[] {c.startNode(1, cluster, dir, null), c.startNode(2, cluster, dir, victim), c.startNode(3, cluster, dir, null)};
    }

    /** Runs the river as {@code run} with {@code fault} done to h2 once it is under way; checks what it committed; returns how it went. */
    Measured disturb(Fault fault, String run) throws Exception {
        try (NetnsCluster c = new NetnsCluster(3)) {
            Process[] victim = new Process[1];
            Node[] h = start(c, victim);
            long[] faultAt = {0};
            Measured m = river.run(h, dir, run, cluster, new Hooks() {
                @Override
                public void underWay() {
                    if (faultAt[0] == 0) {
                        try {
                            fault.inject(c, victim[0]);
                        } catch (Exception e) {
                            throw new IllegalStateException("could not inject " + fault.what, e);
                        }
                        faultAt[0] = System.nanoTime();
                    }
                }

                @Override
                public void attempt(int n) {
                    try {
                        fault.nextAttempt(c, n);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            });
            m = new Measured(m.startNanos(), m.endNanos(), faultAt[0], m.declaredNanos(), m.lost(), m.attempts(), m.report());
            System.out.println(river.name() + " with " + fault.what + ": " + m.report());
            assertTrue(faultAt[0] > 0, "the river ended before the fault: " + m.report());
            assertFaultWasReal(c, fault);
            if (fault == Fault.DELAY || fault == Fault.LOSS) {
                assertTrue(m.lost().isEmpty(), "a link " + fault.what + " is not a lost node: " + m.lost());
            }
            if (fault.lost) {
                assertEquals(List.of("h" + VICTIM), m.lost(), "h" + VICTIM + " is declared lost, and only it: " + m.report());
            }
            fault.afterJob(c);
            if (fault == Fault.PAUSE) {
                // Running again, h2 finds its lease gone and stops its attempt: nothing of it may reach the output.
                c.awaitLog(VICTIM, "fenced by this node: its lease ran out", 30);
                c.awaitLog(VICTIM, "destroyed by", 30);
            }
            if (fault == Fault.PAUSE || fault == Fault.SLOW) {
                // Whatever h2 still had in hand has had a lease's time to reach the output, if it could.
                Thread.sleep(LEASE.toMillis());
            }
            river.checker().assertSame(river.parts(dir, "undisturbed"), river.parts(dir, run));
            // A node that was lost deletes what it staged when it fences itself (its lease out) or is fenced.
            OutputChecker.assertNothingStaged(river.parts(dir, run), LEASE.plusSeconds(10));
            record(fault, m);
            return m;
        }
    }

    /**
     * Checks that the fault happened on the wire (a test of a fault that was not there proves
     * nothing): a delayed link's round trip (a TCP connect to h2's node) is at least twice the
     * delay, and a lossy link's rules dropped packets.
     */
    private static void assertFaultWasReal(NetnsCluster c, Fault fault) throws Exception {
        switch (fault) {
            case DELAY, SLOW -> {
                long oneWay = fault == Fault.DELAY ? 20 : 3000;
                long rtt = c.connectMillis(VICTIM);
                assertTrue(rtt >= 2 * oneWay, "a connect to h" + VICTIM + " took " + rtt + " ms, under twice the delay of " + oneWay + " ms");
            }
            case LOSS, HEAVY_LOSS -> assertTrue(c.dropped(VICTIM) > 0, "the lossy link dropped no packet");
            default -> {
            }
        }
    }

    /** Appends one run's measures to {@code -Dtigris.faults.results}, if given. */
    private void record(Fault fault, Measured m) throws IOException {
        String file = System.getProperty("tigris.faults.results");
        double detect = m.declaredNanos().isEmpty() || m.faultNanos() == 0 ? Double.NaN : (m.declaredNanos().getFirst() - m.faultNanos()) / 1e9;
        double recover = m.declaredNanos().isEmpty() ? Double.NaN : (m.endNanos() - m.declaredNanos().getFirst()) / 1e9;
        String row = String.format(Locale.ROOT, "%s\t%s\t%s\t%d\t%.3f\t%.3f\t%.3f\t%d\t%s%n", river.name(), fault.name(), fault.what, river.records(),
                        m.seconds(), detect, recover, m.attempts(), m.lost().isEmpty() ? "-" : String.join(",", m.lost()));
        System.out.print("fault campaign: " + row);
        if (file != null) {
            Path f = Path.of(file);
            Files.createDirectories(f.toAbsolutePath().getParent());
            if (!Files.exists(f)) {
                Files.writeString(f, "river\tfault\twhat\trecords\tseconds\tdetect_s\trecover_s\tattempts\tlost\n");
            }
            Files.writeString(f, row, StandardOpenOption.APPEND);
        }
    }

    Measured undisturbed() {
        return undisturbed;
    }
}
