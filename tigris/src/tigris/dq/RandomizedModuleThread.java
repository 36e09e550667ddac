/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.dq;

import java.util.SplittableRandom;

import tigris.ChoosingModuleThread;
import tigris.ModuleConfig;
import tigris.ModuleIF;

/** A Distributed Queue whose choice is drawn at random; a seeded source makes runs reproducible. */
abstract sealed class RandomizedModuleThread extends ChoosingModuleThread permits RandomModuleThread, LotteryModuleThread {
    /** This thread's own source: only the module's thread draws from it. */
    protected final SplittableRandom random;

    RandomizedModuleThread(ModuleIF module, ModuleConfig config, SplittableRandom random) {
        super(module, config);
        this.random = random == null ? new SplittableRandom() : random;
    }
}
