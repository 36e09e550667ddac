/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import tigris.pipe.Hint;
import tigris.pipe.PipelinePlan;
import tigris.pipe.PipelinePlan.HintGroup;
import tigris.pipe.PipelineSyntaxException;

/**
 * Places a pipeline (the thesis's chapter 6): chooses each filter's place and each pipe's
 * transport and Waters by minimising the {@link CostModel} with an integer program a
 * {@link PlanSolver} solves to optimality. A hint that cannot be met is an error that names it.
 */
public final class Planner {
    private final PlanSolver solver;
    private final CostModel model;

    /**
     * A planner that solves with {@code solver} under {@code model}.
     *
     * @param solver what solves the placement's integer program (not called for one place)
     * @param model what filters, pipes and links cost
     */
    public Planner(PlanSolver solver, CostModel model) {
        this.solver = solver;
        this.model = model;
    }

    /**
     * ojAlgo on the measured model (doc/pipelines.md says why ojAlgo).
     *
     * @return an {@link OjAlgoSolver} of the default time limit on {@link CostModel#measured()}
     */
    public static Planner standard() {
        return new Planner(new OjAlgoSolver(), CostModel.measured());
    }

    /**
     * The model it prices plans by.
     *
     * @return the cost model
     */
    public CostModel model() {
        return model;
    }

    /**
     * The cheapest placement of {@code plan} on {@code places}. With one place and no hint against
     * it, every filter runs there, every pipe is memory, and the solver is not called.
     *
     * @param plan the pipeline's plan
     * @param places where its filters may run: the nodes, or the command's own JVM alone
     * @return the placement, with its cost, its solver, and whether it is proven optimal (the
     *         solver's time may run out first: then the best it found)
     * @throws IllegalArgumentException if {@code places} is empty
     * @throws IllegalStateException if the solver stopped with neither a plan nor a proof there is none
     * @throws PipelineSyntaxException naming the hint (and where it was written) that no placement
     *             meets, or the filter that can run in none of the places
     */
    public Placement place(PipelinePlan plan, List<Place> places) throws PipelineSyntaxException {
        if (places.isEmpty()) {
            throw new IllegalArgumentException("a pipeline needs a place to run");
        }
        PlacementProblem problem = new PlacementProblem(plan, places, model, Set.of());
        long t0 = System.nanoTime();
        if (places.size() == 1) {
            // One JVM: every pipe is memory, and the solver (a tenth of a second to load) has nothing to choose.
            int[] here = new int[plan.vertices().size()];
            String[] memory = new String[plan.edges().size()];
            java.util.Arrays.fill(memory, "memory");
            PlacementProblem.Choice only = new PlacementProblem.Choice(here, memory);
            if (problem.feasible(only)) {
                return placement(plan, places, problem, only, "one place: nothing to choose", true, System.nanoTime() - t0);
            }
        }
        PlanSolver.Solution s = solver.solve(problem.program());
        long took = System.nanoTime() - t0;
        if (!s.feasible()) {
            throw unmet(plan, places);
        }
        return placement(plan, places, problem, problem.decode(s.values()), solver.name(), s.optimal(), took);
    }

    private static Placement placement(PipelinePlan plan, List<Place> places, PlacementProblem problem, PlacementProblem.Choice c, String by, boolean optimal,
                    long took) {
        List<Place> at = new ArrayList<>();
        for (int p : c.at()) {
            at.add(places.get(p));
        }
        List<Link> links = new ArrayList<>();
        for (int e = 0; e < c.by().length; e++) {
            links.add(problem.link(e, c.by()[e]));
        }
        return new Placement(plan, at, links, problem.cost(c), by, optimal, took);
    }

    /**
     * The error for a program with no solution: the hints whose groups, each dropped alone, leave
     * one conflict; the caret goes under the outermost of them.
     */
    private PipelineSyntaxException unmet(PipelinePlan plan, List<Place> places) throws PipelineSyntaxException {
        List<HintGroup> conflicting = new ArrayList<>();
        for (HintGroup g : plan.hintGroups()) {
            if (g.hints().stream().anyMatch(h -> PLACING.contains(h.key()))
                            && solver.solve(new PlacementProblem(plan, places, model, Set.of(g)).program()).feasible()) {
                conflicting.add(g);
            }
        }
        String where = " on the places given (" + String.join(", ", places.stream().map(p -> p.node() + " on " + p.host()).toList()) + ")";
        if (conflicting.isEmpty()) {
            return plan.error(0, "the hints together cannot be met" + where);
        }
        HintGroup last = conflicting.getLast();
        List<String> others = conflicting.subList(0, conflicting.size() - 1).stream()
                        .map(g -> "hint " + placing(g) + " (column " + (g.offset() + 1) + ")").toList();
        return plan.error(last.offset(), "hint " + placing(last) + " cannot be met" + (others.isEmpty() ? "" : " with " + String.join(" and ", others)) + where);
    }

    private static String placing(HintGroup g) {
        return String.join(",", g.hints().stream().filter(h -> PLACING.contains(h.key())).map(Hint::toString).toList());
    }

    private static final Set<Hint.Key> PLACING = Set.of(Hint.Key.NODE, Hint.Key.TRANSPORT, Hint.Key.SINGLE, Hint.Key.PRIVATE);
}
