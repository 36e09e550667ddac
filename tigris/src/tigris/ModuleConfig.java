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
 *
 * @param name the instance's name ({@code "sort#3"}, or the module's name for a single instance):
 *        neither null nor blank; it names the module thread and every error about the module
 * @param instance which instance this is, from 0 below {@code instances}: a partitioner's
 *        {@code outs.get(i)} leads to instance i of its consumer
 * @param instances how many instances of the module the river runs, at least 1
 * @param parameters the module's parameters, key to text; copied, and neither keys nor values may
 *        be null
 * @param node the name of the node this instance runs on; empty (never null) outside a node
 * @param home the node this instance was placed on first, whose files it reads and writes
 *        ({@code {node}} in a path); the same as {@code node} unless a river job moved it after
 *        that node was lost; null or empty means {@code node}
 * @param outputs where its output files are written until the river commits; null means
 *        {@link OutputStage#DIRECT}, in place
 */
public record ModuleConfig(String name, int instance, int instances, Map<String, String> parameters, String node, String home, OutputStage outputs) {
    /**
     * Makes a configuration, filling in what null means.
     *
     * @throws IllegalArgumentException if {@code name} is null or blank, or {@code instance} is
     *         not from 0 below {@code instances}, or {@code instances} is below 1
     * @throws NullPointerException if {@code parameters}, or a key or value in it, is null
     */
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

    /**
     * A module on {@code node}, its home, that writes its outputs in place.
     *
     * @param name the instance's name, neither null nor blank
     * @param instance which instance this is, from 0 below {@code instances}
     * @param instances how many instances of the module the river runs, at least 1
     * @param parameters the module's parameters, key to text; copied
     * @param node the node it runs on; null or empty outside a node
     * @throws IllegalArgumentException as the canonical constructor
     */
    public ModuleConfig(String name, int instance, int instances, Map<String, String> parameters, String node) {
        this(name, instance, instances, parameters, node, node, OutputStage.DIRECT);
    }

    /** {@return whether this instance runs away from its home: a river job moved it when its home node was lost} */
    public boolean moved() {
        return !home.equals(node);
    }

    /**
     * A module outside any node, that writes its outputs in place.
     *
     * @param name the instance's name, neither null nor blank
     * @param instance which instance this is, from 0 below {@code instances}
     * @param instances how many instances of the module the river runs, at least 1
     * @param parameters the module's parameters, key to text; copied
     * @throws IllegalArgumentException as the canonical constructor
     */
    public ModuleConfig(String name, int instance, int instances, Map<String, String> parameters) {
        this(name, instance, instances, parameters, "");
    }

    /**
     * The path to write output file {@code output} under: on a node, a name of this river
     * attempt's own that the agent renames into place when the job commits; elsewhere the path
     * itself. A sink writes every output file through it, so a node that was given up writes into
     * no output (doc/tigris-operations.md, "Fencing: leases, epochs and commits").
     *
     * @param output the output file's final path
     * @return where to write it now; any file an earlier attempt staged there on this node is gone
     * @throws java.io.IOException if the node cannot stage it (a later attempt of the river
     *         staged it, or this attempt was fenced), naming the file and why
     */
    public Path stage(Path output) throws java.io.IOException {
        return outputs.stage(output);
    }

    /**
     * As {@link #stage}, keeping what an earlier attempt of the river wrote into the file on this
     * node ({@link OutputStage#stageKeeping}).
     *
     * @param output the output file's final path
     * @return where to write it now, with the earlier attempt's bytes in it if there were any
     * @throws java.io.IOException as {@link #stage}
     */
    public Path stageKeeping(Path output) throws java.io.IOException {
        return outputs.stageKeeping(output);
    }

    /**
     * The parameter {@code key} as a path; {@code {node}} in it becomes the node's name (files on a
     * host shared by several nodes): {@link #home()}'s, so an instance a river job moved after its
     * node was lost names its files as that node did, and a sink rebuilds the lost node's part
     * under the lost node's name, never over the part of the node it now runs on.
     *
     * @param key the parameter's name
     * @return the path, {@code {node}} replaced
     * @throws NoSuchElementException if the module has no parameter {@code key}
     * @throws IllegalArgumentException if the value names {@code {node}} and the module runs on no
     *         node
     * @throws java.nio.file.InvalidPathException if the value is not a path
     */
    public Path path(String key) {
        return Path.of(onHome(key, get(key)));
    }

    /**
     * Parameter {@code key}'s text {@code value} with every {@code {node}} replaced by
     * {@link #home()}: the one place a parameter's {@code {node}} is read ({@link #path},
     * {@link Parameter#from}), so a module reads the same name whichever way it asks.
     *
     * @throws IllegalArgumentException if the value names {@code {node}} and the module runs on no node
     */
    String onHome(String key, String value) {
        if (!value.contains("{node}")) {
            return value;
        }
        if (node.isEmpty()) {
            throw new IllegalArgumentException("module " + name + ": parameter " + key + "='" + value + "' names {node}, but it runs on no node");
        }
        return value.replace("{node}", home);
    }

    /**
     * The path of this instance's input, for a {@link Replayable} source: parameter {@code key} on
     * its home node, or, once a river job has moved it to the holder of its home's mirror,
     * parameter {@code mirrorKey} there ({@code {node}} in it names whose input it copies).
     *
     * @param key the parameter naming the input on the home node
     * @param mirrorKey the parameter naming the mirror of that input on the next node
     * @return the path, read as {@link #path} reads it
     * @throws NoSuchElementException if the parameter used is absent
     * @throws IllegalArgumentException as {@link #path}
     */
    public Path inputPath(String key, String mirrorKey) {
        return path(moved() ? mirrorKey : key);
    }

    /**
     * {@code path} with every {@code {node}} replaced by {@code node}: the one rule for paths on nodes that share a host.
     *
     * @param path a path parameter's text
     * @param node a node's name (empty: {@code {node}} just disappears)
     * @return the path
     * @throws java.nio.file.InvalidPathException if the result is not a path
     */
    public static Path onNode(String path, String node) {
        return Path.of(path.replace("{node}", node));
    }

    /**
     * A single-instance configuration outside any node, writing its outputs in place.
     *
     * @param name the module's name, neither null nor blank
     * @param parameters the module's parameters, key to text; copied
     * @return the configuration, instance 0 of 1
     * @throws IllegalArgumentException if {@code name} is null or blank
     */
    public static ModuleConfig of(String name, Map<String, String> parameters) {
        return new ModuleConfig(name, 0, 1, parameters);
    }

    /**
     * The parameter {@code key}, as text.
     *
     * @param key the parameter's name
     * @return its value, as given
     * @throws NoSuchElementException if absent, naming the module, the key and the keys it has
     */
    public String get(String key) {
        String v = parameters.get(key);
        if (v == null) {
            throw new NoSuchElementException("module " + name + " has no parameter '" + key + "' (has " + parameters.keySet() + ")");
        }
        return v;
    }

    /**
     * The parameter {@code key}, as text, or {@code defaultValue} if it is absent.
     *
     * @param key the parameter's name
     * @param defaultValue what an absent parameter reads as; may be null
     * @return its value, as given, or {@code defaultValue}
     */
    public String get(String key, String defaultValue) {
        return parameters.getOrDefault(key, defaultValue);
    }

    /**
     * The parameter {@code key} as a long (surrounding blanks ignored), or {@code defaultValue} if it is absent.
     *
     * @param key the parameter's name
     * @param defaultValue what an absent parameter reads as
     * @return its value
     * @throws IllegalArgumentException if it is not a decimal integer in a long's range, naming
     *         the module, the key and the value
     */
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
