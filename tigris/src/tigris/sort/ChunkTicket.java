/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.nio.ByteOrder;

import jaguar.ext.ExternalBuffer;
import tigris.Water;

/**
 * What a {@link ChunkDealer} deals: records {@code first .. first+records-1} of stripe
 * {@code stripe} of a mirrored input, the {@code chunk}-th of that stripe. Layout:
 * {@link ChunkTicketDescriptor}.
 */
record ChunkTicket(int stripe, long first, int records, int chunk) {
    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

    void writeTo(Water w) {
        ExternalBuffer b = w.buffer();
        b.putInt(ChunkTicketDescriptor.MAGIC_OFFSET, ChunkTicketDescriptor.MAGIC, ORDER);
        b.putInt(ChunkTicketDescriptor.STRIPE_OFFSET, stripe, ORDER);
        b.putLong(ChunkTicketDescriptor.FIRST_OFFSET, first, ORDER);
        b.putInt(ChunkTicketDescriptor.RECORDS_OFFSET, records, ORDER);
        b.putInt(ChunkTicketDescriptor.CHUNK_OFFSET, chunk, ORDER);
        w.setLength(ChunkTicketDescriptor.BYTES);
        w.setKind(SortWaterKind.TICKET);
    }

    /**
     * The ticket in {@code w}.
     *
     * @throws IllegalArgumentException if {@code w} is not a ticket (its kind, length or magic)
     */
    static ChunkTicket of(Water w) {
        if (w.kind() != SortWaterKind.TICKET || w.length() != ChunkTicketDescriptor.BYTES
                        || w.buffer().getInt(ChunkTicketDescriptor.MAGIC_OFFSET, ORDER) != ChunkTicketDescriptor.MAGIC) {
            throw new IllegalArgumentException("a Water of " + SortWaterKind.name(w.kind()) + ", " + w.length()
                            + " bytes, where a chunk ticket was expected");
        }
        ExternalBuffer b = w.buffer();
        ChunkTicket t = new ChunkTicket(b.getInt(ChunkTicketDescriptor.STRIPE_OFFSET, ORDER), b.getLong(ChunkTicketDescriptor.FIRST_OFFSET, ORDER),
                        b.getInt(ChunkTicketDescriptor.RECORDS_OFFSET, ORDER), b.getInt(ChunkTicketDescriptor.CHUNK_OFFSET, ORDER));
        if (t.stripe < 0 || t.first < 0 || t.records <= 0 || t.chunk < 0) {
            throw new IllegalArgumentException("a chunk ticket out of range: " + t);
        }
        return t;
    }
}
