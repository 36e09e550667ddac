/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tigris.ModuleThread;
import tigris.ThreadStatus;
import tigris.node.CommittedPart;
import tigris.node.ControlAgent;
import tigris.node.RiverJob;
import tigris.node.ControlAgent.Node;
import tigris.node.ControlAgent.RunReport;
import tigris.sort.ClusterSortPlan;
import tigris.sort.KeySplitters;
import tigris.sort.LostNode;
import tigris.sort.SortAttempt;
import tigris.sort.SortAttempts;
import tigris.sort.SortFailedException;
import tigris.sort.SortModule;
import tigris.sort.SorterReport;

/**
 * The bookkeeping across attempts of a mirrored sort: which ranges are kept, which are sorted
 * again when the node holding them is lost later, which lost parts each node was given to write,
 * and the check that the kept ranges tile every part. The attempts' ends are given as the nodes'
 * reports would give them.
 */
class SortAttemptsTest {
    private static final Node A = new Node("a", "10.0.0.1", 7000);
    private static final Node B = new Node("b", "10.0.0.2", 7000);
    private static final Node C = new Node("c", "10.0.0.3", 7000);
    private static final Node D = new Node("d", "10.0.0.4", 7000);
    /** Records per key range in these tests: range r holds 100 + r. */
    private static long records(int range) {
        return 100 + range;
    }

    private static SortAttempts attempts() {
        ClusterSortPlan plan = new ClusterSortPlan(List.of(A, B, C, D), "/data/in", "/data/out", 1, 2, 64L << 20, "/tmp", 100_000, 4, false, false, "tcp",
                        "/data/copy-{stripe}");
        return new SortAttempts(plan, "x", new long[] {1000, 1000, 1000, 1000}, KeySplitters.uniform(8));
    }

    /** The report of attempt {@code a} in which the sorters of {@code done} ranges finished and wrote where the ranges below them end. */
    private static RunReport ended(SortAttempt a, Set<Integer> done, String failure) {
        return ended(a, done, failure, 0, false);
    }

    /** As above, each sorter having spilled {@code runs} runs and written with O_DIRECT or not. */
    private static RunReport ended(SortAttempt a, Set<Integer> done, String failure, int runs, boolean direct) {
        List<RunReport.Entry> rows = new ArrayList<>();
        for (int i = 0; i < a.share().ranges().size(); i++) {
            int range = a.share().ranges().get(i);
            boolean finished = done.contains(range);
            long start = 0;
            for (int r = range / 2 * 2; r < range; r++) {
                start += records(r);
            }
            SorterReport report = new SorterReport(range, finished ? SortModule.Phase.DONE : SortModule.Phase.RECEIVING, finished ? records(range) : 7, runs, 0,
                            0, direct, finished ? start : -1);
            rows.add(new RunReport.Entry(a.sorterNodes().get(i).name(), "sort#" + i, new ThreadStatus("sort#" + i,
                            finished ? ModuleThread.State.ENDED : ModuleThread.State.STOPPED, 1, 1, null, report, List.of()), false));
        }
        return new RunReport(a.graph().name(), rows, failure);
    }

    private static long total() {
        long t = 0;
        for (int r = 0; r < 8; r++) {
            t += records(r);
        }
        return t;
    }

    @Test
    void rangesKeptOnANodeLostLaterAreSortedAgainAndEveryLostPartIsRemembered() throws Exception {
        SortAttempts s = attempts();
        SortAttempt first = s.next();
        // b is lost; a, c and d finish their ranges.
        s.lost(first, ended(first, Set.of(0, 1, 4, 5, 6, 7), "node b lost"), Map.of(B, new ControlAgent.Silence("refused", 5)), 0);
        SortAttempt second = s.next();
        assertEquals(List.of(2, 3), second.share().ranges(), "only b's ranges");
        assertEquals(List.of(C, C), second.sorterNodes());
        // d is lost in the second attempt: its ranges 6 and 7, kept from the first, go too.
        s.lost(second, ended(second, Set.of(), "node d lost"), Map.of(D, new ControlAgent.Silence("silent", 9)), 0);
        SortAttempt third = s.next();
        assertEquals(List.of(2, 3, 6, 7), third.share().ranges(), "b's ranges again, and d's");
        assertEquals(List.of(C, C, A, A), third.sorterNodes(), "d's part goes round to a");
        assertEquals(Map.of(B, C, D, A), third.rebuilt(), "each lost node's part is rebuilt on the next node up");
        s.finished(third, ended(third, Set.of(2, 3, 6, 7), null));
        s.checkWhole(total());
        List<LostNode> lost = s.losses();
        assertEquals(List.of("b", "d"), lost.stream().map(LostNode::node).toList());
        assertEquals("c", lost.get(0).rebuiltOn());
        assertEquals("a", lost.get(1).rebuiltOn());
        assertEquals(2, lost.get(1).attempt());
        assertEquals("node d lost", lost.get(1).attemptFailure());
    }

