/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import tigris.ModuleLifecycle;

/**
 * The description of a river: modules with named, typed ports, and connections between ports.
 * As in StreamFlex (seed 000), a graph is built, then {@link #validate()}d, which checks it whole
 * and reports every problem at once, and is then frozen.
 *
 * <pre>{@code
 * RiverGraph g = new RiverGraph("double");
 * g.module("source", Source.class).output("out", Record.class);
 * g.module("doubler", Doubler.class).instances(4).input("in", Record.class).output("out", Record.class);
 * g.module("sink", Sink.class).input("in", Record.class);
 * g.connect("source.out", "doubler.in", ReservoirSpec.of(8, 64 << 10));
 * g.connect("doubler.out", "sink.in", ReservoirSpec.of(8, 64 << 10));
 * g.validate();
 * }</pre>
 *
 * <p>An output connected to a module with several instances, or to several inputs, is a
 * Distributed Queue: each instance of the producer gets one reservoir to each consumer
 * instance and chooses among them by its thread policy.
 */
public final class RiverGraph {
    private final String name;
    private final Map<String, ModuleSpec> modules = new LinkedHashMap<>();
    private final List<Connection> connections = new ArrayList<>();
    private boolean validated;

    /**
     * Makes an empty graph, open to changes until {@link #validate()}.
     *
     * @param name the river's name: non-empty, without '.' or spaces (a river run on nodes needs
     *        one that {@link tigris.RiverAttempt} allows)
     * @throws IllegalArgumentException if the name is not such a name
     */
    public RiverGraph(String name) {
        checkName("river", name);
        this.name = name;
    }

    /** {@return the river's name} */
    public String name() {
        return name;
    }

    /**
     * Adds a module, one instance, policy {@link ThreadPolicy#LOTTERY}, no ports; the spec returned
     * declares the rest.
     *
     * @param moduleName the module's name, unique in the graph: non-empty, without '.' or spaces
     * @param moduleClass its class ({@link tigris.ModuleIF} or {@link tigris.PartitioningModuleIF},
     *        with a public no-argument constructor: checked by {@link #validate()})
     * @return the module's spec
     * @throws IllegalArgumentException if the name is bad or taken
     * @throws NullPointerException if {@code moduleClass} is null
     * @throws IllegalStateException if the graph was validated
     */
    public ModuleSpec module(String moduleName, Class<? extends ModuleLifecycle> moduleClass) {
        checkOpen();
        checkName("module", moduleName);
        Objects.requireNonNull(moduleClass, "module class");
        ModuleSpec m = new ModuleSpec(this, moduleName, moduleClass);
        if (modules.putIfAbsent(moduleName, m) != null) {
            throw new IllegalArgumentException("river " + name + " already has a module named " + moduleName);
        }
        return m;
    }

    /**
     * Joins output {@code from} to input {@code to}; checked by {@link #validate()}, not here.
     *
     * @param from the output, {@code "module.port"}
     * @param to the input, {@code "module.port"}
     * @param reservoir what each reservoir of the connection is made of
     * @return this graph
     * @throws NullPointerException if an argument is null
     * @throws IllegalStateException if the graph was validated
     */
    public RiverGraph connect(String from, String to, ReservoirSpec reservoir) {
        checkOpen();
        connections.add(new Connection(Objects.requireNonNull(from, "from"), Objects.requireNonNull(to, "to"),
                        Objects.requireNonNull(reservoir, "reservoir")));
        return this;
    }

    /** {@return the modules by name; a copy, in no particular order} */
    public Map<String, ModuleSpec> modules() {
        return Map.copyOf(modules);
    }

    /** {@return the modules in the order they were added; a copy} */
    public List<ModuleSpec> moduleList() {
        return List.copyOf(modules.values());
    }

    /** {@return the connections in the order they were made; a copy} */
    public List<Connection> connections() {
        return List.copyOf(connections);
    }

    /** {@return whether {@link #validate()} passed: the graph is then frozen} */
    public boolean isValidated() {
        return validated;
    }

