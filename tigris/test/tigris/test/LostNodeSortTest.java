/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.sort.ClusterSort;
import tigris.sort.ClusterSortPlan;
import tigris.sort.LostNode;
import tigris.sort.SortFailedException;
import tigris.sort.SortProgress;
import tigris.sort.SortReport;

/**
 * A mirrored TigrisSort across three network-namespace hosts that loses one of them mid-run: the
 * node's process is killed while the partitioners read, or once the sorters have every record, or
 * its link is cut (and mended later). The sort must finish on the other two, its output files
 * byte for byte those of an undisturbed run, the loss declared within the answer timeout and a
 * poll, and a mended node fenced. Without mirrors the same loss fails the sort, naming the node.
 */
class LostNodeSortTest {
    private static final long RECORDS_PER_NODE = 300_000;
    private static final Duration ANSWER = Duration.ofSeconds(2);
    /** The nodes' lease: a paused node fences itself this long after it last heard from the agent. */
    private static final Duration LEASE = Duration.ofSeconds(4);
    /** Answer timeout, one status poll, and room for a loaded two-core machine. */
    private static final long DETECTION_BOUND_NANOS = ANSWER.toNanos() + TimeUnit.MILLISECONDS.toNanos(200 + 2500);

    @TempDir
    static Path dir;
    private static Identities cluster;

    @BeforeAll
    static void inputsAndAnUndisturbedRun() throws Exception {
        assumeTrue(NetnsCluster.available(), "needs root and iproute2 for network namespaces");
        cluster = Identities.shared();
        for (int h = 1; h <= 3; h++) {
            TigrisSortTest.Run g = TigrisSortTest.tigris("gensort", "-b" + RECORDS_PER_NODE * (h - 1), Long.toString(RECORDS_PER_NODE),
                            dir.resolve("in-h" + h).toString());
            assertEquals(0, g.status(), g.err());
            Files.copy(dir.resolve("in-h" + h), dir.resolve("mirror-h" + h));
        }
        try (NetnsCluster c = new NetnsCluster(3)) {
            Node[] h = start(c, null);
            SortReport r = ClusterSort.run(plan(h, "undisturbed", true), agent(), null, 0);
            assertTrue(r.lost().isEmpty(), r.toString());
        }
    }

    @Test
    void aNodeKilledWhileThePartitionersReadIsRebuiltFromItsMirror() throws Exception {
        try (NetnsCluster c = new NetnsCluster(3)) {
            Process[] victim = new Process[1];
            Node[] h = start(c, victim);
            String name = "killed-reading";
            Lossy run = sortLosing(plan(h, name, true), p -> p.partitioned() > p.records() / 10, () -> victim[0].destroyForcibly());
            LostNode l = onlyLoss(run.report, "h2", name);
            assertTrue(run.killedAt > 0 && run.readWhenKilled < RECORDS_PER_NODE * 3, "the node died while the partitioners read: " + run.readWhenKilled);
            assertTrue(run.report.toString().contains("3 nodes (1 lost), 2 partitioner(s), 6 sorter(s), one pass"),
                            "the report gives the last attempt's readers and every range's sorter: " + run.report);
            assertEquals("h3", l.rebuiltOn(), "h2's ranges are sorted on the next node up");
            assertDeclaredInTime(run, l);
            assertSameAsUndisturbed(name);
        }
    }

