/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tigris.ModuleLifecycle;
import tigris.PartitioningModuleIF;
import tigris.Water;
import tigris.graph.ModuleSpec;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.ThreadPolicy;
import tigris.pipe.PipelineExpression.Filter;
import tigris.pipe.PipelineExpression.Hinted;
import tigris.pipe.PipelineExpression.Not;
import tigris.pipe.PipelineExpression.Parallel;
import tigris.pipe.PipelineExpression.Piped;
import tigris.pipe.filters.JoinModule;
import tigris.pipe.filters.RouteModule;
import tigris.pipe.filters.StdinSource;
import tigris.pipe.filters.StdoutSink;

/**
 * A pipeline as a graph of filters and the pipes between them, each pipe with the classes it
 * forwards: every filter named is bound to its definition (or a Unix process), every selector is
 * resolved against the classes of the filter before it and refused if it selects none of them, a
 * {@code *} or {@code &} becomes a join, and a pipeline whose first filter takes input reads
 * standard input, one whose last gives output writes standard output. {@link #river} makes it a
 * river: one module per filter, a route after a module that cannot route its own Waters, memory
 * reservoirs; every problem is a {@link PipelineSyntaxException} pointing where it was written.
 */
public final class PipelinePlan {

    /** The size of a pipe's Waters in bytes (64 KiB) unless a hint says otherwise. */
    public static final int DEFAULT_WATER = 64 << 10;
    /** How many Waters may be in flight on a pipe (its window) unless a hint says otherwise. */
    public static final int DEFAULT_WINDOW = 8;
    /** The size in bytes (4 KiB) of the Waters of a filter hinted {@code @latency} (unless {@code water=} says): small, so a record waits for few others. */
    public static final int LATENCY_WATER = 4 << 10;

    /**
     * A filter of the plan, with the hints that cover it. Identity matters: an {@link Edge} names
     * its ends by vertex, and a vertex is equal only to itself.
     */
    public static final class Vertex {
        final int id;
        /** What it runs: a process that begins the pipeline is bound again to read its standard input itself. */
        BoundFilter filter;
        /** Where it was written (a join: where its expression was); -1 for standard input and output, which the plan added. */
        final int offset;
        final List<Hint> hints = new ArrayList<>();
        /** Its input ports: "in", or a join's "in0".. */
        final int inputs;

        Vertex(int id, BoundFilter filter, int offset, int inputs) {
            this.id = id;
            this.filter = filter;
            this.offset = offset;
            this.inputs = inputs;
        }

        /**
         * Its index in {@link PipelinePlan#vertices()}.
         *
         * @return the index, from 0, in the order the plan made its filters
         */
        public int id() {
            return id;
        }

        /**
         * What it runs.
         *
         * @return the bound filter; for a process that begins the pipeline, the one that reads the
         *         pipeline's standard input itself
         */
        public BoundFilter filter() {
            return filter;
        }

        /**
         * Where it was written in the expression.
         *
         * @return the offset, 0-based (a join's: its expression's); -1 for standard input and output,
         *         which the plan added
         */
        public int offset() {
            return offset;
        }

        /**
         * The hints that cover it, the innermost expression's first.
         *
         * @return a copy of the hints, in that order
         */
        public List<Hint> hints() {
            return List.copyOf(hints);
        }

        /**
         * Whether the innermost of {@code @latency} and {@code @throughput} on this filter is {@code @latency}.
         *
         * @return true if its pipes get {@link #LATENCY_WATER} Waters (unless {@code @water} says)
         */
        public boolean latency() {
            return first(Hint.Key.LATENCY, Hint.Key.THROUGHPUT) == Hint.Key.LATENCY;
        }

        /**
         * How its threads run: the innermost of {@code @realtime} and {@code @background}, else normally.
         *
         * @return the scheduling its module (and its route, if any) gets
         */
        public tigris.Scheduling scheduling() {
            Hint.Key k = first(Hint.Key.REALTIME, Hint.Key.BACKGROUND);
            return k == null ? tigris.Scheduling.NORMAL : k == Hint.Key.REALTIME ? tigris.Scheduling.REALTIME : tigris.Scheduling.BACKGROUND;
        }

