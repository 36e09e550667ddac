/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tigris.ModuleConfig;
import tigris.Parameter;
import tigris.graph.ModuleSpec;
import tigris.node.ControlAgent.Node;
import tigris.sort.ClusterSortPlan;
import tigris.sort.KeySplitters;
import tigris.sort.MirroredPartitionModule;
import tigris.sort.RangeShare;
import tigris.sort.SortAttempt;
import tigris.sort.SortFailedException;

/**
 * The river of each attempt of a mirrored sort across nodes, as planned before it is grown: who
 * reads, who deals, which ranges are sorted where, and where a lost node's part is written.
 */
class SortAttemptTest {
    private static final Node A = new Node("a", "10.0.0.1", 7000);
    private static final Node B = new Node("b", "10.0.0.2", 7000);
    private static final Node C = new Node("c", "10.0.0.3", 7000);
    private static final long[] STRIPES = {1000, 1000, 1000};
    private static final KeySplitters SPLITTERS = KeySplitters.uniform(6);

    private static ClusterSortPlan plan(String output) {
        return new ClusterSortPlan(List.of(A, B, C), "/data/in", output, 1, 2, 64L << 20, "/tmp", 100_000, 4, false, false, "tcp", "/data/copy-{stripe}");
    }

    @Test
    void theFirstAttemptIsTheWholeSortOnEveryNode() throws Exception {
        SortAttempt a = SortAttempt.of(plan("/data/out"), "x", 1, STRIPES, SPLITTERS, Set.of(), Set.of());
        assertEquals("tigris-sort-x", a.graph().name());
        assertEquals(RangeShare.all(6), a.share());
        assertEquals(List.of(A, A, B, B, C, C), a.sorterNodes());
        assertEquals(List.of(A), a.placement().get("deal-0"));
        assertEquals(List.of(C), a.placement().get("read-2"));
        assertEquals(Map.of(1, Path.of("/data/copy-b"), 2, Path.of("/data/in")), parameter(a, "read-2", MirroredPartitionModule.COPIES),
                        "c reads its input and b's copy");
        assertTrue(a.rebuilt().isEmpty());
    }

    @Test
    void afterALossTheRestIsSortedOnTheSurvivorsAndTheLostPartOnTheNextNodeUp() throws Exception {
        SortAttempt a = SortAttempt.of(plan("/data/out"), "x", 2, STRIPES, SPLITTERS, Set.of(B), Set.of(0, 5));
        assertEquals(new tigris.RiverAttempt("tigris-sort-x", 2), a.river());
        assertEquals(List.of(1, 2, 3, 4), a.share().ranges(), "ranges 0 and 5 are whole on a and c");
        assertEquals(List.of(A, C, C, C), a.sorterNodes(), "b's ranges 2 and 3 go to c, the next node up");
        assertEquals(Map.of(2, Path.of("/data/out.b")), a.share().movedFiles(), "b's part, without {node} in the path, is out.b");
        assertEquals(Map.of(B, C), a.rebuilt());
        assertEquals(List.of(C), a.placement().get("deal-1"), "b's stripe is dealt from c, which holds its copy");
        assertEquals(null, a.placement().get("read-2"), "two readers, on a and c");
        assertEquals(List.of(C), a.placement().get("read-1"));
        assertEquals(List.of(1, 2, 3, 4), parameter(a, "sort", RangeShare.RANGES));
        assertEquals(List.of(1, 2, 3, 4), parameter(a, "read-0", RangeShare.RANGES), "readers send only the ranges sorted");
    }

    @Test
    void aLostPartKeepsItsNameWhenThePathNamesTheNode() throws Exception {
        ClusterSortPlan p = plan("/data/out-{node}");
        assertEquals("/data/out-b", p.rebuiltOutput(B));
        SortAttempt a = SortAttempt.of(p, "x", 2, STRIPES, SPLITTERS, Set.of(C), Set.of());
        assertEquals(List.of(A, A, B, B, A, A), a.sorterNodes(), "c's ranges go round to a");
        assertEquals(Map.of(4, Path.of("/data/out-c")), a.share().movedFiles());
    }

    @Test
    void aStripeWithBothCopiesLostFailsNamingBothNodes() {
        SortFailedException e = assertThrows(SortFailedException.class,
                        () -> SortAttempt.of(plan("/data/out"), "x", 2, STRIPES, SPLITTERS, Set.of(B, C), Set.of()));
        assertTrue(e.getMessage().contains("the input of node b is lost: it and c, the holder of its copy, were both lost"), e.getMessage());
    }

    /** Parameter {@code p} of {@code module} in the attempt's graph, read back as the module reads it. */
    private static <T> T parameter(SortAttempt a, String module, Parameter<T> p) {
        for (ModuleSpec m : a.graph().moduleList()) {
            if (m.name().equals(module)) {
                return p.from(ModuleConfig.of(module, m.parameters()));
            }
        }
        throw new AssertionError("no module " + module + " in " + a.graph().name());
    }
}
