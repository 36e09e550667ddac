package tigris.sort;

import tigris.Water;
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
}
