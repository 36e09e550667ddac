/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.river;

import java.io.Serializable;
import java.util.Map;

import tigris.graph.ThreadPolicy;

/**
 * One module instance of a river as its site is told to make it.
 *
 * @param instance its instance name ("sort#3")
 * @param className its module class
 * @param jar the pushed jar the class is in; null: one of Tigris's own modules
 * @param index which instance it is
 * @param instances how many instances the module has
 * @param scheduling how its thread is scheduled
 * @param home the node it was placed on first, when a river job moved it to another after that
 *        node was lost (its {@code {node}} in paths); null: the node it runs on
 * @param timeCritical how it runs as a Reflex task if it is time-critical; null: on a thread of its own
 */
public record ModulePlan(String instance, String className, String jar, Map<String, String> parameters, int index, int instances,
                ThreadPolicy policy, tigris.Scheduling scheduling, String home, tigris.graph.TimeCritical timeCritical) implements Serializable {
    public ModulePlan {
        if (instance == null || instance.isBlank() || className == null || className.isBlank()) {
            throw new IllegalArgumentException("a module needs an instance name and a class");
        }
        if (instances < 1 || index < 0 || index >= instances) {
            throw new IllegalArgumentException("module " + instance + ": instance " + index + " of " + instances);
        }
        parameters = Map.copyOf(parameters);
        java.util.Objects.requireNonNull(policy, "policy");
        java.util.Objects.requireNonNull(scheduling, "scheduling");
    }

    /** An instance that runs on its home node. */
    public ModulePlan(String instance, String className, String jar, Map<String, String> parameters, int index, int instances, ThreadPolicy policy) {
        this(instance, className, jar, parameters, index, instances, policy, tigris.Scheduling.NORMAL, null, null);
    }

    /** The instance names of a module: "m" alone, "m#0".. with several instances. */
    public static String instanceName(String module, int index, int instances) {
        return instances == 1 ? module : module + "#" + index;
    }
}
