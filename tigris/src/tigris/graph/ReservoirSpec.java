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
        SHM,
        /**
         * A verbs reservoir (VerbsSender/VerbsReceiver): RDMA sends into registered buffers. Each
         * node needs an RDMA device whose address is the one the node is listed at.
         */
        VERBS;

        /** The value of a {@code transport=} option: {@code tcp}, {@code shm} or {@code verbs}. */
        public static Between parse(String transport) {
            return switch (transport) {
                case "tcp" -> TCP;
                case "shm" -> SHM;
                case "verbs" -> VERBS;
                default -> throw new IllegalArgumentException("transport=" + transport + " is not 'tcp', 'shm' or 'verbs'");
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