    /** The report's figures count every range kept, whichever attempt sorted it, and the last attempt's readers. */
    @Test
    void theFiguresOfTheSortCountTheRangesOfEveryAttempt() throws Exception {
        SortAttempts s = attempts();
        SortAttempt first = s.next();
        assertEquals(4, s.readers());
        // b is lost; the six other ranges were sorted in two passes (2 runs each), written with O_DIRECT.
        s.lost(first, ended(first, Set.of(0, 1, 4, 5, 6, 7), "node b lost", 2, true), Map.of(B, new ControlAgent.Silence("refused", 5)), 0);
        SortAttempt second = s.next();
        s.finished(second, ended(second, Set.of(2, 3), null, 3, false));
        s.checkWhole(total());
        assertEquals(3, s.readers(), "the last attempt read on the three nodes up");
        assertEquals(6 * 2 + 2 * 3, s.runs(), "the runs of the kept ranges and of b's, sorted again");
        assertEquals(tigris.sort.SortReport.MIXED, s.writes());
    }

    /**
     * Before anything is put in place, each node up must have staged the bytes of the ranges it
     * wrote: b was lost and c rebuilt b's part, so c holds its own ranges and b's; a part c forgot
     * (a restarted node) fails the sort, naming c.
     */
    @Test
    void aNodeThatStagedLessThanItsRangesFailsTheCommit() throws Exception {
        SortAttempts s = attempts();
        SortAttempt first = s.next();
        s.lost(first, ended(first, Set.of(0, 1, 4, 5, 6, 7), "node b lost"), Map.of(B, new ControlAgent.Silence("refused", 5)), 0);
        SortAttempt second = s.next();
        s.finished(second, ended(second, Set.of(2, 3), null));
        long bytes = tigris.sort.RecordGenerator.RECORD_BYTES;
        List<CommittedPart> whole = List.of(new CommittedPart("a", "/data/out", (records(0) + records(1)) * bytes),
                        new CommittedPart("c", "/data/out", (records(4) + records(5)) * bytes), new CommittedPart("c", "/data/out.b", (records(2) + records(3)) * bytes),
                        new CommittedPart("d", "/data/out", (records(6) + records(7)) * bytes));
        s.staged(whole);
        List<CommittedPart> forgot = whole.stream().filter(p -> !p.path().equals("/data/out.b")).toList();
        RiverJob.JobFailedException e = assertThrows(RiverJob.JobFailedException.class, () -> s.staged(forgot));
        assertTrue(e.getMessage().contains("node c staged " + (records(4) + records(5)) * bytes + " bytes of output, but the key ranges it wrote hold "
                        + (records(2) + records(3) + records(4) + records(5)) * bytes), e.getMessage());
    }

    @Test
    void rangesThatDoNotTileTheirPartFailTheSort() throws Exception {
        SortAttempts s = attempts();
        SortAttempt first = s.next();
        s.lost(first, ended(first, Set.of(0, 1, 4, 5, 6, 7), "node b lost"), Map.of(B, new ControlAgent.Silence("refused", 5)), 0);
        SortAttempt second = s.next();
        // The second attempt read a copy that holds other records: range 3 starts one record late.
        List<RunReport.Entry> rows = new ArrayList<>(ended(second, Set.of(2), null).entries());
        rows.set(1, new RunReport.Entry("c", "sort#1", new ThreadStatus("sort#1", ModuleThread.State.ENDED, 1, 1, null,
                        new SorterReport(3, SortModule.Phase.DONE, records(3), 0, 0, 0, false, records(2) + 1), List.of()), false));
        s.finished(second, new RunReport(second.graph().name(), rows, null));
        SortFailedException e = assertThrows(SortFailedException.class, () -> s.checkWhole(total()));
        assertTrue(e.getMessage().contains("disagree on node b's part: key range 3 starts at record 103, not 102"), e.getMessage());
    }
}
