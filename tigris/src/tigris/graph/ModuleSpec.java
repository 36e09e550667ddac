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

    /** {@return the module's name, unique in its graph: without '.' or spaces} */
    public String name() {
        return name;
    }

    /** {@return the module's class, of which each instance is made by its public no-argument constructor} */
    public Class<? extends ModuleLifecycle> moduleClass() {
        return moduleClass;
    }

    /** {@return how many instances of the module run, at least 1 (1 unless set)} */
    public int instances() {
        return instances;
    }

    /** {@return how each instance's thread hands the module its downstream ends ({@link ThreadPolicy#LOTTERY} unless set)} */
    public ThreadPolicy policy() {
        return policy;
    }

    /** {@return how its threads are scheduled ({@link tigris.Scheduling#NORMAL} unless set)} */
    public tigris.Scheduling scheduling() {
        return scheduling;
    }

    /** {@return how it runs as a Reflex task, or null if it runs on a thread of its own} */
    public TimeCritical timeCritical() {
        return timeCritical;
    }

    /** {@return the parameters every instance is given, key to text; a copy} */
    public Map<String, String> parameters() {
        return Map.copyOf(parameters);
    }

    /** {@return the ports declared, by name; a copy} */
    public Map<String, Port> ports() {
        return Map.copyOf(ports);
    }

    /**
     * Declares an input port.
     *
     * @param port the port's name, unique in the module: non-empty, without '.' or spaces
     * @param type the class of what its Waters may carry (a PSO class, or {@code Water.class} for
     *        any bytes); an output connected to it must carry this class or a subclass
     * @return this spec, to declare more
     * @throws IllegalArgumentException if the name is bad or taken, or {@code type} is null
     * @throws IllegalStateException if the graph was validated (it is frozen)
     */
    public ModuleSpec input(String port, Class<?> type) {
        return port(port, type, true);
    }

    /**
     * Declares an output port; a module has at most one ({@link RiverGraph#validate()} refuses more).
     *
     * @param port the port's name, unique in the module: non-empty, without '.' or spaces
     * @param type the class of what its Waters carry (a PSO class, or {@code Water.class})
     * @return this spec, to declare more
     * @throws IllegalArgumentException if the name is bad or taken, or {@code type} is null
     * @throws IllegalStateException if the graph was validated (it is frozen)
     */
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

    /**
     * Sets how many instances of the module run; an output connected to a module of several is a
     * Distributed Queue over them.
     *
     * @param n the number of instances, at least 1
     * @return this spec
     * @throws IllegalArgumentException if {@code n} is below 1
     * @throws IllegalStateException if the graph was validated (it is frozen)
     */
    public ModuleSpec instances(int n) {
        graph.checkOpen();
        if (n < 1) {
            throw new IllegalArgumentException("module " + name + ": instances must be at least 1, got " + n);
        }
        instances = n;
        return this;
    }

    /**
     * Sets how each instance's thread hands the module its downstream ends; it must fit the
     * module's class ({@link ThreadPolicy#mismatch}, checked by {@link RiverGraph#validate()}).
     *
     * @param p the policy
     * @return this spec
     * @throws NullPointerException if {@code p} is null
     * @throws IllegalStateException if the graph was validated (it is frozen)
     */
    public ModuleSpec policy(ThreadPolicy p) {
        graph.checkOpen();
        policy = java.util.Objects.requireNonNull(p, "policy");
        return this;
    }

    /**
     * Sets how the module's threads are scheduled (a pipeline's {@code @realtime} or
     * {@code @background}); a time-critical module may have none but {@link tigris.Scheduling#NORMAL}.
     *
     * @param s the scheduling class
     * @return this spec
     * @throws NullPointerException if {@code s} is null
     * @throws IllegalStateException if the graph was validated (it is frozen)
     */
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
     *
     * @param spec when it runs and what it does on overrun
     * @return this spec
     * @throws NullPointerException if {@code spec} is null
     * @throws IllegalStateException if the graph was validated (it is frozen)
     */
    public ModuleSpec timeCritical(TimeCritical spec) {
        graph.checkOpen();
        timeCritical = java.util.Objects.requireNonNull(spec, "time-critical spec");
        return this;
    }

    /**
     * Sets one parameter every instance is given, replacing any of that key.
     *
     * @param key the parameter's key
     * @param value its text, as the module's {@link tigris.Parameter} reads it
     * @return this spec
     * @throws IllegalStateException if the graph was validated (it is frozen)
     */
    public ModuleSpec parameter(String key, String value) {
        graph.checkOpen();
        parameters.put(key, value);
        return this;
    }

    /**
     * Adds every parameter of {@code values} (a module's typed parameters as text: {@code toMap()}),
     * replacing any of the same keys.
     *
     * @param values keys to text
     * @return this spec
     * @throws IllegalStateException if the graph was validated (it is frozen)
     */
    public ModuleSpec parameters(Map<String, String> values) {
        graph.checkOpen();
        parameters.putAll(values);
        return this;
    }
}