        private Hint.Key first(Hint.Key a, Hint.Key b) {
            for (Hint h : hints) {
                if (h.key() == a || h.key() == b) {
                    return h.key();
                }
            }
            return null;
        }

        /** The hint {@code key}'s value on this filter (the innermost given: inner expressions add theirs first), or null. */
        String hint(Hint.Key key) {
            for (Hint h : hints) {
                if (h.key() == key) {
                    return h.value() == null ? "" : h.value();
                }
            }
            return null;
        }

        /** Its filter's label: {@code grep -v DEBUG}. */
        @Override
        public String toString() {
            return filter.label();
        }
    }

    /**
     * A pipe: Waters of classes {@code classes} that {@code from} puts go into input {@code port} of {@code to}.
     *
     * @param from the filter whose output it carries
     * @param to the filter it feeds
     * @param port the input of {@code to} it feeds: {@code in}, or a join's {@code in0}, {@code in1}..
     *            for its branches (a filter that merges several pipes gets a port for each in the river)
     * @param classes what it forwards: the classes its selector chose of those {@code from} puts,
     *            never empty
     */
    public record Edge(Vertex from, Vertex to, String port, ClassSet classes) {
    }

    /**
     * The filters an expression with hints covers ({@code (a | b) @node=h1}), its hints, and where they were written.
     *
     * @param members the filters of the expression, in the plan's order; copied, unmodifiable
     * @param hints its hints, in the order written; copied, unmodifiable
     * @param offset where the {@code @} was written, 0-based: where an error about the hints points
     */
    public record HintGroup(List<Vertex> members, List<Hint> hints, int offset) {
        /** Copies {@code members} and {@code hints}. */
        public HintGroup {
            members = List.copyOf(members);
            hints = List.copyOf(hints);
        }
    }

    /** A place a part's output leaves from, and whether its selection is inverted ({@code !}). */
    private record Exit(Vertex vertex, boolean inverted, int notOffset) {
    }

    /** What an expression became: the filters that take its input, the places its output leaves from. */
    private record Part(List<Vertex> entries, List<Exit> exits) {
    }

    private final Pipeline pipeline;
    private final FilterRegistry filters;
    private final List<Vertex> vertices = new ArrayList<>();
    private final List<Edge> edges = new ArrayList<>();
    private final List<HintGroup> hintGroups = new ArrayList<>();

    private PipelinePlan(Pipeline pipeline, FilterRegistry filters) {
        this.pipeline = pipeline;
        this.filters = filters;
    }

    /**
     * Plans {@code pipeline} with the filters of {@code registry}.
     *
     * @param pipeline the parsed pipeline
     * @param registry the filters its names may call; a name none has runs a process
     * @return the plan: its filters, the pipes between them and the hints, with standard input and
     *         output added at its open ends
     * @throws PipelineSyntaxException naming what cannot be planned and where it was written: an
     *             unknown filter or program, a wrong argument, a selector that selects nothing, a pipe
     *             into a source or out of a sink, a hint that cannot be met
     */
    public static PipelinePlan of(Pipeline pipeline, FilterRegistry registry) throws PipelineSyntaxException {
        PipelinePlan plan = new PipelinePlan(pipeline, registry);
        Part whole = plan.part(pipeline.expression());
        List<Vertex> needInput = whole.entries().stream().filter(v -> v.filter.input()).toList();
        // A process reads the standard input itself only as its one reader: processes sharing the
        // descriptor would split its bytes between them, so several readers each get a copy from stdin.
        if (needInput.size() == 1 && needInput.getFirst().filter.runsProcess()) {
            needInput.getFirst().filter = ProcessFilter.asSource(needInput.getFirst().filter);
            needInput = List.of();
        }
        if (!needInput.isEmpty()) {
            Vertex in = plan.vertex(StdinSource.bound(), -1, 1);
            for (Vertex v : needInput) {
                plan.connect(new Exit(in, false, -1), Selector.DEFAULT, 0, v, "in");
            }
        }
        for (Exit e : whole.exits()) {
            if (e.inverted() && !e.vertex().filter.output()) {
                throw plan.error(e.notOffset(), "'!' takes what " + e.vertex().filter.label() + " rejects, but it is a sink: it gives no output to take");
            }
        }
        List<Exit> giveOutput = whole.exits().stream().filter(e -> e.vertex().filter.output()).toList();
        if (!giveOutput.isEmpty()) {
            Vertex out = plan.vertex(StdoutSink.bound(), -1, 1);
            for (Exit e : giveOutput) {
                plan.connect(e, Selector.DEFAULT, -1, out, "in");
            }
        }
        return plan;
    }

