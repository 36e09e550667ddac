/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ModuleLifecycle;
import tigris.ModuleThread;
import tigris.PartitioningModuleIF;
import tigris.dq.LotteryModuleThread;
import tigris.dq.PartitionModuleThread;
import tigris.dq.RandomModuleThread;
import tigris.dq.RoundRobinModuleThread;

/** How a module's thread hands it downstream reservoirs (doc/tigris.md). */
public enum ThreadPolicy {
    /** One downstream end per operation, each in turn. */
    ROUND_ROBIN,
    /** One downstream end per operation, drawn among those with credit. */
    RANDOM,
    /** One downstream end per operation, drawn in proportion to credit. */
    LOTTERY,
    /** The module chooses: a {@link PartitioningModuleIF} gets every downstream end. */
    PARTITIONED;

    /**
     * Why a module of class {@code moduleClass} cannot run under this policy, or null if it can:
     * the one rule that the graph's validation and every place that makes threads apply.
     *
     * @param module the module's name, for the message
     * @param moduleClass the module's class
     * @return why not, naming the policy to use instead, or null
     */
    public String mismatch(String module, Class<?> moduleClass) {
        boolean partitioning = PartitioningModuleIF.class.isAssignableFrom(moduleClass);
        if (this == PARTITIONED && !partitioning) {
            return "module " + module + " (" + moduleClass.getName() + ") is handed one downstream reservoir per operation: run it with policy "
                            + "ROUND_ROBIN, RANDOM or LOTTERY, not PARTITIONED (or implement tigris.PartitioningModuleIF)";
        }
        if (this != PARTITIONED && partitioning) {
            return "module " + module + " (" + moduleClass.getName() + ") chooses its own downstream reservoir: run it with policy PARTITIONED, not "
                            + this;
        }
        if (!partitioning && !ModuleIF.class.isAssignableFrom(moduleClass)) {
            return "module " + module + ": " + moduleClass.getName() + " does not implement tigris.ModuleIF or tigris.PartitioningModuleIF";
        }
        return null;
    }

    /**
     * The thread that runs {@code module} under this policy (not started; unseeded draws).
     *
     * @param module the module, not yet initialised
     * @param config the instance's configuration
     * @return the thread, with no reservoirs yet
     *
     * @throws IllegalArgumentException saying why, if the module cannot run under this policy
     */
    public ModuleThread newThread(ModuleLifecycle module, ModuleConfig config) {
        String wrong = mismatch(config.name(), module.getClass());
        if (wrong != null) {
            throw new IllegalArgumentException(wrong);
        }
        return switch (this) {
            case ROUND_ROBIN -> new RoundRobinModuleThread((ModuleIF) module, config);
            case RANDOM -> new RandomModuleThread((ModuleIF) module, config, null);
            case LOTTERY -> new LotteryModuleThread((ModuleIF) module, config, null);
            case PARTITIONED -> new PartitionModuleThread((PartitioningModuleIF) module, config);
        };
    }
}
