package tigris.cli;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tigris.ModuleLifecycle;
import tigris.Water;
import tigris.graph.ModuleSpec;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.ThreadPolicy;
import tigris.transport.Transports;
import tigris.node.ControlAgent.Node;

/**
 * A river described in a file, for {@code tigris run}: one statement per line, {@code #} comments.
 *
 * <pre>
 * river NAME
 * jar PATH                                    the module classes (relative to the file)
 * node NAME HOST:PORT
 * module NAME CLASS on NODE[,NODE...] [in:PORT=TYPE] [out:PORT=TYPE] [policy:ROUND_ROBIN|RANDOM|LOTTERY|PARTITIONED] [KEY=VALUE...]
 * connect MODULE.PORT MODULE.PORT [window=N] [water=BYTES] [transport=tcp|shm|verbs]
 * </pre>
 *
 * A module runs one instance per node listed (a node may be listed twice). TYPE is a class in the
 * jar (a PSO class) or {@code Water} for raw bytes. Errors name the file and line.
 */
public record RiverFile(RiverGraph graph, Map<String, List<Node>> placement, Path jar) {
    private static final int DEFAULT_WINDOW = 8;
    private static final int DEFAULT_WATER = 64 << 10;

    public static RiverFile parse(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
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
            String where = file + ":" + n + ": ";
            try {
                switch (w[0]) {
                    case "river" -> {
                        expect(w, 2, "river NAME");
                        graph = new RiverGraph(w[1]);
                    }
                    case "jar" -> {
                        expect(w, 2, "jar PATH");
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
                    case "module" -> module(w, require(graph, "river"), require(loader, "jar"), nodes, placement);
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
                    }
                    default -> throw new IllegalArgumentException("unknown statement '" + w[0] + "' (river, jar, node, module, connect)");
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + "not a number: " + e.getMessage(), e);
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw new IllegalArgumentException(where + e.getMessage(), e);
            }
        }
        if (graph == null || jar == null) {
            throw new IllegalArgumentException(file + ": a river file needs a 'river' and a 'jar' line");
        }
        return new RiverFile(graph, placement, jar);
    }

    private static void module(String[] w, RiverGraph graph, ClassLoader loader, Map<String, Node> nodes, Map<String, List<Node>> placement) {
        if (w.length < 5 || !w[3].equals("on")) {
            throw new IllegalArgumentException("module NAME CLASS on NODE[,NODE...] [in:PORT=TYPE] [out:PORT=TYPE] [policy:P] [KEY=VALUE...]");
        }
        Class<? extends ModuleLifecycle> c = load(loader, w[2]).asSubclass(ModuleLifecycle.class);
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
                m.policy(ThreadPolicy.valueOf(t.substring(7)));
            } else if (eq > 0) {
                m.parameter(t.substring(0, eq), t.substring(eq + 1));
            } else {
                throw new IllegalArgumentException("'" + t + "' is not a port (in:P=T, out:P=T), a policy (policy:P) or a parameter (K=V)");
            }
        }
    }

    private static Class<?> load(ClassLoader loader, String name) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("class " + name + " is not in the jar");
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