    /**
     * h2 is killed once every sorter has had End of River: the ranges the other nodes finish in
     * the first attempt are kept, and the second sorts exactly the rest (h2's at least).
     */
    @Test
    void aNodeKilledWhileItsSortersSortLosesOnlyTheRangesNotFinished() throws Exception {
        try (NetnsCluster c = new NetnsCluster(3)) {
            Process[] victim = new Process[1];
            Node[] h = start(c, victim);
            String name = "killed-sorting";
            List<tigris.view.SnapshotSource> attempts = new ArrayList<>();
            Lossy run = sortLosing(plan(h, name, true, true), p -> p.attempt() == 1 && p.received() == p.records() && !p.sorterPhases().contains("R")
                            && !p.sorterPhases().contains("S"), () -> victim[0].destroyForcibly(), p -> {
                            }, attempts);
            LostNode l = onlyLoss(run.report, "h2", name);
            assertEquals(RECORDS_PER_NODE * 3, run.readWhenKilled, "the node died after the partitioners had read everything");
            assertEquals("h3", l.rebuiltOn());
            assertDeclaredInTime(run, l);
            assertSameAsUndisturbed(name);
            java.util.Set<Integer> finished = new java.util.TreeSet<>();
            for (var t : attempts.get(0).snapshot().threads()) {
                if (!t.node().equals("h2") && t.status() != null && t.status().state() == tigris.ModuleThread.State.ENDED
                                && t.status().report() instanceof tigris.sort.SorterReport r && r.phase() == tigris.sort.SortModule.Phase.DONE) {
                    finished.add(r.range());
                }
            }
            java.util.Set<Integer> second = new java.util.TreeSet<>();
            for (var t : attempts.get(1).snapshot().threads()) {
                if (t.status() != null && t.status().report() instanceof tigris.sort.SorterReport r) {
                    second.add(r.range());
                }
            }
            java.util.Set<Integer> rest = new java.util.TreeSet<>(List.of(0, 1, 2, 3, 4, 5));
            rest.removeAll(finished);
            System.out.println("ranges finished in the first attempt on h1 and h3: " + finished + "; sorted in the second: " + second);
            assertEquals(rest, second, "the second attempt sorts the ranges not finished in the first");
            assertTrue(second.containsAll(l.ranges()), "h2's ranges " + l.ranges() + " are sorted again: " + second);
            List<String> earlier = attempts.get(1).snapshot().earlier();
            assertTrue(earlier.size() == 1 && earlier.get(0).startsWith("attempt 1 lost node h2 at "), "the second attempt's live view names the loss: " + earlier);
        }
    }

