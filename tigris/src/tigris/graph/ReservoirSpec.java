package tigris.graph;

/**
 * What a connection is made of: the kind of reservoir, its credit window (Waters in flight), the
 * size of the Waters its spring makes, and how instances on different nodes are joined.
 */
public record ReservoirSpec(Kind kind, int window, int waterSize, Between between) {
    public enum Kind {
        /** Same JVM: a FIFO of Waters, zero copy. */
        MEMORY
    }

    /** How the control agent joins two instances placed on different nodes (within a node: memory). */
    public enum Between {
        /** A TCP reservoir: nodes anywhere. */
        TCP,
        /** A shared-memory ring (ShmReservoir): nodes on one host, which must be listed at the same address. */
        SHM;

        /** The value of a {@code transport=} option: {@code tcp} or {@code shm}. */
        public static Between parse(String transport) {
            return switch (transport) {
                case "tcp" -> TCP;
                case "shm" -> SHM;
                default -> throw new IllegalArgumentException("transport=" + transport + " is neither 'tcp' nor 'shm'");
            };
        }
    }

    public static ReservoirSpec memory(int window, int waterSize) {
        return new ReservoirSpec(Kind.MEMORY, window, waterSize, Between.TCP);
    }

    /** This spec with instances on different nodes joined by {@code b}. */
    public ReservoirSpec between(Between b) {
        return new ReservoirSpec(kind, window, waterSize, b);
    }
}
