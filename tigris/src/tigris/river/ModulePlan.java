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
 * @param parameters its parameters, key to text; copied
 * @param index which instance it is, from 0 below {@code instances}
 * @param instances how many instances the module has, at least 1
 * @param policy how its thread hands it downstream ends; it must fit the class ({@link ThreadPolicy#mismatch})
 * @param scheduling how its thread is scheduled
 * @param home the node it was placed on first, when a river job moved it to another after that
 *        node was lost (its {@code {node}} in paths); null: the node it runs on
 * @param timeCritical how it runs as a Reflex task if it is time-critical; null: on a thread of its own
 */
public record ModulePlan(String instance, String className, String jar, Map<String, String> parameters, int index, int instances,
                ThreadPolicy policy, tigris.Scheduling scheduling, String home, tigris.graph.TimeCritical timeCritical) implements Serializable {
    /**
     * Checks the components, when built and when deserialized.
     *
     * @throws IllegalArgumentException if {@code instance} or {@code className} is null or blank,
     *         or {@code index} is not from 0 below {@code instances}, or {@code instances} is below 1
     * @throws NullPointerException if {@code parameters} (or a key or value in it), {@code policy}
     *         or {@code scheduling} is null
     */
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

    /**
     * An instance that runs on its home node, on a thread of its own at normal priority.
     *
     * @param instance its instance name ("sort#3")
     * @param className its module class
     * @param jar the pushed jar the class is in; null: one of Tigris's own modules
     * @param parameters its parameters, key to text; copied
     * @param index which instance it is, from 0 below {@code instances}
     * @param instances how many instances the module has, at least 1
     * @param policy how its thread hands it downstream ends
     * @throws IllegalArgumentException as the canonical constructor
     */
    public ModulePlan(String instance, String className, String jar, Map<String, String> parameters, int index, int instances, ThreadPolicy policy) {
        this(instance, className, jar, parameters, index, instances, policy, tigris.Scheduling.NORMAL, null, null);
    }

    /**
     * The name of one instance of a module: "m" alone, "m#0".. with several instances.
     *
     * @param module the module's name in the graph
     * @param index which instance, from 0 below {@code instances}
     * @param instances how many instances the module has
     * @return {@code module} itself if it has one instance, else {@code module#index}
     */
    public static String instanceName(String module, int index, int instances) {
        return instances == 1 ? module : module + "#" + index;
    }
}
