/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

/**
 * TigrisSort's Water kinds ({@link tigris.Water#kind()}): what a Water from a partitioner to a
 * sorter holds. A sorter takes one unit (records or entries, as its plan says) and, from each
 * partitioner, a last tally; a Water of another kind is refused, never guessed from its length.
 */
public final class SortWaterKind {
    /** Whole 100-byte records. */
    public static final byte RECORDS = 1;
    /** {@link SortEntries}: key and place in the input, 16 bytes each. */
    public static final byte ENTRIES = 2;
    /** A {@link SortTally}: how many records a partitioner sent to each key range. */
    public static final byte TALLY = 3;
    /** A {@link ChunkTicket}: a chunk of a mirrored input dealt to a partitioner that holds a copy. */
    public static final byte TICKET = 4;

    private SortWaterKind() {
    }

    /**
     * A kind's name, for errors.
     *
     * @param kind a Water's kind, any value
     * @return {@code records}, {@code entries}, {@code tally} or {@code chunk ticket}, or for
     *         another kind its number and that it is not TigrisSort's
     */
    public static String name(byte kind) {
        return switch (kind) {
            case RECORDS -> "records";
            case ENTRIES -> "entries";
            case TALLY -> "tally";
            case TICKET -> "chunk ticket";
            default -> "kind " + Byte.toUnsignedInt(kind) + " (not TigrisSort's)";
        };
    }
}
