/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tigris.pipe.Hint;
import tigris.pipe.PipelinePlan;
import tigris.pipe.PipelinePlan.Edge;
import tigris.pipe.PipelinePlan.HintGroup;
import tigris.pipe.PipelinePlan.Vertex;
import tigris.pipe.PipelineSyntaxException;
import tigris.pipe.filters.ProcessModule;
import tigris.transport.Transports;

/**
 * One pipeline's placement as an integer program (the thesis's chapter 6.3, models G1-G4): a 0/1
 * variable for each filter in each place it may run, one for each pipe's pair of places and
 * transport (the streams of the merged request and system graph), and the bottleneck {@code T}.
 * Rows: each filter runs in one place; a pipe's pair agrees with its filters' places; each
 * filter's thread, each machine's CPUs (over its cores) and each host's link in and out take at
 * most {@code T} per byte; the hints. Minimised: {@code T} plus the model's weight times all CPU.
 * {@link #cost} prices any plan by the same terms, which the tests' enumeration uses.
 */
final class PlacementProblem {
    /** The transports a pipe may be: file reservoirs are not pipes. */
    static final List<String> TRANSPORTS = List.of("memory", "shm", "tcp", "verbs");

    private final PipelinePlan plan;
    private final List<Place> places;
    private final CostModel model;
    private final List<Vertex> vertices;
    private final List<Edge> edges;
    /** Bytes into each filter (out of a source) per byte entering the pipeline. */
    private final double[] work;
    private final double[] edgeRate;
    /** Where each filter may run, by its own nature and the node hints. */
    private final boolean[][] allowed;
    /** The transport each pipe must be, by a hint; null: any. */
    private final String[] pinnedTransport;
    private final List<HintGroup> singles = new ArrayList<>();
    private final List<HintGroup> privates = new ArrayList<>();

    private final IntegerProgram program = new IntegerProgram();
    private final int[][] x;
    /** Each pipe's variables: [place of from, place of to, transport] and their indices. */
    private final List<List<int[]>> y = new ArrayList<>();
    private final int bottleneck;

    /**
     * The problem of placing {@code plan} on {@code places} under {@code model}, honouring every hint
     * but those of {@code ignored} (the planner drops one group at a time to name a hint that cannot be met).
     */
    PlacementProblem(PipelinePlan plan, List<Place> places, CostModel model, Set<HintGroup> ignored) throws PipelineSyntaxException {
        this.plan = plan;
        this.places = List.copyOf(places);
        this.model = model;
        this.vertices = plan.vertices();
        this.edges = plan.edges();
        int n = vertices.size();
        work = new double[n];
        edgeRate = new double[edges.size()];
        rates();
        allowed = new boolean[n][places.size()];
        for (Vertex v : vertices) {
            for (int p = 0; p < places.size(); p++) {
                allowed[v.id()][p] = runsAt(v, places.get(p));
            }
        }
        pinnedTransport = new String[edges.size()];
        for (HintGroup g : plan.hintGroups()) {
            if (!ignored.contains(g)) {
                hints(g);
            }
        }
        for (Vertex v : vertices) {
            if (!any(allowed[v.id()])) {
                throw plan.error(Math.max(0, v.offset()), v.filter().label() + " can run in none of the places given: " + whyNot(v));
            }
        }
        x = new int[n][places.size()];
        bottleneck = program.nonNegative("T");
        build();
    }

