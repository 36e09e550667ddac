/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.Parameter;
import tigris.ProducerEnd;
import tigris.TextReport;
import tigris.Water;

/**
 * Graduated declustering's dealer (River; Arpaci-Dusseau et al.): deals the chunks of one stripe
 * of a mirrored input as {@link ChunkTicket}s, one per operation, to the partitioners that hold a
 * copy of the stripe. Its thread is a Distributed Queue over them: a ticket goes to a reader with
 * credit, and a reader whose copy delivers slowly holds its credits longer, so it is dealt fewer
 * chunks and its mirrors read the rest. The job then slows by the slow copy's share, not by all
 * of it.
 *
 * <p>Parameters: {@code stripe} (its number), {@code records} (the stripe's records), {@code chunk}
 * (records per ticket, default 20,000: 2 MB).
 */
public final class ChunkDealer implements ModuleIF {
    /** {@code stripe}: the number of the stripe dealt, 0 or more; required. It is written into each ticket. */
    public static final Parameter<Integer> STRIPE = Parameter.intValue("stripe", null).required();
    /** {@code records}: how many records the stripe holds, 0 or more; required. Dealing ends after the last. */
    public static final Parameter<Long> RECORDS = Parameter.longValue("records", null).required();
    /** {@code chunk}: records per ticket, 1 to {@code Integer.MAX_VALUE}; 20,000 (2 MB) by default. The last ticket may hold fewer. */
    public static final Parameter<Long> CHUNK = Parameter.longValue("chunk", 20_000L);

    private String name;
    private int stripe;
    private long records;
    private long chunk;
    /** Written by the dealer's thread, read by report() on others. */
    private volatile long next;
    private volatile int dealt;

    /** Made by the river from its module class name. */
    public ChunkDealer() {
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public void init(ModuleConfig config) {
        name = config.name();
        stripe = STRIPE.from(config);
        records = RECORDS.from(config);
        chunk = CHUNK.from(config);
        if (stripe < 0 || records < 0 || chunk < 1 || chunk > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("module " + name + ": stripe=" + stripe + " records=" + records + " chunk=" + chunk
                            + ": a stripe number and record count at least 0, and 1 to " + Integer.MAX_VALUE + " records per chunk");
        }
    }

    @Override
    public void doOperation(Water in, ProducerEnd out) throws EndOfRiverException, InterruptedException {
        if (next == records) {
            throw new EndOfRiverException();
        }
        int n = (int) Math.min(chunk, records - next);
        Water w = out.spring().createWater(ChunkTicketDescriptor.BYTES);
        new ChunkTicket(stripe, next, n, dealt).writeTo(w);
        out.put(w);
        next += n;
        dealt++;
    }

    @Override
    public void destroy() {
        // holds nothing: each ticket is put as soon as it is made
    }

    @Override
    public TextReport report() {
        return new TextReport("stripe " + stripe + ": dealt " + dealt + " chunk(s), records " + next + " of " + records);
    }
}
