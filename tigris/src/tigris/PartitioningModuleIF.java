/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.util.List;

/**
 * A module that chooses where each Water goes because the data decides (the thesis's
 * PartitionModuleThread): a partitioner sends the records of key range i to sorter i. Its thread
 * runs with policy {@code PARTITIONED} and hands it every downstream end.
 */
public interface PartitioningModuleIF extends ModuleLifecycle {
    /**
     * Processes one Water, as {@link ModuleIF#doOperation} does, with every downstream end:
     * {@code outs.get(i)} leads to instance i of the consumer module (for a graph connection to
     * one consumer module). Waters for end i are made by {@code outs.get(i).spring()}.
     *
     * @param in the Water to process, the calling thread's for the call; null at End of River and
     *        for a source
     * @param outs every downstream end, in the consumer's instance order; not to be changed
     * @throws EndOfRiverException to end this module's river
     * @throws InterruptedException if a wait inside an end (a put waiting for credit) gave up
     *         because the thread was stopped or interrupted; the module lets it through
     */
    void doOperation(Water in, List<ProducerEnd> outs) throws EndOfRiverException, InterruptedException;
}
