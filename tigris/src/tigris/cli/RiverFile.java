/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tigris.FileProblems;
import tigris.ModuleLifecycle;
import tigris.Water;
import tigris.graph.GraphException;
import tigris.graph.GraphProblem;
import tigris.graph.ModuleSpec;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.ThreadPolicy;
import tigris.graph.TimeCritical;
import tigris.node.ControlAgent.Node;
import tigris.river.RiverAssembler;
import tigris.transport.Site;
import tigris.transport.Transports;

/**
 * A river described in a file, for {@code tigris run}: one statement per line, {@code #} comments.
 *
 * <pre>
 * river NAME
 * jar PATH                                    the module classes (relative to the file)
 * node NAME HOST:PORT
 * module NAME CLASS on NODE[,NODE...] [in:PORT=TYPE] [out:PORT=TYPE] [policy:ROUND_ROBIN|RANDOM|LOTTERY|PARTITIONED] [critical:WHEN[,OVERFLOW][,max=N]] [KEY=VALUE...]
 * connect MODULE.PORT MODULE.PORT [window=N] [water=BYTES] [transport=tcp|shm|verbs|file|ID]
 * </pre>
 *
 * A module runs one instance per node listed (a node may be listed twice). The nodes' order is the
 * river's: node i's mirror is on node i + 1 (the last's on the first), where a {@link tigris.Replayable}
 * source of a lost node is run again ({@link tigris.node.MovingPlanner}). TYPE is a class in the
 * jar (a PSO class) or {@code Water} for raw bytes. The file is checked whole before anything is
 * sent to a node: the statements, the graph ({@link RiverGraph#validate()}) and whether each
 * connection's transport can join the nodes it places; every error names the file and line.
 * {@code critical:} marks a module time-critical ({@link tigris.graph.TimeCritical#parse}): it
 * runs as a Reflex task on its node, {@code every=MICROS} or on {@code arrival}, and an overrun
 * {@code drop}s the newest Water (the default) or {@code keep}s the newest N.
 *
 * @param graph the river, validated: its modules (classes loaded, not initialised, from the jar),
 *        ports, policies, parameters and connections
 * @param placement the nodes each module runs on, by module name in the file's order: one node per
 *        instance, instance i on the i-th
 * @param jar the module classes' jar, absolute
 * @param nodes every node declared, in the file's order (the river's, for mirrors)
 */
public record RiverFile(RiverGraph graph, Map<String, List<Node>> placement, Path jar, List<Node> nodes) {
    private static final int DEFAULT_WINDOW = 8;
    private static final int DEFAULT_WATER = 64 << 10;