    /**
     * Its filters.
     *
     * @return a copy, in the order of {@link Vertex#id()}
     */
    public List<Vertex> vertices() {
        return List.copyOf(vertices);
    }

    /**
     * Its pipes.
     *
     * @return a copy, in the order the plan made them: the order a placement's links follow
     */
    public List<Edge> edges() {
        return List.copyOf(edges);
    }

    /**
     * Every expression with hints, innermost first.
     *
     * @return a copy of the groups
     */
    public List<HintGroup> hintGroups() {
        return List.copyOf(hintGroups);
    }

    /**
     * An error about what was written at {@code offset}, with the expression and a caret: how the
     * planner reports what it finds wrong.
     *
     * @param offset where the cause was written, 0-based
     * @param problem what is wrong, in words
     * @return the exception, for the caller to throw
     */
    public PipelineSyntaxException error(int offset, String problem) {
        return pipeline.error(offset, problem);
    }

    private Vertex vertex(BoundFilter f, int offset, int inputs) {
        Vertex v = new Vertex(vertices.size(), f, offset, inputs);
        vertices.add(v);
        return v;
    }

    private Part part(PipelineExpression e) throws PipelineSyntaxException {
        return switch (e) {
            case Filter f -> {
                Vertex v = vertex(bind(f), f.offset(), 1);
                yield new Part(List.of(v), List.of(new Exit(v, false, -1)));
            }
            case Piped p -> {
                Part up = part(p.upstream());
                Part down = part(p.downstream());
                for (Vertex to : down.entries()) {
                    if (!to.filter.input()) {
                        throw pipeline.error(to.offset, to.filter.label() + " takes no input (it is a source), but the pipe before it would feed it");
                    }
                }
                for (Exit from : up.exits()) {
                    if (!from.vertex().filter.output()) {
                        throw pipeline.error(from.vertex().offset, from.vertex().filter.label() + " gives no output (it is a sink), but a pipe follows it");
                    }
                    for (Vertex to : down.entries()) {
                        connect(from, p.selector(), p.selectorOffset(), to, "in");
                    }
                }
                yield new Part(up.entries(), down.exits());
            }
            case Parallel par -> {
                List<Part> branches = new ArrayList<>();
                for (PipelineExpression b : par.branches()) {
                    branches.add(part(b));
                }
                List<Vertex> entries = new ArrayList<>();
                branches.forEach(b -> entries.addAll(b.entries()));
                if (par.join() == PipelineExpression.Join.PLUS) {
                    List<Exit> exits = new ArrayList<>();
                    branches.forEach(b -> exits.addAll(b.exits()));
                    yield new Part(entries, exits);
                }
                // A port for each exit (a branch "a + b" has two), so the join keeps each stream's
                // unfinished line apart; it counts lines by the branch each port belongs to.
                List<Integer> branchOfPort = new ArrayList<>();
                for (int i = 0; i < branches.size(); i++) {
                    for (Exit x : branches.get(i).exits()) {
                        if (!x.vertex().filter.output()) {
                            throw pipeline.error(x.vertex().offset, x.vertex().filter.label() + " gives no output, so '" + par.join().symbol()
                                            + "' has nothing of it to join");
                        }
                        branchOfPort.add(i);
                    }
                }
                Vertex join = vertex(JoinModule.bound(par.join(), branchOfPort), par.offset(), branchOfPort.size());
                int port = 0;
                for (Part b : branches) {
                    for (Exit x : b.exits()) {
                        connect(x, Selector.DEFAULT, -1, join, JoinModule.port(port++));
                    }
                }
                yield new Part(entries, List.of(new Exit(join, false, -1)));
            }
            case Not n -> {
                Part inner = part(n.of());
                List<Exit> exits = new ArrayList<>();
                for (Exit x : inner.exits()) {
                    exits.add(new Exit(x.vertex(), !x.inverted(), n.offset()));
                }
                yield new Part(inner.entries(), exits);
            }
            case Hinted h -> {
                int first = vertices.size();
                Part inner = part(h.of());
                checkHints(h);
                for (Vertex v : vertices.subList(first, vertices.size())) {
                    v.hints.addAll(h.hints());
                }
                hintGroups.add(new HintGroup(vertices.subList(first, vertices.size()), h.hints(), h.hintsOffset()));
                yield inner;
            }
        };
    }