    /** Rates down the graph: a source makes one byte per byte entering; a filter puts its {@link FilterCost#bytesOut} of what it takes. */
    private void rates() {
        int n = vertices.size();
        double[] in = new double[n];
        int[] waiting = new int[n];
        for (Edge e : edges) {
            waiting[e.to().id()]++;
        }
        List<Vertex> ready = new ArrayList<>(vertices.stream().filter(v -> waiting[v.id()] == 0).toList());
        while (!ready.isEmpty()) {
            Vertex v = ready.removeFirst();
            Cost c = costOf(v);
            boolean source = !v.filter().input();
            double taken = source ? 1 : in[v.id()];
            double factor = hinted(v, Hint.Key.BUSY) != null ? 4 : hinted(v, Hint.Key.QUIET) != null ? 0.25 : 1;
            work[v.id()] = taken * c.nanosPerByte() * factor;
            double out = source ? 1 : taken * c.bytesOut();
            for (int i = 0; i < edges.size(); i++) {
                Edge e = edges.get(i);
                if (e.from() == v) {
                    // A pipe that takes some of the classes a filter puts carries half its output: the stated guess.
                    boolean whole = e.classes().equals(v.filter().classes().put());
                    edgeRate[i] = whole ? out : out / 2;
                    in[e.to().id()] += edgeRate[i];
                    if (--waiting[e.to().id()] == 0) {
                        ready.add(e.to());
                    }
                }
            }
        }
    }

    /** A filter's {@link FilterCost}, or what one that does not say costs. */
    record Cost(double nanosPerByte, double bytesOut, boolean local) {
    }

    static Cost costOf(Vertex v) {
        FilterCost c = v.filter().module().getAnnotation(FilterCost.class);
        return c == null ? new Cost(FilterCost.UNKNOWN_NANOS, 1, false) : new Cost(c.nanosPerByte(), c.bytesOut(), c.local());
    }

    private boolean runsAt(Vertex v, Place p) {
        if ((costOf(v).local() || readsStandardInput(v)) && !p.local()) {
            return false;
        }
        return !v.filter().runsProcess() || p.runs(program(v));
    }

    /** A process that begins the pipeline reads this command's standard input itself, so it runs here. */
    private static boolean readsStandardInput(Vertex v) {
        return Boolean.parseBoolean(v.filter().parameters().get(ProcessModule.INHERIT_INPUT));
    }

    private static String program(Vertex v) {
        return Path.of(v.filter().parameters().get(ProcessModule.PROGRAM)).getFileName().toString();
    }

    private String whyNot(Vertex v) {
        if (costOf(v).local() && places.stream().noneMatch(Place::local)) {
            return "it runs in this command's own JVM (its standard streams), and the pipeline is placed on nodes only";
        }
        if (readsStandardInput(v) && places.stream().noneMatch(Place::local)) {
            return "it begins the pipeline, so it reads this command's standard input, and the pipeline is placed on nodes only";
        }
        if (v.filter().runsProcess()) {
            String prog = program(v);
            return "it runs the program " + prog + ", and no node given allows it (start one with --allow-exec " + prog + ")";
        }
        return "its hints exclude every place";
    }

    private void hints(HintGroup g) throws PipelineSyntaxException {
        for (Hint h : g.hints()) {
            switch (h.key()) {
                case NODE -> {
                    int at = -1;
                    for (int p = 0; p < places.size(); p++) {
                        if (places.get(p).node().equals(h.value())) {
                            at = p;
                        }
                    }
                    if (at < 0) {
                        throw plan.error(g.offset(), "hint node=" + h.value() + " names no place of this pipeline's: "
                                        + String.join(", ", places.stream().map(Place::node).toList()));
                    }
                    for (Vertex v : g.members()) {
                        // The innermost node hint wins: an outer one leaves a filter an inner one placed.
                        if (h.value().equals(hinted(v, Hint.Key.NODE))) {
                            for (int p = 0; p < places.size(); p++) {
                                allowed[v.id()][p] &= p == at;
                            }
                        }
                    }
                }
                case TRANSPORT -> {
                    for (int i = 0; i < edges.size(); i++) {
                        Edge e = edges.get(i);
                        if (g.members().contains(e.from()) && g.members().contains(e.to()) && pinnedTransport[i] == null) {
                            pinnedTransport[i] = h.value();
                        }
                    }
                }
                case SINGLE -> singles.add(g);
                case PRIVATE -> privates.add(g);
                default -> {
                    // water and window size pipes (link); busy and quiet weigh filters (rates);
                    // the scheduling hints do not place anything
                }
            }
        }
    }

