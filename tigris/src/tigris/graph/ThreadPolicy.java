package tigris.graph;

/** How a module's thread chooses among its downstream reservoirs (doc/tigris.md). */
public enum ThreadPolicy {
    ROUND_ROBIN,
    RANDOM,
    LOTTERY,
    /** The module chooses: it gets every downstream reservoir as {@code tigris.Partitions}. */
    PARTITIONED
}