    private void checkHints(Hinted h) throws PipelineSyntaxException {
        java.util.Set<Hint.Key> keys = java.util.EnumSet.noneOf(Hint.Key.class);
        h.hints().forEach(x -> keys.add(x.key()));
        for (Hint.Key[] pair : new Hint.Key[][] {{Hint.Key.LATENCY, Hint.Key.THROUGHPUT}, {Hint.Key.REALTIME, Hint.Key.BACKGROUND}}) {
            if (keys.contains(pair[0]) && keys.contains(pair[1])) {
                throw pipeline.error(h.hintsOffset(), "hints " + pair[0].word() + " and " + pair[1].word() + " contradict each other: give one");
            }
        }
        for (Hint hint : h.hints()) {
            switch (hint.key()) {
                case HREALTIME -> throw pipeline.error(h.hintsOffset(), "hint hrealtime cannot be met: no JVM schedules a thread in hard real time");
                case WATER -> {
                    long bytes = bytes(hint.value());
                    if (bytes < 64 || bytes > 64L << 20) {
                        throw pipeline.error(h.hintsOffset(), "hint water=" + hint.value() + ": a Water is 64 bytes to 64 MiB");
                    }
                }
                case WINDOW -> {
                    long n = bytes(hint.value());
                    if (n < 1 || n > 4096) {
                        throw pipeline.error(h.hintsOffset(), "hint window=" + hint.value() + ": a window is 1 to 4096 Waters");
                    }
                }
                case TRANSPORT -> {
                    // The planner's transports (PlacementProblem); a Water file joins a river file's modules only.
                    if (!List.of("memory", "shm", "tcp", "verbs").contains(hint.value())) {
                        throw pipeline.error(h.hintsOffset(), "hint transport=" + hint.value() + ": a pipeline's pipes are joined by memory, shm, tcp or verbs"
                                        + (hint.value().equals("file") ? " (transport=file, a Water file, joins the modules of a river file: tigris run)" : ""));
                    }
                }
                default -> {
                }
            }
        }
    }