    /** The innermost value of hint {@code key} on {@code v}, "" for one without a value, or null. */
    static String hinted(Vertex v, Hint.Key key) {
        for (Hint h : v.hints()) {
            if (h.key() == key) {
                return h.value() == null ? "" : h.value();
            }
        }
        return null;
    }

    /** Whether transport {@code t} may join places {@code p} and {@code q} for pipe {@code e}. */
    private boolean joins(int e, int p, int q, String t) {
        if (pinnedTransport[e] != null && !pinnedTransport[e].equals(t)) {
            return false;
        }
        if (t.equals("memory")) {
            return p == q;
        }
        if (p == q) {
            return false;
        }
        Place a = places.get(p);
        Place b = places.get(q);
        if (t.equals("verbs") && !(a.verbs() && b.verbs())) {
            return false;
        }
        return Transports.byId(t).canJoin(a.site(), b.site());
    }

    /** The Waters of pipe {@code e} on transport {@code t}: a hint's, or the cheapest size under the model. */
    Link link(int e, String t) {
        Vertex from = edges.get(e).from();
        String win = hinted(from, Hint.Key.WINDOW);
        String wat = hinted(from, Hint.Key.WATER);
        int window = win == null ? CostModel.WINDOW : (int) PipelinePlan.bytes(win);
        int water = wat != null ? (int) PipelinePlan.bytes(wat)
                        : from.latency() ? Math.min(PipelinePlan.LATENCY_WATER, model.water(model.crossing(t), window)) : model.water(model.crossing(t), window);
        return new Link(t, water, window);
    }

    private double end(int e, String t, boolean sending) {
        Link l = link(e, t);
        return edgeRate[e] * model.endNanosPerByte(model.crossing(t), sending, l.water(), l.window());
    }

    private double net(int e, String t) {
        return model.crossing(t).network() ? edgeRate[e] / model.linkBytesPerNano() : 0;
    }

