/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.dq;

import java.util.List;

import tigris.ChoosingModuleThread;
import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ProducerEnd;

/**
 * The thesis's RRModuleThread: downstream reservoirs in turn, one per doOperation, whatever their
 * credit (a put waits for the chosen reservoir's consumer). Balances nothing; the baseline.
 */
public final class RoundRobinModuleThread extends ChoosingModuleThread {
    private int next;

    /**
     * A thread that will run {@code module}, starting with its first downstream reservoir.
     *
     * @param module the module to run; not null
     * @param config the module's instance name and parameters; not null
     * @throws NullPointerException if {@code module} or {@code config} is null
     */
    public RoundRobinModuleThread(ModuleIF module, ModuleConfig config) {
        super(module, config);
    }

    @Override
    protected ProducerEnd selectDownstream() {
        List<ProducerEnd> d = downstream();
        ProducerEnd r = d.get(next);
        next = next + 1 == d.size() ? 0 : next + 1;
        return r;
    }
}