    /**
     * Checks the whole graph and freezes it: every connection joins an existing output to an
     * existing input whose type accepts the output's, every port is connected, every module has
     * at most one output port (doOperation gets one downstream reservoir), every module class can
     * be instantiated and fits its thread policy, reservoir specs are positive, every time-critical
     * module can run as one ({@link ModuleSpec#timeCritical}), and there is no cycle (End of River
     * could never reach a module on one). Validating a validated graph does nothing.
     *
     * @return this graph, frozen: its modules and connections can no longer change
     * @throws GraphException listing every problem
     */
    public RiverGraph validate() {
        if (validated) {
            return this;
        }
        List<GraphProblem> problems = new ArrayList<>();
        if (modules.isEmpty()) {
            problems.add(GraphProblem.ofGraph("it has no modules"));
        }
        for (ModuleSpec m : modules.values()) {
            checkModuleClass(m, problems);
            long outputs = m.ports().values().stream().filter(p -> !p.input()).count();
            if (outputs > 1) {
                problems.add(GraphProblem.ofModule(m.name(), "module " + m.name() + " declares " + outputs + " output ports; a module has at most one "
                                + "(doOperation is given one downstream reservoir)"));
            }
        }
        Map<Port, Integer> uses = new HashMap<>();
        List<Connection> wellFormed = new ArrayList<>();
        for (Connection c : connections) {
            Port from = resolve(c.from(), c, problems);
            Port to = resolve(c.to(), c, problems);
            if (from != null && from.input()) {
                problems.add(GraphProblem.ofConnection(c, "connection " + c + ": " + from + " is an input; connections go from an output"));
                from = null;
            }
            if (to != null && !to.input()) {
                problems.add(GraphProblem.ofConnection(c, "connection " + c + ": " + to + " is an output; connections go to an input"));
                to = null;
            }
            if (from != null && to != null && !to.type().isAssignableFrom(from.type())) {
                problems.add(GraphProblem.ofConnection(c, "connection " + c + " is mistyped: " + from + " does not fit " + to));
            }
            if (c.reservoir().window() < 1 || c.reservoir().waterSize() < 1) {
                problems.add(GraphProblem.ofConnection(c, "connection " + c + ": window and water size must be positive, got window " + c.reservoir().window() + " and water size " + c.reservoir().waterSize()));
            }
            if (from != null) {
                uses.merge(from, 1, Integer::sum);
            }
            if (to != null) {
                uses.merge(to, 1, Integer::sum);
            }
            if (from != null && to != null) {
                wellFormed.add(c);
            }
        }
        for (ModuleSpec m : modules.values()) {
            for (Port p : m.ports().values()) {
                if (!uses.containsKey(p)) {
                    problems.add(GraphProblem.ofModule(p.module(), "dangling port: " + p + " is not connected"));
                }
            }
        }
        for (ModuleSpec m : modules.values()) {
            if (m.timeCritical() != null) {
                checkTimeCritical(m, wellFormed, problems);
            }
        }
        findCycle(wellFormed, problems);
        if (!problems.isEmpty()) {
            throw new GraphException(name, problems);
        }
        validated = true;
        return this;
    }

    private Port resolve(String end, Connection c, List<GraphProblem> problems) {
        String module = Connection.module(end);
        String port = Connection.port(end);
        ModuleSpec m = modules.get(module);
        if (port == null) {
            problems.add(GraphProblem.ofConnection(c, "connection " + c + ": '" + end + "' is not of the form module.port"));
            return null;
        }
        if (m == null) {
            problems.add(GraphProblem.ofConnection(c, "connection " + c + ": there is no module named " + module));
            return null;
        }
        Port p = m.ports().get(port);
        if (p == null) {
            problems.add(GraphProblem.ofConnection(c, "connection " + c + ": module " + module + " has no port " + port + " (it has " + m.ports().keySet() + ")"));
        }
        return p;
    }

    private static void checkModuleClass(ModuleSpec m, List<GraphProblem> problems) {
        Class<?> c = m.moduleClass();
        if (c.isInterface() || Modifier.isAbstract(c.getModifiers())) {
            problems.add(GraphProblem.ofModule(m.name(), "module " + m.name() + ": " + c.getName() + " is abstract"));
            return;
        }
        String policy = m.policy().mismatch(m.name(), c);
        if (policy != null) {
            problems.add(GraphProblem.ofModule(m.name(), policy));
        }
        try {
            var k = c.getConstructor();
            if (!Modifier.isPublic(c.getModifiers())) {
                problems.add(GraphProblem.ofModule(m.name(), "module " + m.name() + ": " + c.getName() + " is not public"));
            }
            Objects.requireNonNull(k);
        } catch (NoSuchMethodException e) {
            problems.add(GraphProblem.ofModule(m.name(), "module " + m.name() + ": " + c.getName() + " has no public no-argument constructor"));
        }
    }

