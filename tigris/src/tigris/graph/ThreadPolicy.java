package tigris.graph;

/** How a module's thread chooses among its downstream reservoirs (doc/tigris.md). */
public enum ThreadPolicy {
    ROUND_ROBIN,
    RANDOM,
    LOTTERY
}