    /**
     * h2's link is cut while the partitioners read and mended once the second attempt runs: the
     * sort finishes without it, and the runtime, asking h2 to destroy its first attempt from the
     * moment it was lost, finds it answering again before the end, so nothing of it goes on.
     */
    @Test
    void aNodeCutOffIsFinishedWithoutAndFencedWhenItComesBack() throws Exception {
        try (NetnsCluster c = new NetnsCluster(3)) {
            Node[] h = start(c, null);
            List<tigris.view.SnapshotSource> rivers = new ArrayList<>();
            boolean[] mended = {false};
            String name = "cut";
            Lossy run = sortLosing(plan(h, name, true), p -> p.partitioned() > p.records() / 10, () -> cut(c, 2), p -> {
                if (p.attempt() == 2 && !mended[0]) {
                    mended[0] = true;
                    mend(c, 2);
                    // Holds the job (not the heartbeats) until the agent's fencing reached h2, so the
                    // job cannot end in the seconds a try begun while h2 was cut may still take.
                    try {
                        c.awaitLog(2, "river " + rivers.get(0).snapshot().river() + " staged outputs (and earlier attempts') discarded by agent", 30);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }, rivers);
            LostNode l = onlyLoss(run.report, "h2", name);
            assertTrue(l.cause().contains("did not answer within " + ANSWER.toMillis() + " ms"), l.cause());
            assertDeclaredInTime(run, l);
            assertTrue(mended[0], "the link was mended while the second attempt ran");
            assertSameAsUndisturbed(name);
            assertEquals(2, rivers.size(), "two attempts of the sort's river: " + rivers);
            ControlAgent agent = agent();
            RemoteException fenced = assertThrows(RemoteException.class, () -> agent.connect(h[1]).status(tigris.RiverAttempt.first(rivers.get(0).snapshot().river())));
            // Cut for longer than its lease, h2 fenced the attempt itself; the agent destroyed what was left once it answered.
            assertTrue(fenced.getMessage().contains("fenced by this node: its lease ran out") || fenced.getMessage().contains("no such river"),
                            "h2's first attempt is gone: " + fenced.getMessage());
            assertTrue(l.fenced(), "the report says h2 was fenced: " + l);
        }
    }

    /**
     * h2 is paused (SIGSTOP), not killed, while the partitioners read: the agent calls it lost and
     * the sort finishes on h1 and h3. When h2 runs again after the report (SIGCONT), its lease has
     * run out: it fences itself (stops its attempt, deletes what it staged), unless the agent's
     * fencing call, queued in its socket while it was paused, destroys the attempt first; either way
     * it writes nothing into the output, which stays byte for byte as the report left it, and the
     * agent's calls naming the attempt are refused.
     */
    @Test
    void aPausedNodeThatRunsAgainAfterTheSortWritesNothing() throws Exception {
        try (NetnsCluster c = new NetnsCluster(3)) {
            Node[] h = start(c, null);
            String name = "paused";
            List<tigris.view.SnapshotSource> rivers = new ArrayList<>();
            Lossy run = sortLosing(plan(h, name, true), p -> p.partitioned() > p.records() / 10, () -> c.pause(2), p -> {
            }, rivers);
            LostNode l = onlyLoss(run.report, "h2", name);
            assertTrue(l.cause().contains("did not answer within " + ANSWER.toMillis() + " ms"), l.cause());
            assertTrue(!l.fenced() && run.report.toString().contains("it did not answer again (if it still runs, it stops the attempt itself once its lease of 4.0 s has passed"),
                            "the report says the paused node fences itself: " + run.report);
            assertSameAsUndisturbed(name);
            java.util.Map<Path, java.nio.file.attribute.FileTime> written = new java.util.TreeMap<>();
            for (int i = 1; i <= 3; i++) {
                Path part = dir.resolve(name + "-out-h" + i);
                written.put(part, Files.getLastModifiedTime(part));
                Path marker = dir.resolve(name + "-out-h" + i + ".committed");
                assertTrue(Files.readString(marker).contains("committed 3 part(s)"), "the job's marker beside part " + i);
                written.put(marker, Files.getLastModifiedTime(marker));
            }

            c.resume(2);
            // Destroyed by h2 itself once it sees its lease ran out, or first by the agent's fencing
            // call that waited in h2's socket while it was paused (whichever of h2's threads runs first).
            String destroyed = c.awaitLog(2, "river " + rivers.get(0).snapshot().river() + " destroyed by", 30);
            assertTrue(destroyed.endsWith("destroyed by this node (fenced)") || destroyed.contains("destroyed by agent "), destroyed);
            // Its attempt is gone there: fenced by h2 itself, then (if the agent's fencing call, queued while h2 was paused, came through) discarded.
            RemoteException refused = assertThrows(RemoteException.class,
                            () -> agent().connect(h[1]).status(tigris.RiverAttempt.first(rivers.get(0).snapshot().river())));
            assertTrue(refused.getMessage().contains("fenced by this node: its lease ran out") || refused.getMessage().contains("no such river"),
                            refused.getMessage());
            assertSameAsUndisturbed(name);
            for (var w : written.entrySet()) {
                assertEquals(w.getValue(), Files.getLastModifiedTime(w.getKey()), w.getKey() + " was not written again");
            }
            OutputChecker.assertNothingStaged(parts(name), Duration.ofSeconds(10));
        }
    }

    /**
     * As a user runs it: {@code tigris sort --mirror} across the three hosts, progress shown, h2
     * killed once the sort is under way. The command exits 0, its progress goes on in a second
     * attempt without h2 and ends whole, its report counts the lost node, and the parts are the
     * undisturbed run's.
     */
    @Test
    void theSortCommandWithMirrorsFinishesWithoutAKilledNode() throws Exception {
        try (NetnsCluster c = new NetnsCluster(3)) {
            Process[] victim = new Process[1];
            Node[] h = start(c, victim);
            String name = "command";
            List<String> cmd = new ArrayList<>(List.of(TigrisSortTest.tigrisCommand(), "sort", "-s", "2", "--memory", "256M", "--tmp", dir.toString(),
                            "--water", "256000", "--window", "4", "--no-sync", "--page-cache", "--answer-timeout", Long.toString(ANSWER.toSeconds()), "--lease",
                            Long.toString(LEASE.toSeconds()), "--key", cluster.agent().key().toString(), "--password-file", cluster.agent().password().toString(), "--mirror",
                            dir.resolve("mirror-{stripe}").toString()));
            for (Node n : h) {
                cmd.addAll(List.of("--node", n.name() + "=" + n.host() + ":" + n.port()));
            }
            cmd.addAll(List.of(dir.resolve("in-{node}").toString(), dir.resolve(name + "-out-{node}").toString()));
            Process sort = new ProcessBuilder(cmd).redirectOutput(dir.resolve(name + ".report").toFile()).start();
            List<String> progress = new ArrayList<>();
            try (var err = new java.io.BufferedReader(new java.io.InputStreamReader(sort.getErrorStream(), java.nio.charset.StandardCharsets.UTF_8))) {
                for (String line = err.readLine(); line != null; line = err.readLine()) {
                    System.out.println("[sort] " + line);
                    progress.add(line);
                    // The first line comes once the river has started: the sort is under way.
                    if (progress.size() == 1) {
                        victim[0].destroyForcibly();
                    }
                }
            }
            assertTrue(sort.waitFor(120, TimeUnit.SECONDS), "the sort ended");
            String report = Files.readString(dir.resolve(name + ".report"));
            assertEquals(0, sort.exitValue(), report + progress);
            assertTrue(progress.getFirst().startsWith("partition [") && !progress.getFirst().contains("attempt"),
                            "the node was killed while the first attempt ran: " + progress);
            assertTrue(progress.stream().anyMatch(l -> l.startsWith("partition [") && l.endsWith("attempt 2 without h2")),
                            "progress goes on in a second attempt without h2: " + progress);
            String full = "[" + "#".repeat(24) + "]";
            assertTrue(progress.getLast().startsWith("partition " + full + " 100%  sort " + full + " 100%"), "the last line says it is whole: " + progress.getLast());
            assertTrue(report.contains("3 nodes (1 lost)") && report.contains("lost       node h2 lost in attempt 1"), report);
            assertSameAsUndisturbed(name);
        }
    }

    @Test
    void withoutMirrorsALostNodeFailsTheSortWithinSecondsNamingIt() throws Exception {
        try (NetnsCluster c = new NetnsCluster(3)) {
            Process[] victim = new Process[1];
            Node[] h = start(c, victim);
            long[] killed = {0};
            SortFailedException e = assertThrows(SortFailedException.class, () -> ClusterSort.run(plan(h, "plain", false), agent(), p -> {
                if (killed[0] == 0 && p.partitioned() > p.records() / 10) {
                    victim[0].destroyForcibly();
                    killed[0] = System.nanoTime();
                }
            }, 0));
            long after = System.nanoTime() - killed[0];
            assertTrue(killed[0] > 0, "the node was killed mid-run");
            assertTrue(e.getMessage().contains("h2") && e.getMessage().contains("--mirror"), e.getMessage());
            assertTrue(after < DETECTION_BOUND_NANOS + TimeUnit.SECONDS.toNanos(3), "failed " + after / 1_000_000 + " ms after the kill");
        }
    }

    /** A sort run, and when its node was lost. */
    private record Lossy(SortReport report, long killedAt, long readWhenKilled, long startedAt) {
    }

    private static Lossy sortLosing(ClusterSortPlan plan, Predicate<SortProgress> when, ThrowingRunnable loss) throws Exception {
        return sortLosing(plan, when, loss, p -> {
        }, new ArrayList<>());
    }

    /** Runs {@code plan}, doing {@code loss} at the first progress that satisfies {@code when}; {@code rivers} gets each attempt's river. */
    private static Lossy sortLosing(ClusterSortPlan plan, Predicate<SortProgress> when, ThrowingRunnable loss,
                    java.util.function.Consumer<SortProgress> also, List<tigris.view.SnapshotSource> rivers) throws Exception {
        long t0 = System.nanoTime();
        long[] killed = {0, 0};
        SortReport r = ClusterSort.run(plan, agent(), p -> {
            also.accept(p);
            if (killed[0] == 0 && when.test(p)) {
                try {
                    loss.run();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                killed[0] = System.nanoTime();
                killed[1] = p.partitioned();
            }
        }, 0, rivers::add);
        assertTrue(killed[0] > 0, "the sort ended before the loss: " + r);
        System.out.println(r);
        return new Lossy(r, killed[0], killed[1], t0);
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    private static LostNode onlyLoss(SortReport r, String node, String name) {
        assertEquals(1, r.lost().size(), r.toString());
        LostNode l = r.lost().get(0);
        assertEquals(node, l.node(), r.toString());
        assertEquals(1, l.attempt(), r.toString());
        assertTrue(l.attemptFailure().contains(node), "the first attempt's failure names the lost node: " + l.attemptFailure());
        assertEquals(dir.resolve(name + "-out-" + node).toString(), l.rebuiltFile(), "a lost node's part keeps its name ({node} is the lost node's)");
        assertEquals(RECORDS_PER_NODE * 3, r.records());
        return l;
    }

    private static void assertDeclaredInTime(Lossy run, LostNode l) {
        long after = run.startedAt + l.declaredNanos() - run.killedAt;
        assertTrue(after >= 0 && after < DETECTION_BOUND_NANOS, "lost declared " + after / 1_000_000 + " ms after the loss");
    }

    /** Every part byte for byte the undisturbed run's ({@link OutputChecker}), and the parts one ordered whole without duplicates (valsort). */
    private static void assertSameAsUndisturbed(String name) throws Exception {
        OutputChecker.SORT.assertSame(parts("undisturbed"), parts(name));
        FaultCampaign.Sort.assertOrderedWhole(dir, parts(name), RECORDS_PER_NODE * 3);
    }

    private static OutputChecker.Parts parts(String name) {
        return new OutputChecker.Parts(name, List.of(dir.resolve(name + "-out-h1"), dir.resolve(name + "-out-h2"), dir.resolve(name + "-out-h3")));
    }

    private static ClusterSortPlan plan(Node[] h, String name, boolean mirrored) {
        return plan(h, name, mirrored, false);
    }

    /** With {@code sync}, sorters force their output to the disk: a longer time between End of River and done. */
    private static ClusterSortPlan plan(Node[] h, String name, boolean mirrored, boolean sync) {
        return new ClusterSortPlan(List.of(h), dir.resolve("in-{node}").toString(), dir.resolve(name + "-out-{node}").toString(), 1, 2, 256L << 20,
                        dir.toString(), 2_560 * 100, 4, sync, false, "tcp", mirrored ? dir.resolve("mirror-{stripe}").toString() : null);
    }

    private static ControlAgent agent() throws Exception {
        return new ControlAgent(cluster.agent().load(), ANSWER, LEASE);
    }

    private static Node[] start(NetnsCluster c, Process[] victim) throws Exception {
        return new Node[] {c.startNode(1, cluster, dir, null), c.startNode(2, cluster, dir, victim), c.startNode(3, cluster, dir, null)};
    }

    private static void cut(NetnsCluster c, int h) throws Exception {
        c.cut(h);
    }

    private static void mend(NetnsCluster c, int h) {
        try {
            c.mend(h);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
