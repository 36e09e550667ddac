package tigris.sort;

import java.io.IOException;

import jaguar.ext.ExternalBuffer;

/**
 * What a sorter holds between End of River (or a full memory) and its write: the keys of the
 * records it received, sorted, and a way to write the records in that order.
 * {@link RecordArena} holds the records themselves; {@link InputKeyIndex} only their keys and
 * places in the input file, which the sorter maps to gather them.
 */
interface SorterMemory extends AutoCloseable {
    /** Bytes a record takes in the Waters this memory is filled from: the record, or its entry. */
    int unit();

    /** What those units are, for errors: "100-byte records" or "16-byte entries". */
    String unitName();

    /** Appends {@code n} records' units from {@code src} at {@code offset}; the caller checks {@link #room()}. */
    void append(ExternalBuffer src, long offset, int n);

    /** Sizes the key arrays for about {@code records} records now (a hint: they grow past it if more come). */
    void expect(long records);

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
