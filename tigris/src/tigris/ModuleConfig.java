/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.nio.file.Path;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * What a module is told at {@link ModuleIF#init}: its instance name, which of how many instances
 * of it this is, its parameters (text, as they arrive from a river file or the control agent;
 * modules read them through typed {@link Parameter}s), the name of the node it runs on (empty
 * outside a node), so that instances on different nodes of one host can, say, name different files,
 * and where it writes its output files until the river commits ({@link #stage}).
 */
public record ModuleConfig(String name, int instance, int instances, Map<String, String> parameters, String node, String home, OutputStage outputs) {
    public ModuleConfig {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("module name is empty");
        }
        if (instances < 1 || instance < 0 || instance >= instances) {
            throw new IllegalArgumentException("module " + name + ": instance " + instance + " of " + instances);
        }
        parameters = Map.copyOf(parameters);
        node = node == null ? "" : node;
        home = home == null || home.isEmpty() ? node : home;
        outputs = outputs == null ? OutputStage.DIRECT : outputs;
    }

    /** A module on {@code node}, its home, that writes its outputs in place. */
    public ModuleConfig(String name, int instance, int instances, Map<String, String> parameters, String node) {
        this(name, instance, instances, parameters, node, node, OutputStage.DIRECT);
    }

    /** Whether this instance runs away from its home: a river job moved it when its home node was lost. */
    public boolean moved() {
        return !home.equals(node);
    }

    /** A module outside any node. */
    public ModuleConfig(String name, int instance, int instances, Map<String, String> parameters) {
        this(name, instance, instances, parameters, "");
    }

    /**
     * The path to write output file {@code output} under: on a node, a name of this river
     * attempt's own that the agent renames into place when the job commits; elsewhere the path
     * itself. A sink writes every output file through it, so a node that was given up writes into
     * no output (doc/tigris-operations.md, "Fencing: leases, epochs and commits").
     */
    public Path stage(Path output) throws java.io.IOException {
        return outputs.stage(output);
    }

    /** As {@link #stage}, keeping what an earlier attempt of the river wrote into the file on this node ({@link OutputStage#stageKeeping}). */
    public Path stageKeeping(Path output) throws java.io.IOException {
        return outputs.stageKeeping(output);
    }

    /**
     * The parameter {@code key} as a path; {@code {node}} in it becomes the node's name (files on a
     * host shared by several nodes): {@link #home()}'s, so an instance a river job moved after its
     * node was lost names its files as that node did, and a sink rebuilds the lost node's part
     * under the lost node's name, never over the part of the node it now runs on.
     */
    public Path path(String key) {
        String v = get(key);
        if (v.contains("{node}") && node().isEmpty()) {
            throw new IllegalArgumentException("module " + name + ": parameter " + key + "='" + v + "' names {node}, but it runs on no node");
        }
        return onNode(v, home);
    }

    /**
     * The path of this instance's input, for a {@link Replayable} source: parameter {@code key} on
     * its home node, or, once a river job has moved it to the holder of its home's mirror,
     * parameter {@code mirrorKey} there ({@code {node}} in it names whose input it copies).
     */
    public Path inputPath(String key, String mirrorKey) {
        return path(moved() ? mirrorKey : key);
    }

    /** {@code path} with every {@code {node}} replaced by {@code node}: the one rule for paths on nodes that share a host. */
    public static Path onNode(String path, String node) {
        return Path.of(path.replace("{node}", node));
    }

    /** A single-instance configuration. */
    public static ModuleConfig of(String name, Map<String, String> parameters) {
        return new ModuleConfig(name, 0, 1, parameters);
    }

    /** The parameter {@code key}; NoSuchElementException naming the module and key if absent. */
    public String get(String key) {
        String v = parameters.get(key);
        if (v == null) {
            throw new NoSuchElementException("module " + name + " has no parameter '" + key + "' (has " + parameters.keySet() + ")");
        }
        return v;
    }

    public String get(String key, String defaultValue) {
        return parameters.getOrDefault(key, defaultValue);
    }

    /** The parameter {@code key} as a long; IllegalArgumentException naming it if not a number. */
    public long getLong(String key, long defaultValue) {
        String v = parameters.get(key);
        if (v == null) {
            return defaultValue;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("module " + name + ": parameter " + key + "='" + v + "' is not an integer");
        }
    }
}
