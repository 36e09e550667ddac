/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tigris.Water;
import tigris.graph.ModuleSpec;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.ThreadPolicy;

/**
 * The one builder of TigrisSort's river, on one machine ({@link SortPlan}) or across nodes
 * ({@link ClusterSort}): {@code partitioners} partitioners under policy PARTITIONED, each joined to
 * every one of {@code sorters} sorters, sorter i taking key range i.
 */
public final class SortGraph {
    private SortGraph() {
    }

    /**
     * TigrisSort's river: modules {@code partition} ({@link PartitionModule}) and {@code sort}
     * ({@link SortModule}), every partitioner joined to every sorter.
     *
     * @param name the river's name
     * @param partitioners the partitioner instances, 1 or more
     * @param partition the partitioners' parameters; their splitters must give {@code sorters} ranges
     * @param sorters the sorter instances, sorter i taking key range i
     * @param sort the sorters' parameters; their partitioners must be {@code partitioners}
     * @param reservoirs each partitioner-to-sorter reservoir: window, Water size, transport
     * @return the river's graph (not yet validated or grown)
     * @throws IllegalArgumentException if the splitters' ranges are not {@code sorters}
     */
    public static RiverGraph build(String name, int partitioners, PartitionParameters partition, int sorters, SortParameters sort,
                    ReservoirSpec reservoirs) {
        if (partition.splitters().count() != sorters) {
            throw new IllegalArgumentException(sorters + " sorters but splitters for " + partition.splitters().count() + " key ranges");
        }
        RiverGraph g = new RiverGraph(name);
        g.module("partition", PartitionModule.class).instances(partitioners).policy(ThreadPolicy.PARTITIONED).output("out", Water.class)
                        .parameters(partition.toMap());
        g.module("sort", SortModule.class).instances(sorters).input("in", Water.class).parameters(sort.toMap());
        g.connect("partition.out", "sort.in", reservoirs);
        return g;
    }

    /**
     * TigrisSort over a mirrored input (graduated declustering): one {@link ChunkDealer}
     * ("deal-S", a lottery Distributed Queue) per stripe deals its chunks to the readers holding a
     * copy of it; reader r ("read-R", a {@link MirroredPartitionModule}) holds the copies
     * {@code copies.get(r)} (stripe to file) and buckets what it reads to every sorter.
     *
     * @param name the river's name
     * @param stripeRecords records of each stripe (stripe s is node s's input)
     * @param chunk records per ticket, 1 or more
     * @param copies for each reader, the stripes it holds a copy of and the file of each; every
     *        stripe held by at least one reader
     * @param splitters the sorters' key ranges, {@code sorters} of them
     * @param water bytes of records per Water from a reader, a positive multiple of 100
     * @param sorters the sorters, sorter i taking key range i
     * @param sort the sorters' parameters; its partitioners must be the number of readers
     * @param tickets the dealers' reservoirs: their window is how many chunks a reader may hold dealt and not yet read
     * @param reservoirs each reader-to-sorter reservoir
     * @return the river's graph
     * @throws IllegalArgumentException if the splitters' ranges are not {@code sorters}, the
     *         sorters' partitioners are not the readers, or a stripe held is out of range or held
     *         by no reader
     */
    public static RiverGraph mirrored(String name, long[] stripeRecords, long chunk, List<Map<Integer, Path>> copies, KeySplitters splitters, int water,
                    int sorters, SortParameters sort, ReservoirSpec tickets, ReservoirSpec reservoirs) {
        return mirrored(name, stripeRecords, chunk, copies, splitters, water, sorters, sort, tickets, reservoirs, MirroredPartitionModule.class);
    }

    /**
     * As {@link #mirrored(String, long[], long, List, KeySplitters, int, int, SortParameters, ReservoirSpec, ReservoirSpec)},
     * the readers of {@code readerClass} (MirroredPartitionModule, or one that wraps it).
     *
     * @param name the river's name
     * @param stripeRecords records of each stripe
     * @param chunk records per ticket, 1 or more
     * @param copies for each reader, the stripes it holds a copy of and the file of each
     * @param splitters the sorters' key ranges, {@code sorters} of them
     * @param water bytes of records per Water from a reader
     * @param sorters the sorters, sorter i taking key range i
     * @param sort the sorters' parameters; its partitioners must be the number of readers
     * @param tickets the dealers' reservoirs
     * @param reservoirs each reader-to-sorter reservoir
     * @param readerClass the readers' module class, which takes {@link MirroredPartitionModule}'s
     *        parameters
     * @return the river's graph
     * @throws IllegalArgumentException as the method above
     */
    public static RiverGraph mirrored(String name, long[] stripeRecords, long chunk, List<Map<Integer, Path>> copies, KeySplitters splitters, int water,
                    int sorters, SortParameters sort, ReservoirSpec tickets, ReservoirSpec reservoirs,
                    Class<? extends tigris.PartitioningModuleIF> readerClass) {
        if (splitters.count() != sorters) {
            throw new IllegalArgumentException(sorters + " sorters but splitters for " + splitters.count() + " key ranges");
        }
        return mirrored(name, stripeRecords, chunk, copies, splitters, water, RangeShare.all(sorters), sort, tickets, reservoirs, readerClass);
    }

