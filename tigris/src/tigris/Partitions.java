package tigris;

import java.util.List;

/**
 * What a module run by a {@code PARTITIONED} thread gets as its downstream reservoir (the
 * thesis's PartitionModuleThread): every downstream reservoir at once, in the order of the
 * consumer's instances, so the module itself chooses where each Water goes (a partitioner sends
 * records of key range i to sorter i). The view itself carries nothing: Waters are made by
 * {@code get(i).spring()} and put into {@code get(i)}.
 */
public final class Partitions extends Reservoir {
    private final String module;
    private final List<Reservoir> partitions;

    Partitions(String module, List<Reservoir> partitions) {
        super(module + ".partitions", 1);
        this.module = module;
        this.partitions = List.copyOf(partitions);
    }

    /**
     * {@code out} as the partitions it stands for.
     *
     * @throws IllegalStateException naming the module if its thread is not a partitioned one
     */
    public static Partitions of(Reservoir out, String module) {
        if (out instanceof Partitions p) {
            return p;
        }
        throw new IllegalStateException("module " + module + " chooses its own downstream reservoir: run it with policy PARTITIONED (got "
                        + out.name() + ")");
    }

    /** Number of downstream reservoirs. */
    public int count() {
        return partitions.size();
    }

    /** Downstream reservoir {@code i}: the one to consumer instance {@code i}. */
    public Reservoir get(int i) {
        return partitions.get(i);
    }

    private IllegalStateException direct() {
        return new IllegalStateException("module " + module + ": put into partitions.get(i), made by its spring(), not into the partitions view");
    }

    @Override
    public Spring spring() {
        return size -> {
            throw direct();
        };
    }

    @Override
    public int credits() {
        int c = 0;
        for (Reservoir r : partitions) {
            c += r.credits();
        }
        return c;
    }

    @Override
    public void put(Water w) {
        throw direct();
    }

    @Override
    public Water get() {
        throw direct();
    }

    @Override
    public Water poll() {
        throw direct();
    }

    @Override
    public boolean isEnded() {
        return false;
    }

    /** The thread ends each downstream reservoir itself. */
    @Override
    public void endOfRiver() {
    }

    @Override
    protected void creditReturned() {
    }

    @Override
    public void close() {
    }
}