    /**
     * Reads, parses and checks {@code file}. It loads the module classes from the jar (a class
     * loader of its own, not closed), but sends nothing to a node.
     *
     * @param file the river file; a relative {@code jar} is resolved against its directory
     * @return the river it describes, ready to run
     * @throws RiverFileException if the file cannot be read or is wrong, naming the file and line
     *         and saying what is wrong
     */
    public static RiverFile parse(Path file) throws RiverFileException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw RiverFileException.unreadable(file, FileProblems.describe(e));
        }
        Map<String, Integer> moduleLines = new java.util.HashMap<>();
        Map<String, Integer> connectLines = new java.util.HashMap<>();
        Map<String, Node> nodes = new LinkedHashMap<>();
        Map<String, List<Node>> placement = new LinkedHashMap<>();
        RiverGraph graph = null;
        Path jar = null;
        URLClassLoader loader = null;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.get(n - 1).strip();
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash).strip();
            }
            if (line.isEmpty()) {
                continue;
            }
            String[] w = line.split("\\s+");
            try {
                switch (w[0]) {
                    case "river" -> {
                        expect(w, 2, "river NAME");
                        if (graph != null) {
                            throw new IllegalArgumentException("a file holds one river, and this one is " + graph.name());
                        }
                        graph = new RiverGraph(w[1]);
                    }
                    case "jar" -> {
                        expect(w, 2, "jar PATH");
                        if (jar != null) {
                            throw new IllegalArgumentException("a river has one jar, and this one's is " + jar);
                        }
                        jar = file.toAbsolutePath().getParent().resolve(w[1]);
                        if (!Files.isRegularFile(jar)) {
                            throw new IllegalArgumentException("no jar at " + jar);
                        }
                        loader = new URLClassLoader("tigris-run", new java.net.URL[] {jar.toUri().toURL()}, RiverFile.class.getClassLoader());
                    }
                    case "node" -> {
                        expect(w, 3, "node NAME HOST:PORT");
                        int colon = w[2].lastIndexOf(':');
                        if (colon < 1) {
                            throw new IllegalArgumentException("'" + w[2] + "' is not HOST:PORT");
                        }
                        int port = Integer.parseInt(w[2].substring(colon + 1));
                        if (nodes.putIfAbsent(w[1], new Node(w[1], w[2].substring(0, colon), port)) != null) {
                            throw new IllegalArgumentException("node " + w[1] + " is declared twice");
                        }
                    }
                    case "module" -> {
                        module(w, require(graph, "river"), require(loader, "jar"), nodes, placement);
                        moduleLines.put(w[1], n);
                    }
                    case "connect" -> {
                        if (w.length < 3) {
                            throw new IllegalArgumentException("connect MODULE.PORT MODULE.PORT [window=N] [water=BYTES] [transport=" + Transports.ids() + "]");
                        }
                        int window = DEFAULT_WINDOW;
                        int water = DEFAULT_WATER;
                        String between = "tcp";
                        for (int i = 3; i < w.length; i++) {
                            if (w[i].startsWith("window=")) {
                                window = Integer.parseInt(w[i].substring(7));
                            } else if (w[i].startsWith("water=")) {
                                water = Integer.parseInt(w[i].substring(6));
                            } else if (w[i].startsWith("transport=")) {
                                between = w[i].substring(10);
                                Transports.byId(between);
                            } else {
                                throw new IllegalArgumentException("unknown connect option '" + w[i] + "' (window=N, water=BYTES, transport=ID)");
                            }
                        }
                        require(graph, "river").connect(w[1], w[2], ReservoirSpec.of(window, water).across(between));
                        connectLines.put(w[1] + " -> " + w[2], n);
                    }
                    default -> throw new IllegalArgumentException("unknown statement '" + w[0] + "' (river, jar, node, module, connect)");
                }
            } catch (NumberFormatException e) {
                throw new RiverFileException(file, n, "not a number: " + e.getMessage());
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw new RiverFileException(file, n, e.getMessage());
            } catch (IOException e) {
                throw new RiverFileException(file, n, e.getMessage());
            }
        }
        if (graph == null || jar == null) {
            throw new RiverFileException(file, 0, "a river file needs a 'river' and a 'jar' line");
        }
        try {
            graph.validate();
        } catch (GraphException e) {
            // The first problem, at its line; the others follow it.
            List<String> said = new ArrayList<>();
            int first = 0;
            for (GraphProblem p : e.problems()) {
                int line = p.connection() != null ? connectLines.getOrDefault(p.connection().toString(), 0)
                                : p.module() != null ? moduleLines.getOrDefault(p.module(), 0) : 0;
                first = first == 0 ? line : first;
                said.add((line > 0 ? file + ":" + line + ": " : file + ": ") + p.text());
            }
            String rest = said.size() > 1 ? "\n" + String.join("\n", said.subList(1, said.size())) : "";
            throw new RiverFileException(file, first, e.problems().getFirst().text() + rest);
        }
        Map<String, List<Site>> sites = new LinkedHashMap<>();
        placement.forEach((module, on) -> sites.put(module, on.stream().map(node -> new Site(node.name(), node.host())).toList()));
        try {
            RiverAssembler.checkJoins(graph, sites);
        } catch (RiverAssembler.UnjoinableException e) {
            throw new RiverFileException(file, connectLines.getOrDefault(e.connection().toString(), 0), e.getMessage());
        }
        return new RiverFile(graph, placement, jar, List.copyOf(nodes.values()));
    }

    private static void module(String[] w, RiverGraph graph, ClassLoader loader, Map<String, Node> nodes, Map<String, List<Node>> placement) {
        if (w.length < 5 || !w[3].equals("on")) {
            throw new IllegalArgumentException("module NAME CLASS on NODE[,NODE...] [in:PORT=TYPE] [out:PORT=TYPE] [policy:P] [critical:WHEN[,OVERFLOW][,max=N]] [KEY=VALUE...]");
        }
        Class<?> loaded = load(loader, w[2]);
        if (!ModuleLifecycle.class.isAssignableFrom(loaded)) {
            throw new IllegalArgumentException("class " + w[2] + " is not a Tigris module (it implements neither tigris.ModuleIF nor tigris.PartitioningModuleIF)");
        }
        Class<? extends ModuleLifecycle> c = loaded.asSubclass(ModuleLifecycle.class);
        List<Node> on = new ArrayList<>();
        for (String name : w[4].split(",")) {
            Node node = nodes.get(name);
            if (node == null) {
                throw new IllegalArgumentException("unknown node " + name + " (declare it with 'node " + name + " HOST:PORT' first)");
            }
            on.add(node);
        }
        ModuleSpec m = graph.module(w[1], c).instances(on.size());
        placement.put(w[1], on);
        for (int i = 5; i < w.length; i++) {
            String t = w[i];
            int eq = t.indexOf('=');
            if (t.startsWith("in:") || t.startsWith("out:")) {
                if (eq < 0) {
                    throw new IllegalArgumentException("port '" + t + "' needs =TYPE");
                }
                String port = t.substring(t.indexOf(':') + 1, eq);
                String type = t.substring(eq + 1);
                Class<?> k = type.equals("Water") ? Water.class : load(loader, type);
                if (t.startsWith("in:")) {
                    m.input(port, k);
                } else {
                    m.output(port, k);
                }
            } else if (t.startsWith("policy:")) {
                try {
                    m.policy(ThreadPolicy.valueOf(t.substring(7)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("policy:" + t.substring(7) + " is not one of " + java.util.Arrays.toString(ThreadPolicy.values()));
                }
            } else if (t.startsWith("critical:")) {
                try {
                    m.timeCritical(TimeCritical.parse(t.substring(9)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("critical: " + e.getMessage(), e);
                }
            } else if (eq > 0) {
                m.parameter(t.substring(0, eq), t.substring(eq + 1));
            } else {
                throw new IllegalArgumentException("'" + t + "' is not a port (in:P=T, out:P=T), a policy (policy:P), critical:WHEN or a parameter (K=V)");
            }
        }
    }

    private static Class<?> load(ClassLoader loader, String name) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("class " + name + " is not in the jar");
        } catch (LinkageError e) {
            throw new IllegalArgumentException("class " + name + " in the jar cannot be loaded: " + e);
        }
    }

    private static <T> T require(T value, String statement) {
        if (value == null) {
            throw new IllegalArgumentException("a '" + statement + "' line must come first");
        }
        return value;
    }

    private static void expect(String[] w, int n, String form) {
        if (w.length != n) {
            throw new IllegalArgumentException("expected '" + form + "'");
        }
    }
}
