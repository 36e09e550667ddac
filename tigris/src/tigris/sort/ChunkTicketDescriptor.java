/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

/**
 * The bytes of a chunk ticket (a {@link ChunkDealer}'s Water, kind {@link SortWaterKind#TICKET}),
 * little-endian: which stripe of a mirrored input, and which of its records.
 *
 * <pre>
 *  0  u32 magic "TKT1"
 *  4  u32 stripe
 *  8  u64 first record, counted from the stripe's start
 * 16  u32 records
 * 20  u32 chunk number within the stripe
 * </pre>
 */
final class ChunkTicketDescriptor {
    static final int MAGIC = 0x31544B54;   // "TKT1" read little-endian
    static final int MAGIC_OFFSET = 0;
    static final int STRIPE_OFFSET = 4;
    static final int FIRST_OFFSET = 8;
    static final int RECORDS_OFFSET = 16;
    static final int CHUNK_OFFSET = 20;
    static final int BYTES = 24;

    private ChunkTicketDescriptor() {
    }
}
