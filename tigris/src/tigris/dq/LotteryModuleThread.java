/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.dq;

import java.util.List;
import java.util.SplittableRandom;

import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ProducerEnd;

/**
 * The thesis's LotteryModuleThread: a downstream reservoir drawn with probability proportional to
 * its credits, c_R / C. A consumer that keeps up holds more credits and so wins more Waters, which
 * moves bandwidth to where the computation is fastest. With no credits anywhere it waits.
 */
public final class LotteryModuleThread extends RandomizedModuleThread {
    /**
     * A thread that will run {@code module}, choosing among its downstream reservoirs as above.
     *
     * @param module the module to run; not null
     * @param config the module's instance name and parameters; not null
     * @param random the source of the draws, used only by this thread; null for an unseeded one
     * @throws NullPointerException if {@code module} or {@code config} is null
     */
    public LotteryModuleThread(ModuleIF module, ModuleConfig config, SplittableRandom random) {
        super(module, config, random);
    }

    @Override
    protected ProducerEnd selectDownstream() throws InterruptedException {
        List<ProducerEnd> d = downstream();
        int n = d.size();
        while (true) {
            int total = 0;
            for (int i = 0; i < n; i++) {
                total += d.get(i).credits();
            }
            if (total > 0) {
                int ticket = random.nextInt(total);
                // Credits can only grow between the two passes (only this thread takes them), so
                // the ticket always falls in some reservoir's range.
                for (int i = 0; i < n; i++) {
                    ProducerEnd r = d.get(i);
                    ticket -= r.credits();
                    if (ticket < 0) {
                        return r;
                    }
                }
                return d.get(n - 1);
            }
            awaitCredit();
        }
    }
}