    private void build() {
        int n = vertices.size();
        for (int v = 0; v < n; v++) {
            IntegerProgram.RowBuilder one = program.row("one place for filter " + v, 1, 1);
            for (int p = 0; p < places.size(); p++) {
                x[v][p] = -1;
                if (allowed[v][p]) {
                    x[v][p] = program.binary("x" + v + "@" + places.get(p).node());
                    one.add(x[v][p], 1);
                }
            }
            one.done();
        }
        for (int e = 0; e < edges.size(); e++) {
            int from = edges.get(e).from().id();
            int to = edges.get(e).to().id();
            List<int[]> pipe = new ArrayList<>();
            for (int p = 0; p < places.size(); p++) {
                for (int q = 0; q < places.size(); q++) {
                    if (x[from][p] < 0 || x[to][q] < 0) {
                        continue;
                    }
                    for (int t = 0; t < TRANSPORTS.size(); t++) {
                        if (joins(e, p, q, TRANSPORTS.get(t))) {
                            pipe.add(new int[] {p, q, t, program.binary("y" + e + "@" + p + "," + q + "," + TRANSPORTS.get(t))});
                        }
                    }
                }
            }
            y.add(pipe);
            // The pipe's choice agrees with its filters': the merged graph's flow conservation.
            for (int p = 0; p < places.size(); p++) {
                if (x[from][p] >= 0) {
                    IntegerProgram.RowBuilder r = program.row("pipe " + e + " leaves " + p, 0, 0).add(x[from][p], -1);
                    for (int[] c : pipe) {
                        if (c[0] == p) {
                            r.add(c[3], 1);
                        }
                    }
                    r.done();
                }
                if (x[to][p] >= 0) {
                    IntegerProgram.RowBuilder r = program.row("pipe " + e + " enters " + p, 0, 0).add(x[to][p], -1);
                    for (int[] c : pipe) {
                        if (c[1] == p) {
                            r.add(c[3], 1);
                        }
                    }
                    r.done();
                }
            }
        }
        // Each filter's thread does its own work and the ends of its pipes.
        for (int v = 0; v < n; v++) {
            IntegerProgram.RowBuilder r = program.row("thread " + v, Double.NEGATIVE_INFINITY, -work[v]).add(bottleneck, -1);
            for (int e = 0; e < edges.size(); e++) {
                for (int[] c : y.get(e)) {
                    String t = TRANSPORTS.get(c[2]);
                    if (edges.get(e).from().id() == v) {
                        r.add(c[3], end(e, t, true));
                    }
                    if (edges.get(e).to().id() == v) {
                        r.add(c[3], end(e, t, false));
                    }
                }
            }
            r.done();
        }
        for (String m : machines()) {
            IntegerProgram.RowBuilder r = program.row("machine " + m, Double.NEGATIVE_INFINITY, 0).add(bottleneck, -cores(m));
            for (int v = 0; v < n; v++) {
                for (int p = 0; p < places.size(); p++) {
                    if (x[v][p] >= 0 && places.get(p).machine().equals(m)) {
                        r.add(x[v][p], work[v]);
                    }
                }
            }
            for (int e = 0; e < edges.size(); e++) {
                for (int[] c : y.get(e)) {
                    String t = TRANSPORTS.get(c[2]);
                    r.add(c[3], (places.get(c[0]).machine().equals(m) ? end(e, t, true) : 0) + (places.get(c[1]).machine().equals(m) ? end(e, t, false) : 0));
                }
            }
            r.done();
        }
        for (String h : hosts()) {
            IntegerProgram.RowBuilder out = program.row("link out of " + h, Double.NEGATIVE_INFINITY, 0).add(bottleneck, -1);
            IntegerProgram.RowBuilder in = program.row("link into " + h, Double.NEGATIVE_INFINITY, 0).add(bottleneck, -1);
            for (int e = 0; e < edges.size(); e++) {
                for (int[] c : y.get(e)) {
                    boolean fromH = places.get(c[0]).host().equals(h);
                    boolean toH = places.get(c[1]).host().equals(h);
                    if (fromH != toH) {
                        (fromH ? out : in).add(c[3], net(e, TRANSPORTS.get(c[2])));
                    }
                }
            }
            out.done();
            in.done();
        }
        symmetries();
        for (HintGroup g : singles) {
            Vertex first = g.members().getFirst();
            for (Vertex v : g.members()) {
                for (int p = 0; p < places.size() && v != first; p++) {
                    IntegerProgram.RowBuilder r = program.row("single " + v.id() + "@" + p, 0, 0);
                    if (x[v.id()][p] >= 0) {
                        r.add(x[v.id()][p], 1);
                    }
                    if (x[first.id()][p] >= 0) {
                        r.add(x[first.id()][p], -1);
                    }
                    r.done();
                }
            }
        }
        for (HintGroup g : privates) {
            for (String h : hosts()) {
                for (Vertex v : g.members()) {
                    for (Vertex u : vertices) {
                        if (g.members().contains(u)) {
                            continue;
                        }
                        IntegerProgram.RowBuilder r = program.row("private " + v.id() + "," + u.id() + "@" + h, Double.NEGATIVE_INFINITY, 1);
                        for (int p = 0; p < places.size(); p++) {
                            if (places.get(p).host().equals(h)) {
                                if (x[v.id()][p] >= 0) {
                                    r.add(x[v.id()][p], 1);
                                }
                                if (x[u.id()][p] >= 0) {
                                    r.add(x[u.id()][p], 1);
                                }
                            }
                        }
                        r.done();
                    }
                }
            }
        }
        program.minimise(bottleneck, 1);
        for (int e = 0; e < edges.size(); e++) {
            for (int[] c : y.get(e)) {
                String t = TRANSPORTS.get(c[2]);
                program.minimise(c[3], model.cpuWeight() * (end(e, t, true) + end(e, t, false)));
            }
        }
    }

