/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.planner;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tigris.node.ClusterIdentity;
import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.pipe.FilterRegistry;
import tigris.pipe.Pipeline;
import tigris.pipe.PipelinePlan;
import tigris.pipe.plan.CostModel;
import tigris.pipe.plan.PipelineJob;
import tigris.pipe.plan.Place;
import tigris.pipe.plan.PlanCost;
import tigris.pipe.plan.PlanPricer;
import tigris.pipe.plan.Placement;
import tigris.pipe.plan.Planner;

/**
 * Checks the planner's cost model against the clock (issue 40): each pipeline is run on the nodes
 * as the planner places it and as several alternatives place it (the cheapest others by the
 * model, and others spread over its ranking), round after round in turn; every run's outputs are
 * checked equal to the first's. TSV, a line a run:
 *   pipeline  rank  plan  model_ns_per_byte  round  seconds
 * rank 0 is the planner's plan; others are ranks in the model's order of every feasible plan.
 * Usage: MeasuredPlans OUT.tsv ROUNDS KEY PASSWORD-FILE NAME=HOST:PORT,... EXPRESSION...
 */
public final class MeasuredPlans {
    private static final int ALTERNATIVES = 6;
    private static final Pattern OUTPUT = Pattern.compile("file out=([^\\s)]+)");

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int rounds = Integer.parseInt(args[1]);
        ClusterIdentity key = ClusterIdentity.load(Path.of(args[2]), Path.of(args[3]), null);
        List<Node> nodes = new ArrayList<>();
        for (String n : args[4].split(",")) {
            int eq = n.indexOf('=');
            int colon = n.lastIndexOf(':');
            nodes.add(new Node(n.substring(0, eq), n.substring(eq + 1, colon), Integer.parseInt(n.substring(colon + 1))));
        }
        ControlAgent agent = new ControlAgent(key);
        List<Place> places = PipelineJob.places(agent, nodes, 20_000);
        System.err.println("places: " + places);
        CostModel model = CostModel.measured();
        try (PrintStream tsv = new PrintStream(Files.newOutputStream(out))) {
            tsv.println("pipeline\trank\tplan\tmodel_ns_per_byte\tround\tseconds");
            for (int x = 5; x < args.length; x++) {
                String expression = args[x];
                PipelinePlan plan = PipelinePlan.of(Pipeline.parse(expression), FilterRegistry.standard());
                Placement best = new Planner(new tigris.pipe.plan.OjAlgoSolver(), model).place(plan, places);
                System.err.print(best.explain());
                Map<Integer, Placement> chosen = alternatives(plan, places, model, best);
                Map<Path, String> reference = null;
                for (int r = 1; r <= rounds; r++) {
                    for (var c : chosen.entrySet()) {
                        long t0 = System.nanoTime();
                        PipelineJob.run(agent, nodes, c.getValue(), "measured-" + x + "-" + c.getKey() + "-" + r, null, null, 3_600_000);
                        double s = (System.nanoTime() - t0) / 1e9;
                        Map<Path, String> sums = outputs(expression);
                        if (reference == null) {
                            reference = sums;
                        } else if (!reference.equals(sums)) {
                            throw new IllegalStateException("plan " + c.getKey() + " of pipeline " + (x - 4) + " wrote other outputs: " + sums + ", not " + reference);
                        }
                        tsv.printf("%d\t%d\t%s\t%.4f\t%d\t%.3f%n", x - 4, c.getKey(), describe(c.getValue()), c.getValue().cost().bottleneckNanos(), r, s);
                        tsv.flush();
                        System.err.printf("pipeline %d, plan %d (%s), round %d: %.2f s%n", x - 4, c.getKey(), describe(c.getValue()), r, s);
                    }
                }
            }
        }
        System.exit(0);
    }

    /** The planner's plan (rank 0), the cheapest others by the model, and others spread over the model's ranking of every feasible plan. */
    private static Map<Integer, Placement> alternatives(PipelinePlan plan, List<Place> places, CostModel model, Placement best) throws Exception {
        PlanPricer pricer = PlanPricer.of(plan, places, model);
        record Priced(int[] at, String[] by, PlanCost cost) {
        }
        List<Priced> all = new ArrayList<>();
        int n = plan.vertices().size();
        int m = plan.edges().size();
        int[] at = new int[n];
        long total = (long) Math.pow(places.size(), n);
        for (long code = 0; code < total; code++) {
            long c = code;
            for (int i = 0; i < n; i++) {
                at[i] = (int) (c % places.size());
                c /= places.size();
            }
            // Each pipe's cheapest transport between its places: the alternatives differ in where filters run.
            Best b = cheapest(pricer, at, new String[m], 0);
            if (b != null) {
                all.add(new Priced(at.clone(), b.by(), b.cost()));
            }
        }
        all.sort((a, b) -> Double.compare(a.cost().objective(), b.cost().objective()));
        Map<Integer, Placement> chosen = new LinkedHashMap<>();
        chosen.put(0, best);
        String mine = describe(best);
        List<Integer> ranks = new ArrayList<>();
        for (int r = 0; r < all.size() && ranks.size() < ALTERNATIVES / 2; r++) {
            if (!describe(pricer.placement(all.get(r).at(), all.get(r).by())).equals(mine)) {
                ranks.add(r);
            }
        }
        for (int k = 1; k <= ALTERNATIVES / 2; k++) {
            int r = (int) Math.min(all.size() - 1, Math.round(k * (all.size() - 1) / (double) (ALTERNATIVES / 2)));
            if (!ranks.contains(r) && !describe(pricer.placement(all.get(r).at(), all.get(r).by())).equals(mine)) {
                ranks.add(r);
            }
        }
        for (int r : ranks) {
            chosen.put(r + 1, pricer.placement(all.get(r).at(), all.get(r).by()));
        }
        System.err.println(all.size() + " feasible plans; measuring ranks " + chosen.keySet() + " (0: the planner's)");
        return chosen;
    }

    private record Best(String[] by, PlanCost cost) {
    }

    /** The cheapest choice of transports for places {@code at}, trying each (few pipes, four transports); null if none is feasible. */
    private static Best cheapest(PlanPricer pricer, int[] at, String[] by, int e) {
        if (e == by.length) {
            return pricer.price(at, by).map(c -> new Best(by.clone(), c)).orElse(null);
        }
        Best best = null;
        for (String t : PlanPricer.transports()) {
            by[e] = t;
            Best b = cheapest(pricer, at, by, e + 1);
            if (b != null && (best == null || b.cost().objective() < best.cost().objective())) {
                best = b;
            }
        }
        return best;
    }

    /** "file in=...@h1 grep@h1 ..." with each pipe's transport when it is not memory. */
    private static String describe(Placement p) {
        StringBuilder s = new StringBuilder();
        for (var v : p.plan().vertices()) {
            String label = v.filter().label();
            s.append(label.split(" ")[0]).append('@').append(p.place(v).node()).append(' ');
        }
        for (int e = 0; e < p.links().size(); e++) {
            if (!p.links().get(e).transport().equals("memory")) {
                s.append(e).append(':').append(p.links().get(e).transport()).append(' ');
            }
        }
        return s.toString().trim();
    }

    /** The SHA-256 of every file the expression writes. */
    private static Map<Path, String> outputs(String expression) throws Exception {
        Map<Path, String> sums = new LinkedHashMap<>();
        Matcher m = OUTPUT.matcher(expression);
        while (m.find()) {
            Path f = Path.of(m.group(1));
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            try (var in = Files.newInputStream(f)) {
                byte[] b = new byte[1 << 20];
                for (int k; (k = in.read(b)) > 0;) {
                    d.update(b, 0, k);
                }
            }
            sums.put(f, HexFormat.of().formatHex(d.digest()));
        }
        return sums;
    }
}
