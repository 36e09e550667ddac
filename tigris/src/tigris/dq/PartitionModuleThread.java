/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.dq;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleThread;
import tigris.PartitioningModuleIF;
import tigris.Water;

/**
 * The thesis's PartitionModuleThread: balances nothing, because the data decides. Each
 * doOperation gets every downstream end, in the consumer's instance order, and the module puts
 * each Water into the one its contents belong to.
 */
public final class PartitionModuleThread extends ModuleThread {
    private final PartitioningModuleIF module;

    /**
     * A thread that will run {@code module}, handing it all its downstream ends at each doOperation.
     *
     * @param module the module to run, which chooses the downstream end of each Water itself; not null
     * @param config the module's instance name and parameters; not null
     * @throws NullPointerException if {@code module} or {@code config} is null
     */
    public PartitionModuleThread(PartitioningModuleIF module, ModuleConfig config) {
        super(module, config);
        this.module = module;
    }

    @Override
    protected void doOperation(Water in) throws EndOfRiverException, InterruptedException {
        module.doOperation(in, downstream());
    }
}