    /**
     * Rows that break the model's symmetries: places that differ only in name on one host are
     * interchangeable, and so are hosts whose places are alike; of each such class, a filter may
     * use the j-th member only if an earlier filter uses the (j-1)-th (value precedence). Every
     * plan has a renaming that meets these rows at the same cost, so the optimum is kept while the
     * solver no longer searches each plan once per renaming (8 places: 384 times).
     */
    private void symmetries() {
        Set<String> named = new LinkedHashSet<>();
        for (Vertex v : vertices) {
            String n = hinted(v, Hint.Key.NODE);
            if (n != null) {
                named.add(n);
            }
        }
        Map<String, List<Integer>> jvms = new LinkedHashMap<>();
        Map<String, List<String>> hostProfiles = new LinkedHashMap<>();
        for (int p = 0; p < places.size(); p++) {
            Place at = places.get(p);
            String profile = profile(at, named);
            jvms.computeIfAbsent(at.host() + "|" + profile, k -> new ArrayList<>()).add(p);
            hostProfiles.computeIfAbsent(at.host(), k -> new ArrayList<>()).add(profile);
        }
        for (List<Integer> same : jvms.values()) {
            if (same.size() > 1 && !profile(places.get(same.getFirst()), named).startsWith("named")) {
                precede(same.stream().map(List::of).toList());
            }
        }
        Map<String, List<List<Integer>>> hosts = new LinkedHashMap<>();
        for (var h : hostProfiles.entrySet()) {
            if (h.getValue().stream().anyMatch(pr -> pr.startsWith("named"))) {
                continue;
            }
            List<String> sorted = h.getValue().stream().sorted().toList();
            List<Integer> its = new ArrayList<>();
            for (int p = 0; p < places.size(); p++) {
                if (places.get(p).host().equals(h.getKey())) {
                    its.add(p);
                }
            }
            hosts.computeIfAbsent(sorted.toString(), k -> new ArrayList<>()).add(its);
        }
        for (List<List<Integer>> same : hosts.values()) {
            if (same.size() > 1) {
                precede(same);
            }
        }
    }

    /** What a place is, but its name and host: "named" for one a hint names (never interchangeable). */
    private static String profile(Place p, Set<String> named) {
        if (named.contains(p.node())) {
            return "named " + p.node();
        }
        String machine = p.machine().equals(p.host()) ? "its own machine" : "machine " + p.machine();
        return machine + ", " + p.cores() + " cores, verbs " + p.verbs() + ", local " + p.local() + ", programs " + (p.programs() == null ? "any" : new java.util.TreeSet<>(p.programs()));
    }

    /** Value precedence over interchangeable members (each a set of places): filter v uses member j only if a filter before it uses member j - 1. */
    private void precede(List<List<Integer>> members) {
        for (int j = 1; j < members.size(); j++) {
            for (int v = 0; v < vertices.size(); v++) {
                IntegerProgram.RowBuilder r = program.row("precede " + j + " for " + v, Double.NEGATIVE_INFINITY, 0);
                for (int p : members.get(j)) {
                    if (x[v][p] >= 0) {
                        r.add(x[v][p], 1);
                    }
                }
                for (int u = 0; u < v; u++) {
                    for (int p : members.get(j - 1)) {
                        if (x[u][p] >= 0) {
                            r.add(x[u][p], -1);
                        }
                    }
                }
                r.done();
            }
        }
    }

    private Set<String> machines() {
        Set<String> m = new LinkedHashSet<>();
        places.forEach(p -> m.add(p.machine()));
        return m;
    }

    private Set<String> hosts() {
        Set<String> h = new LinkedHashSet<>();
        places.forEach(p -> h.add(p.host()));
        return h;
    }

    private int cores(String machine) {
        return places.stream().filter(p -> p.machine().equals(machine)).mapToInt(Place::cores).max().orElseThrow();
    }

    IntegerProgram program() {
        return program;
    }

