/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import tigris.events.DqChoiceEvent;

/**
 * A ModuleThread that hands its {@link ModuleIF} one downstream end per doOperation, chosen by the
 * subclass's policy (round-robin, random, lottery: {@code tigris.dq}), or null if it has none (a
 * sink).
 */
public abstract class ChoosingModuleThread extends ModuleThread {
    private final ModuleIF module;

    /**
     * Makes the thread of one module instance, not yet started and with no reservoirs.
     *
     * @param module the module it runs, which gets one downstream end per call
     * @param config the instance's name, node and parameters
     * @throws NullPointerException if either is null
     */
    protected ChoosingModuleThread(ModuleIF module, ModuleConfig config) {
        super(module, config);
        this.module = module;
    }

    /**
     * The downstream end for the next doOperation, chosen among {@link #downstream()} (never
     * empty here); may wait for credit.
     *
     * @return one of {@link #downstream()}
     * @throws InterruptedException if a wait for credit gave up because the thread was stopped
     *         or interrupted
     */
    protected abstract ProducerEnd selectDownstream() throws InterruptedException;

    @Override
    protected final void doOperation(Water in) throws EndOfRiverException, InterruptedException {
        if (downstream().isEmpty()) {
            module.doOperation(in, null);
            return;
        }
        DqChoiceEvent choice = new DqChoiceEvent();
        choice.begin();
        ProducerEnd out = selectDownstream();
        if (choice.shouldCommit()) {
            choice.module = name();
            choice.policy = getClass().getSimpleName();
            choice.chosen = out.name();
            choice.credits = out.credits();
            choice.candidates = downstream().size();
            choice.commit();
        }
        module.doOperation(in, out);
    }
}
