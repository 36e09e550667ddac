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
 * River's Distributed Queue (the thesis's RandomModuleThread): a downstream reservoir chosen at
 * random; if it has no credit another is tried, and if none has credit the thread waits for one.
 * A slow consumer holds its credits longer and so is chosen less often.
 */
public final class RandomModuleThread extends RandomizedModuleThread {
    /**
     * A thread that will run {@code module}, choosing among its downstream reservoirs as above.
     *
     * @param module the module to run; not null
     * @param config the module's instance name and parameters; not null
     * @param random the source of the draws, used only by this thread; null for an unseeded one
     * @throws NullPointerException if {@code module} or {@code config} is null
     */
    public RandomModuleThread(ModuleIF module, ModuleConfig config, SplittableRandom random) {
        super(module, config, random);
    }

    @Override
    protected ProducerEnd selectDownstream() throws InterruptedException {
        List<ProducerEnd> d = downstream();
        int n = d.size();
        while (true) {
            // A uniform choice among the reservoirs that have credit: count them, draw one.
            int withCredit = 0;
            for (int i = 0; i < n; i++) {
                if (d.get(i).credits() > 0) {
                    withCredit++;
                }
            }
            if (withCredit > 0) {
                int pick = random.nextInt(withCredit);
                for (int i = 0; i < n; i++) {
                    ProducerEnd r = d.get(i);
                    // Credits only grow between the passes (only this thread takes them).
                    if (r.credits() > 0 && pick-- == 0) {
                        return r;
                    }
                }
            }
            awaitCredit();
        }
    }
}