    /**
     * As {@link #mirrored(String, long[], long, List, KeySplitters, int, int, SortParameters, ReservoirSpec, ReservoirSpec)},
     * sorting only the key ranges of {@code share} (sorter instance i takes range {@code share.ranges().get(i)}): the river that
     * rebuilds what a lost node held ({@link SortAttempt}).
     *
     * @param name the river's name
     * @param stripeRecords records of each stripe
     * @param chunk records per ticket, 1 or more
     * @param copies for each reader, the stripes it holds a copy of and the file of each
     * @param splitters the key ranges of the whole sort, {@code share.keyRanges()} of them
     * @param water bytes of records per Water from a reader
     * @param share the key ranges this river sorts, one sorter each, and the files moved
     * @param sort the sorters' parameters; its partitioners must be the number of readers
     * @param tickets the dealers' reservoirs
     * @param reservoirs each reader-to-sorter reservoir
     * @param readerClass the readers' module class, which takes {@link MirroredPartitionModule}'s
     *        parameters
     * @return the river's graph
     * @throws IllegalArgumentException if the splitters' ranges are not the share's, the sorters'
     *         partitioners are not the readers, or a stripe held is out of range or held by no reader
     */
    public static RiverGraph mirrored(String name, long[] stripeRecords, long chunk, List<Map<Integer, Path>> copies, KeySplitters splitters, int water,
                    RangeShare share, SortParameters sort, ReservoirSpec tickets, ReservoirSpec reservoirs,
                    Class<? extends tigris.PartitioningModuleIF> readerClass) {
        if (splitters.count() != share.keyRanges()) {
            throw new IllegalArgumentException("a share of " + share.keyRanges() + " key ranges but splitters for " + splitters.count());
        }
        if (sort.partitioners() != copies.size()) {
            throw new IllegalArgumentException("the sorters expect " + sort.partitioners() + " partitioners' tallies, but there are " + copies.size() + " readers");
        }
        for (int r = 0; r < copies.size(); r++) {
            for (int s : copies.get(r).keySet()) {
                if (s < 0 || s >= stripeRecords.length) {
                    throw new IllegalArgumentException("read-" + r + " holds a copy of stripe " + s + ", but there are stripes 0 to " + (stripeRecords.length - 1));
                }
            }
        }
        for (int s = 0; s < stripeRecords.length; s++) {
            int stripe = s;
            if (copies.stream().noneMatch(c -> c.containsKey(stripe))) {
                throw new IllegalArgumentException("no reader holds a copy of stripe " + s);
            }
        }
        int sorters = share.ranges().size();
        Map<String, String> sorting = sort.toMap();
        share.putInto(sorting);
        RiverGraph g = new RiverGraph(name);
        g.module("sort", SortModule.class).instances(sorters).input("in", Water.class).parameters(sorting);
        for (int s = 0; s < stripeRecords.length; s++) {
            Map<String, String> deal = new LinkedHashMap<>();
            ChunkDealer.STRIPE.put(deal, s);
            ChunkDealer.RECORDS.put(deal, stripeRecords[s]);
            ChunkDealer.CHUNK.put(deal, chunk);
            g.module("deal-" + s, ChunkDealer.class).policy(ThreadPolicy.LOTTERY).output("out", Water.class).parameters(deal);
        }
        for (int r = 0; r < copies.size(); r++) {
            String reader = "read-" + r;
            Map<String, String> read = new LinkedHashMap<>();
            MirroredPartitionModule.PARTITIONER.put(read, r);
            MirroredPartitionModule.COPIES.put(read, copies.get(r));
            Map<Integer, Long> held = new java.util.TreeMap<>();
            copies.get(r).keySet().forEach(s -> held.put(s, stripeRecords[s]));
            MirroredPartitionModule.STRIPE_RECORDS.put(read, held);
            PartitionParameters.SPLITTERS.put(read, splitters);
            PartitionParameters.WATER.put(read, water);
            share.putInto(read);
            ModuleSpec m = g.module(reader, readerClass).policy(ThreadPolicy.PARTITIONED).output("out", Water.class).parameters(read);
            for (int s : copies.get(r).keySet()) {
                m.input("stripe" + s, Water.class);
                g.connect("deal-" + s + ".out", reader + ".stripe" + s, tickets);
            }
            g.connect(reader + ".out", "sort.in", reservoirs);
        }
        return g;
    }
}
