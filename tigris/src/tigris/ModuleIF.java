/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

/**
 * A Tigris module (the thesis's Figure 12): a unit of computation that a {@link ModuleThread}
 * calls once per input Water. Modules know nothing of the dataflow graph: the thread chooses the
 * upstream reservoir each Water comes from and the downstream end handed to {@link #doOperation}.
 */
public interface ModuleIF extends ModuleLifecycle {
    /**
     * Processes one Water. {@code in} is the Water taken from an upstream reservoir, or null at End
     * of River (every upstream reservoir has ended), or null on every call for a module without
     * upstream reservoirs (a source), which ends by throwing {@link EndOfRiverException}.
     * {@code out} is the downstream end chosen for this call: put zero or more Waters into it,
     * made by {@code out.spring()} or, to pass it on unchanged, {@code in} itself; it is null for
     * a module without downstream reservoirs (a sink).
     *
     * <p>{@code in} belongs to the module for the duration of the call: once the call returns
     * (and it was not put downstream) the thread releases it, and the module must not keep it.
     *
     * @param in the Water to process, the calling thread's for the call; null at End of River and
     *        for a source
     * @param out the downstream end for this call; null for a sink
     * @throws EndOfRiverException to end this module's river: its thread stops calling it and
     *         ends every downstream reservoir
     * @throws InterruptedException if a wait inside {@code out} (a put waiting for credit) gave up
     *         because the thread was stopped or interrupted; the module lets it through
     */
    void doOperation(Water in, ProducerEnd out) throws EndOfRiverException, InterruptedException;
}
