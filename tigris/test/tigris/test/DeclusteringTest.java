/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.ModuleConfig;
import tigris.ModuleThread;
import tigris.PartitioningModuleIF;
import tigris.ProducerEnd;
import tigris.Report;
import tigris.Water;
import tigris.graph.LocalRiver;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.RiverReport;
import tigris.sort.KeyOrder;
import tigris.sort.KeySplitters;
import tigris.sort.MirroredPartitionModule;
import tigris.sort.PartitionSummary;
import tigris.sort.SortGraph;
import tigris.sort.SortParameters;
import tigris.sort.SortValidator;

/**
 * Graduated declustering on one machine: every stripe of the input is held by two readers, a
 * dealer per stripe deals its chunks to them as a lottery Distributed Queue, and one reader's
 * copies are slow. The slow reader must be dealt few chunks, its mirror the rest, and the sort's
 * output must hold every input record exactly once, in order.
 */
class DeclusteringTest {
    static final int STRIPES = 2;
    static final long RECORDS_PER_STRIPE = 40_000;
    static final long CHUNK = 1_000;

    @TempDir
    Path dir;

    /** A reader whose copies deliver slowly: it waits before each chunk it is dealt (a slow disk, as the dealers see it). */
    public static final class SlowReader implements PartitioningModuleIF {
        private final MirroredPartitionModule inner = new MirroredPartitionModule();
        private long pauseMillis;

        @Override
        public void init(ModuleConfig config) {
            inner.init(config);
            pauseMillis = config.getLong("pauseMillis", 0);
        }

        @Override
        public String getName() {
            return inner.getName();
        }

        @Override
        public void doOperation(Water in, List<ProducerEnd> outs) throws InterruptedException {
            if (in != null && pauseMillis > 0) {
                Thread.sleep(pauseMillis);
            }
            inner.doOperation(in, outs);
        }

        @Override
        public Report report() {
            return inner.report();
        }

        @Override
        public void destroy() {
            inner.destroy();
        }
    }

    @Test
    void theSlowCopysMirrorReadsMostOfItsChunksAndEveryRecordIsSortedOnce() throws Exception {
        Path[] stripes = new Path[STRIPES];
        for (int s = 0; s < STRIPES; s++) {
            stripes[s] = dir.resolve("stripe-" + s + ".dat");
            TigrisSortTest.Run g = TigrisSortTest.tigris("gensort", "-b" + s * RECORDS_PER_STRIPE, Long.toString(RECORDS_PER_STRIPE), stripes[s].toString());
            assertEquals(0, g.status(), g.err());
        }
        // Each reader has a copy of every stripe of its own (as two hosts would).
        List<Map<Integer, Path>> copies = new java.util.ArrayList<>();
        for (int r = 0; r < 2; r++) {
            Map<Integer, Path> mine = new HashMap<>();
            for (int s = 0; s < STRIPES; s++) {
                Path copy = dir.resolve("reader-" + r + "-stripe-" + s + ".dat");
                Files.copy(stripes[s], copy);
                mine.put(s, copy);
            }
            copies.add(mine);
        }
        Path out = dir.resolve("sorted.dat");
        int sorters = 2;
        SortParameters sort = new SortParameters(out, SortParameters.Layout.SHARED, null, 2, 64L << 20, dir, false, false, 0, null);
        long[] records = new long[STRIPES];
        java.util.Arrays.fill(records, RECORDS_PER_STRIPE);
        RiverGraph g = SortGraph.mirrored("declustered", records, CHUNK, copies, KeySplitters.uniform(sorters), 100_000, sorters, sort,
                        ReservoirSpec.of(2, 64), ReservoirSpec.of(8, 100_000), SlowReader.class);
        g.modules().get("read-1").parameter("pauseMillis", "20");
        try (LocalRiver river = LocalRiver.build(g)) {
            river.start();
            RiverReport report = river.await(120, TimeUnit.SECONDS);
            assertTrue(report.completed(), report.toString());
            int fast = chunks(river, "read-0");
            int slow = chunks(river, "read-1");
            assertEquals(STRIPES * RECORDS_PER_STRIPE / CHUNK, fast + slow, "every chunk was read once: " + fast + " + " + slow);
            assertTrue(slow * 4 < fast, "the slow reader was dealt " + slow + " chunks, its mirror " + fast + ": the work did not shift");
        }
        PartitionSummary sorted = SortValidator.validate(out, 2, KeyOrder.BYTES);
        assertTrue(sorted.isOrdered(), "output out of order");
        assertEquals(STRIPES * RECORDS_PER_STRIPE, sorted.recordCount().lo(), "records in the output");
        PartitionSummary in0 = SortValidator.validate(stripes[0], 1, KeyOrder.BYTES);
        PartitionSummary in1 = SortValidator.validate(stripes[1], 1, KeyOrder.BYTES);
        assertEquals(in0.checksum().plus(in1.checksum()), sorted.checksum(), "the output's checksum is the input's: no record lost or doubled");
    }

    /** Chunks reader {@code module} read. */
    static int chunks(LocalRiver river, String module) {
        for (ModuleThread t : river.threads()) {
            if (t.name().equals(module)) {
                return ((SlowReader) t.module()).inner.chunksRead();
            }
        }
        throw new AssertionError("no thread " + module);
    }
}
