package tigris.sort;

import java.io.IOException;

/**
 * What a sorter holds between End of River (or a full memory) and its write: the keys of the
 * records it received, sorted, and a way to write the records in that order.
 * {@link RecordArena} holds the records themselves; {@link InputKeyIndex} only their keys and
 * places in the input file, which the sorter maps to gather them.
 */
interface SorterMemory extends AutoCloseable {
    /** Records held. */
    int count();

    /** Records that still fit. */
    int room();

    /** Sorts the keys; then {@link #writeSorted} writes the records in that order. */
    void sort();

    /** Writes the records in key order (after {@link #sort()}) to {@code out}. */
    void writeSorted(RecordWriter out) throws IOException;

    /** Forgets the records; keeps the memory for more. */
    void clear();

    /** Frees the memory. */
    @Override
    void close();
}