    /** The plan a solution of {@link #program} chose: each filter's place index, each pipe's transport. */
    Choice decode(double[] values) {
        int[] at = new int[vertices.size()];
        for (int v = 0; v < at.length; v++) {
            for (int p = 0; p < places.size(); p++) {
                if (x[v][p] >= 0 && values[x[v][p]] > 0.5) {
                    at[v] = p;
                }
            }
        }
        String[] by = new String[edges.size()];
        for (int e = 0; e < by.length; e++) {
            for (int[] c : y.get(e)) {
                if (values[c[3]] > 0.5) {
                    by[e] = TRANSPORTS.get(c[2]);
                }
            }
        }
        return new Choice(at, by);
    }

    /** A plan: filter i runs in place {@code at[i]}, pipe j is transport {@code by[j]}. */
    record Choice(int[] at, String[] by) {
    }

    /**
     * Whether {@code c} meets every rule of the program but the bottleneck's (which {@link #cost}
     * computes): places allowed, transports that join, the hints.
     */
    boolean feasible(Choice c) {
        for (int v = 0; v < vertices.size(); v++) {
            if (!allowed[v][c.at()[v]]) {
                return false;
            }
        }
        for (int e = 0; e < edges.size(); e++) {
            if (!joins(e, c.at()[edges.get(e).from().id()], c.at()[edges.get(e).to().id()], c.by()[e])) {
                return false;
            }
        }
        for (HintGroup g : singles) {
            if (g.members().stream().map(v -> c.at()[v.id()]).distinct().count() > 1) {
                return false;
            }
        }
        for (HintGroup g : privates) {
            Set<String> mine = new LinkedHashSet<>();
            g.members().forEach(v -> mine.add(places.get(c.at()[v.id()]).host()));
            for (Vertex u : vertices) {
                if (!g.members().contains(u) && mine.contains(places.get(c.at()[u.id()]).host())) {
                    return false;
                }
            }
        }
        return true;
    }

    /** What plan {@code c} costs, by the same terms as the program's rows. */
    PlanCost cost(Choice c) {
        int n = vertices.size();
        double[] thread = work.clone();
        Map<String, Double> machine = new LinkedHashMap<>();
        Map<String, Double> out = new LinkedHashMap<>();
        Map<String, Double> in = new LinkedHashMap<>();
        double total = 0;
        for (int v = 0; v < n; v++) {
            machine.merge(places.get(c.at()[v]).machine(), work[v], Double::sum);
            total += work[v];
        }
        for (int e = 0; e < edges.size(); e++) {
            Place a = places.get(c.at()[edges.get(e).from().id()]);
            Place b = places.get(c.at()[edges.get(e).to().id()]);
            String t = c.by()[e];
            double send = end(e, t, true);
            double receive = end(e, t, false);
            thread[edges.get(e).from().id()] += send;
            thread[edges.get(e).to().id()] += receive;
            machine.merge(a.machine(), send, Double::sum);
            machine.merge(b.machine(), receive, Double::sum);
            total += send + receive;
            if (!a.host().equals(b.host())) {
                out.merge(a.host(), net(e, t), Double::sum);
                in.merge(b.host(), net(e, t), Double::sum);
            }
        }
        double worst = -1;
        String what = "";
        for (int v = 0; v < n; v++) {
            if (thread[v] > worst) {
                worst = thread[v];
                what = "the thread of " + vertices.get(v).filter().label();
            }
        }
        for (var m : machine.entrySet()) {
            double load = m.getValue() / cores(m.getKey());
            if (load > worst) {
                worst = load;
                what = "the CPUs of " + m.getKey();
            }
        }
        for (var l : out.entrySet()) {
            if (l.getValue() > worst) {
                worst = l.getValue();
                what = "the link out of " + l.getKey();
            }
        }
        for (var l : in.entrySet()) {
            if (l.getValue() > worst) {
                worst = l.getValue();
                what = "the link into " + l.getKey();
            }
        }
        double constant = 0;
        for (double w : work) {
            constant += w;
        }
        return new PlanCost(worst, what, total, worst + model.cpuWeight() * (total - constant));
    }

    List<Place> places() {
        return places;
    }

    private static boolean any(boolean[] b) {
        for (boolean x : b) {
            if (x) {
                return true;
            }
        }
        return false;
    }
}
