/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

import java.util.LinkedHashMap;
import java.util.Map;

import tigris.ModuleLifecycle;

/**
 * A module in a {@link RiverGraph}: its class, how many instances run (a Distributed Queue
 * spreads each upstream's Waters over them), its thread policy, parameters and ports.
 */
public final class ModuleSpec {
    private final RiverGraph graph;
    private final String name;
    private final Class<? extends ModuleLifecycle> moduleClass;
    private final Map<String, Port> ports = new LinkedHashMap<>();
    private final Map<String, String> parameters = new LinkedHashMap<>();
    private int instances = 1;
    private ThreadPolicy policy = ThreadPolicy.LOTTERY;
    private tigris.Scheduling scheduling = tigris.Scheduling.NORMAL;
    /** Null: it runs on a ModuleThread of its own. */
    private TimeCritical timeCritical;

    ModuleSpec(RiverGraph graph, String name, Class<? extends ModuleLifecycle> moduleClass) {
        this.graph = graph;
        this.name = name;
        this.moduleClass = moduleClass;
    }

    public String name() {
        return name;
    }

    public Class<? extends ModuleLifecycle> moduleClass() {
        return moduleClass;
    }

    public int instances() {
        return instances;
    }

    public ThreadPolicy policy() {
        return policy;
    }

    /** How its threads are scheduled. */
    public tigris.Scheduling scheduling() {
        return scheduling;
    }

    /** How it runs as a Reflex task, or null if it runs on a thread of its own. */
    public TimeCritical timeCritical() {
        return timeCritical;
    }

    public Map<String, String> parameters() {
        return Map.copyOf(parameters);
    }

    public Map<String, Port> ports() {
        return Map.copyOf(ports);
    }

    /** Declares an input port. */
    public ModuleSpec input(String port, Class<?> type) {
        return port(port, type, true);
    }

    /** Declares an output port. */
    public ModuleSpec output(String port, Class<?> type) {
        return port(port, type, false);
    }

    private ModuleSpec port(String port, Class<?> type, boolean input) {
        graph.checkOpen();
        RiverGraph.checkName("port of module " + name, port);
        if (type == null) {
            throw new IllegalArgumentException("port " + name + "." + port + " has no type");
        }
        if (ports.putIfAbsent(port, new Port(name, port, type, input)) != null) {
            throw new IllegalArgumentException("module " + name + " already has a port named " + port);
        }
        return this;
    }

    public ModuleSpec instances(int n) {
        graph.checkOpen();
        if (n < 1) {
            throw new IllegalArgumentException("module " + name + ": instances must be at least 1, got " + n);
        }
        instances = n;
        return this;
    }

    public ModuleSpec policy(ThreadPolicy p) {
        graph.checkOpen();
        policy = java.util.Objects.requireNonNull(p, "policy");
        return this;
    }

    public ModuleSpec scheduling(tigris.Scheduling s) {
        graph.checkOpen();
        scheduling = java.util.Objects.requireNonNull(s, "scheduling");
        return this;
    }

    /**
     * Marks the module time-critical: it runs as a Reflex task ({@code jaguar.reflex}) that never
     * waits on a reservoir, as {@code spec} says, instead of on a thread of its own. Checked by
     * {@link RiverGraph#validate()}: one instance, a {@link tigris.ModuleIF}, at most one
     * downstream reservoir, no scheduling hint, and a period if it has no upstream.
     */
    public ModuleSpec timeCritical(TimeCritical spec) {
        graph.checkOpen();
        timeCritical = java.util.Objects.requireNonNull(spec, "time-critical spec");
        return this;
    }

    public ModuleSpec parameter(String key, String value) {
        graph.checkOpen();
        parameters.put(key, value);
        return this;
    }

    /** Adds every parameter of {@code values} (a module's typed parameters as text: {@code toMap()}). */
    public ModuleSpec parameters(Map<String, String> values) {
        graph.checkOpen();
        parameters.putAll(values);
        return this;
    }
}