    /**
     * A time-critical module runs as one Reflex task that never waits (doc/tigris.md,
     * "Time-critical stages"): what that rules out.
     */
    private void checkTimeCritical(ModuleSpec m, List<Connection> edges, List<GraphProblem> problems) {
        String what = "module " + m.name() + " is time-critical (" + m.timeCritical() + ")";
        if (m.instances() != 1) {
            problems.add(GraphProblem.ofModule(m.name(), what + " and has " + m.instances() + " instances: it runs as one Reflex task; give it instances(1)"));
        }
        if (!tigris.ModuleIF.class.isAssignableFrom(m.moduleClass())) {
            problems.add(GraphProblem.ofModule(m.name(), what + ", but " + m.moduleClass().getName()
                            + " is not a tigris.ModuleIF: its stage hands the module one downstream end that never waits"));
        }
        if (m.scheduling() != tigris.Scheduling.NORMAL) {
            problems.add(GraphProblem.ofModule(m.name(), what + " and has scheduling " + m.scheduling()
                            + ": it runs on its Reflex scheduler's thread, at that thread's priority; drop the hint"));
        }
        int reservoirs = 0;
        boolean upstream = false;
        for (Connection c : edges) {
            if (Connection.module(c.from()).equals(m.name())) {
                ModuleSpec to = modules.get(Connection.module(c.to()));
                reservoirs += to == null ? 0 : to.instances();
            }
            if (Connection.module(c.to()).equals(m.name())) {
                upstream = true;
            }
        }
        if (reservoirs > 1) {
            problems.add(GraphProblem.ofModule(m.name(), what + " and its output leads to " + reservoirs
                            + " reservoirs: its stage puts into one (a Distributed Queue chooses among several and waits for credit; a time-critical stage never waits)"));
        }
        if (!upstream && m.timeCritical().isOnArrival()) {
            problems.add(GraphProblem.ofModule(m.name(), what + " and has no upstream reservoir: no Water would ever arrive to run it; give it a period "
                            + "(critical:every=MICROS in a river file, TimeCritical.everyMicros in Java)"));
        }
    }

    private void findCycle(List<Connection> edges, List<GraphProblem> problems) {
        Map<String, List<String>> next = new HashMap<>();
        for (Connection c : edges) {
            String a = Connection.module(c.from());
            String b = Connection.module(c.to());
            if (modules.containsKey(a) && modules.containsKey(b)) {
                next.computeIfAbsent(a, k -> new ArrayList<>()).add(b);
            }
        }
        Map<String, Integer> state = new HashMap<>();   // 1: on the path, 2: done
        for (String start : modules.keySet()) {
            List<String> path = new ArrayList<>();
            if (cycleFrom(start, next, state, path)) {
                problems.add(GraphProblem.ofGraph("cycle: " + String.join(" -> ", path) + " (End of River could never reach these modules)"));
                return;
            }
        }
    }

    private static boolean cycleFrom(String m, Map<String, List<String>> next, Map<String, Integer> state, List<String> path) {
        Integer s = state.get(m);
        if (s != null) {
            if (s == 1) {
                path.subList(0, path.indexOf(m)).clear();
                path.add(m);
                return true;
            }
            return false;
        }
        state.put(m, 1);
        path.add(m);
        for (String n : next.getOrDefault(m, List.of())) {
            if (cycleFrom(n, next, state, path)) {
                return true;
            }
        }
        path.removeLast();
        state.put(m, 2);
        return false;
    }

    void checkOpen() {
        if (validated) {
            throw new IllegalStateException("river " + name + " was validated and cannot change");
        }
    }

    static void checkName(String what, String name) {
        if (name == null || name.isEmpty() || name.contains(".") || name.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException(what + " name '" + name + "' must be non-empty, without '.' or spaces");
        }
    }
}