    /**
     * A size written 65536, 64k or 1m (the {@code water=} and {@code window=} hints).
     *
     * @param text the number, with {@code k} (KiB) or {@code m} (MiB) after it if any, either case,
     *            blanks around it ignored
     * @return the number it says, times 1024 for {@code k} and 1048576 for {@code m}; -1 if it is
     *         not a number or overflows a long (a negative number comes back negative: the caller
     *         checks the range)
     */
    public static long bytes(String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        long unit = 1;
        if (t.endsWith("k")) {
            unit = 1 << 10;
        } else if (t.endsWith("m")) {
            unit = 1 << 20;
        }
        if (unit > 1) {
            t = t.substring(0, t.length() - 1);
        }
        try {
            return Math.multiplyExact(Long.parseLong(t), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            return -1;
        }
    }

    private BoundFilter bind(Filter f) throws PipelineSyntaxException {
        FilterDefinition d = filters.find(f.name());
        if (d == null) {
            try {
                return ProcessFilter.bind(f.name(), f.arguments().stream().map(PipelineExpression.Argument::text).toList());
            } catch (IllegalArgumentException e) {
                throw pipeline.error(f.offset(), e.getMessage() + "; the filters are " + String.join(", ", filters.names()));
            }
        }
        try {
            return d.bind(f.arguments());
        } catch (FilterArgumentException e) {
            int at = e.argument() >= 0 && e.argument() < f.arguments().size() ? f.arguments().get(e.argument()).offset() : f.offset();
            throw pipeline.error(at, f.name() + ": " + e.getMessage() + " (usage: " + d.usage() + ")");
        }
    }

    /** Joins {@code from}'s output, selected by {@code s} (written at {@code at}; -1: the plan's own), to input {@code port} of {@code to}. */
    private void connect(Exit from, Selector s, int at, Vertex to, String port) throws PipelineSyntaxException {
        FilterClasses classes = from.vertex().filter.classes();
        String name = from.vertex().filter.label();
        int where = at >= 0 ? at : from.notOffset() >= 0 ? from.notOffset() : Math.max(0, from.vertex().offset);
        ClassSet chosen = resolve(s, classes, name, where);
        if (from.inverted()) {
            if (!classes.sorts()) {
                throw pipeline.error(from.notOffset(), "'!' takes what " + name + " rejects, but it sorts nothing: it puts every Water in class 0 and rejects none");
            }
            chosen = chosen.complement();
        }
        if (chosen.and(classes.put()).isEmpty()) {
            throw pipeline.error(where, "the pipe after " + name + " selects " + (from.inverted() ? "(inverted) " : "") + (s instanceof Selector.Default ? "its default" : "|" + s)
                            + ", which is none of the classes it puts: " + classes.described());
        }
        edges.add(new Edge(from.vertex(), to, port, chosen.and(classes.put())));
    }

    private ClassSet resolve(Selector s, FilterClasses classes, String filter, int at) throws PipelineSyntaxException {
        return switch (s) {
            case Selector.Default d -> classes.byDefault();
            case Selector.All a -> ClassSet.ALL;
            case Selector.Range r -> ClassSet.range(r.from(), r.to());
            case Selector.Named n -> {
                int c = classes.named(n.name());
                if (c < 0) {
                    throw pipeline.error(at, filter + " has no class named " + n.name() + ": its classes are " + classes.described()
                                    + " (for a filter, put a space after '|')");
                }
                yield ClassSet.of(c);
            }
            case Selector.Not n -> resolve(n.of(), classes, filter, at).complement();
        };
    }

    /**
     * The plan as a river named {@code name}: a module per filter (named after it, numbered when a
     * name repeats), a route after a module that cannot route its own Waters to several pipes or
     * to a selection, a memory reservoir per pipe sized by the hints.
     *
     * @param name the river's name
     * @return the river, validated
     */
    public RiverGraph river(String name) {
        return river(name, e -> reservoir(e.from()), (module, v) -> {
        });
    }

    /**
     * The plan as a river named {@code name} whose pipes are made as {@code pipes} says (a placed
     * pipeline's transports and Waters); {@code modules} hears each module's name with the filter
     * it runs (a route with the filter it follows).
     *
     * @param name the river's name
     * @param pipes the reservoir of each pipe: its transport, Water size and window
     * @param modules told, for each module as it is made, its name in the river and its filter
     * @return the river, validated
     */
    public RiverGraph river(String name, java.util.function.Function<Edge, ReservoirSpec> pipes, java.util.function.BiConsumer<String, Vertex> modules) {
        RiverGraph g = new RiverGraph(name);
        Map<Vertex, String> names = new LinkedHashMap<>();
        Map<String, Integer> used = new LinkedHashMap<>();
        for (Vertex v : vertices) {
            String base = moduleName(v);
            int n = used.merge(base, 1, Integer::sum);
            names.put(v, n == 1 ? base : base + "-" + n);
        }
        // A filter that merges several pipes gets a port for each (in0, in1..), so that it keeps each
        // stream's unfinished line apart (PortLines); a join's ports are its branches'.
        Map<Edge, String> ports = new java.util.HashMap<>();
        for (Vertex v : vertices) {
            List<Edge> in = edges.stream().filter(e -> e.to() == v).toList();
            for (int i = 0; i < in.size(); i++) {
                ports.put(in.get(i), v.inputs == 1 && in.size() > 1 ? JoinModule.port(i) : in.get(i).port());
            }
        }
        for (Vertex v : vertices) {
            List<Edge> out = edges.stream().filter(e -> e.from() == v).toList();
            List<Edge> in = edges.stream().filter(e -> e.to() == v).toList();
            BoundFilter f = v.filter;
            boolean routes = f.routesItself();
            boolean direct = out.size() == 1 && out.getFirst().classes().and(f.classes().put()).equals(f.classes().put());
            ModuleSpec m = module(g, names.get(v), f.module(), f.parameters(), v);
            modules.accept(names.get(v), v);
            if (v.inputs == 1 && f.input() && in.size() <= 1) {
                m.input("in", Water.class);
            }
            int merged = v.inputs > 1 ? v.inputs : in.size() > 1 ? in.size() : 0;
            for (int i = 0; i < merged; i++) {
                m.input(JoinModule.port(i), Water.class);
            }
            if (merged > 1 && PipeModule.class.isAssignableFrom(f.module())) {
                m.parameter(PipeModule.INPUTS, Integer.toString(merged));
            }
            if (!out.isEmpty()) {
                m.output("out", Water.class);
            }
            String from = names.get(v) + ".out";
            List<Edge> routed = out;
            if (!routes && !direct && !out.isEmpty()) {
                String route = names.get(v) + "-route";
                ModuleSpec r = module(g, route, RouteModule.class, Map.of(), v);
                modules.accept(route, v);
                r.input("in", Water.class).output("out", Water.class);
                g.connect(from, route + ".in", reservoir(v));
                from = route + ".out";
                routed = out;
                for (int i = 0; i < routed.size(); i++) {
                    r.parameter(Outlet.routeKey(i), routed.get(i).classes().toString());
                }
            } else if (routes) {
                for (int i = 0; i < out.size(); i++) {
                    m.parameter(Outlet.routeKey(i), out.get(i).classes().toString());
                }
            }
            for (Edge e : routed) {
                g.connect(from, names.get(e.to()) + "." + ports.get(e), pipes.apply(e));
            }
        }
        return g.validate();
    }

    private static ModuleSpec module(RiverGraph g, String name, Class<? extends ModuleLifecycle> cls, Map<String, String> parameters, Vertex v) {
        ModuleSpec m = g.module(name, cls).parameters(parameters);
        m.policy(PartitioningModuleIF.class.isAssignableFrom(cls) ? ThreadPolicy.PARTITIONED : ThreadPolicy.ROUND_ROBIN);
        m.scheduling(v.scheduling());
        if (PipeModule.class.isAssignableFrom(cls)) {
            m.parameter(Outlet.WATER, Integer.toString(water(v)));
        }
        return m;
    }

    private static String moduleName(Vertex v) {
        String label = v.filter.label();
        int space = label.indexOf(' ');
        String word = space < 0 ? label : label.substring(0, space);
        word = word.substring(word.lastIndexOf('/') + 1).replaceAll("[^A-Za-z0-9_-]", "_");
        return word.isEmpty() || !Character.isLetter(word.charAt(0)) ? "f" + word : word;
    }

    private static int water(Vertex v) {
        String w = v.hint(Hint.Key.WATER);
        return w != null ? (int) bytes(w) : v.latency() ? LATENCY_WATER : DEFAULT_WATER;
    }

    private static ReservoirSpec reservoir(Vertex v) {
        String n = v.hint(Hint.Key.WINDOW);
        return ReservoirSpec.of(n == null ? DEFAULT_WINDOW : (int) bytes(n), water(v));
    }
}
