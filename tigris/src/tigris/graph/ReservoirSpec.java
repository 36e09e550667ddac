package tigris.graph;

/**
 * What a connection is made of: the kind of reservoir, its credit window (Waters in flight) and
 * the size of the Waters its spring makes.
 */
public record ReservoirSpec(Kind kind, int window, int waterSize) {
    public enum Kind {
        /** Same JVM: a FIFO of Waters, zero copy. */
        MEMORY
    }

    public static ReservoirSpec memory(int window, int waterSize) {
        return new ReservoirSpec(Kind.MEMORY, window, waterSize);
    }
}
