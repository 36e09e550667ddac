package tigris.dq;

import java.util.SplittableRandom;

import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ModuleThread;

/** A Distributed Queue whose choice is drawn at random; a seeded source makes runs reproducible. */
abstract sealed class RandomizedModuleThread extends ModuleThread permits RandomModuleThread, LotteryModuleThread {
    /** This thread's own source: only the module's thread draws from it. */
    protected final SplittableRandom random;

    RandomizedModuleThread(ModuleIF module, ModuleConfig config, SplittableRandom random) {
        super(module, config);
        this.random = random == null ? new SplittableRandom() : random;
    }
}
