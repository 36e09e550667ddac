/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.planner;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import tigris.pipe.FilterRegistry;
import tigris.pipe.Pipeline;
import tigris.pipe.PipelinePlan;
import tigris.pipe.plan.CostModel;
import tigris.pipe.plan.OjAlgoSolver;
import tigris.pipe.plan.Place;
import tigris.pipe.plan.Placement;
import tigris.pipe.plan.PlanSolver;
import tigris.pipe.plan.Planner;

/**
 * The planner's two candidate solvers on the same programs (doc/pipelines.md, "The planner"):
 * pipelines of 4 to 10 filters, with a fan-out, of heavy stages and of light ones, on 2 to 8 places (two JVMs a host), each placed
 * REPEAT times by ojAlgo and by Choco after a warm-up; the median time of each and the optimum each
 * found and whether it proved it optimal within the time limit. TSV, a line a case and solver:
 * stages filters places solver median_ms objective optimal
 * Usage: SolverComparison OUT.tsv [REPEAT]
 */
public final class SolverComparison {
    /** Stages of which one or two dominate (deflate, tally): the bottleneck is a thread, and the bound is easy to prove. */
    private static final String[] HEAVY = {"grep -v DEBUG", "deflate", "inflate", "words", "grep -i error", "tally", "count -l", "head 100000"};
    /** Stages of about equal cost: the bottleneck is the machines' CPUs, and the solver must balance them. */
    private static final String[] LIGHT = {"grep -v DEBUG", "words", "split n=2", "grep -i error", "tee /tmp/t", "count -l", "grep -F x", "words"};

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int repeat = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        CostModel model = CostModel.measured();
        List<PlanSolver> solvers = List.of(new OjAlgoSolver(), new ChocoSolver());
        try (PrintStream tsv = new PrintStream(Files.newOutputStream(out))) {
            tsv.println("stages\tfilters\tplaces\tsolver\tmedian_ms\tobjective\toptimal");
            for (String[] stages : List.of(HEAVY, LIGHT)) {
                for (int filters : new int[] {4, 6, 8, 10}) {
                    for (int places : new int[] {2, 4, 6, 8}) {
                        PipelinePlan plan = PipelinePlan.of(Pipeline.parse(chain(stages, filters)), FilterRegistry.standard());
                        List<Place> at = places(places);
                        for (PlanSolver s : solvers) {
                            Planner planner = new Planner(s, model);
                            planner.place(plan, at);   // warm-up
                            long[] ms = new long[repeat];
                            Placement p = null;
                            for (int r = 0; r < repeat; r++) {
                                p = planner.place(plan, at);
                                ms[r] = p.solveNanos();
                            }
                            Arrays.sort(ms);
                            tsv.printf("%s\t%d\t%d\t%s\t%.2f\t%.6f\t%s%n", stages == HEAVY ? "heavy" : "light", plan.vertices().size(), places, s.name(), ms[repeat / 2] / 1e6, p.cost().objective(), p.optimal());
                            tsv.flush();
                            System.err.printf("%d filters, %d places, %s: %.1f ms%n", plan.vertices().size(), places, s.name(), ms[repeat / 2] / 1e6);
                        }
                    }
                }
            }
        }
    }

    /** A pipeline of about {@code n} filters: a source, a fan-out of two branches of stages, their sinks. */
    static String chain(String[] kinds, int n) {
        int stages = Math.max(1, n - 3);
        List<String> left = new ArrayList<>();
        List<String> right = new ArrayList<>();
        for (int i = 0; i < stages; i++) {
            (i % 2 == 0 ? left : right).add(kinds[i % kinds.length]);
        }
        String l = String.join(" | ", left) + " | file out=/tmp/a";
        String r = right.isEmpty() ? "file out=/tmp/b" : String.join(" | ", right) + " | file out=/tmp/b";
        return "file in=/tmp/in | ((" + l + ") + (" + r + "))";
    }

    /** {@code n} places, two JVMs on each host, hosts of two cores. */
    static List<Place> places(int n) {
        List<Place> p = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            p.add(Place.node("n" + i, "10.0.0." + (i / 2 + 1), 2, Set.of()));
        }
        return p;
    }
}
