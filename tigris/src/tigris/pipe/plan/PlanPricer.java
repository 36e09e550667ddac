/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import tigris.pipe.PipelinePlan;
import tigris.pipe.PipelineSyntaxException;

/**
 * Prices any plan of one pipeline on one set of places by the planner's own terms: what
 * {@code --explain} shows of an alternative, and what the tests compare the solver's optimum with
 * by enumerating every plan of a small pipeline. A plan is given as two arrays: the index of each
 * filter's place among the places given, by {@link tigris.pipe.PipelinePlan.Vertex#id()}, and each
 * pipe's transport, in the order of {@link PipelinePlan#edges()}.
 */
public final class PlanPricer {
    private final PipelinePlan plan;
    private final PlacementProblem problem;

    private PlanPricer(PipelinePlan plan, PlacementProblem problem) {
        this.plan = plan;
        this.problem = problem;
    }

    /**
     * The pricer of {@code plan} on {@code places} under {@code model}, its hints honoured.
     *
     * @param plan the pipeline's plan
     * @param places the places its filters may run in
     * @param model the cost model to price by
     * @return the pricer
     * @throws PipelineSyntaxException if a hint names no place given, or a filter can run in none of
     *             the places, saying why and where it was written
     */
    public static PlanPricer of(PipelinePlan plan, List<Place> places, CostModel model) throws PipelineSyntaxException {
        return new PlanPricer(plan, new PlacementProblem(plan, places, model, Set.of()));
    }

    /**
     * The transports a pipe may be.
     *
     * @return {@code memory}, {@code shm}, {@code tcp} and {@code verbs}, unmodifiable
     */
    public static List<String> transports() {
        return PlacementProblem.TRANSPORTS;
    }

    /**
     * Plan {@code at}, {@code by} (as {@link #price} takes them) as a placement, to run or explain
     * beside the planner's own: its links and cost by the planner's terms.
     *
     * @param at the index of each filter's place among the places given, by vertex id; copied
     * @param by each pipe's transport, one of {@link #transports()}, by its index in the plan's
     *            edges; copied
     * @return the placement, with {@code optimal} false and no solve time
     * @throws IllegalArgumentException if a place cannot run a filter, a transport cannot join its pipe's places, or a hint forbids it
     */
    public Placement placement(int[] at, String[] by) {
        PlacementProblem.Choice c = new PlacementProblem.Choice(at.clone(), by.clone());
        if (!problem.feasible(c)) {
            throw new IllegalArgumentException("the plan breaks a rule of its places, transports or hints");
        }
        List<Place> places = new java.util.ArrayList<>();
        for (int p : at) {
            places.add(problem.places().get(p));
        }
        List<Link> links = new java.util.ArrayList<>();
        for (int e = 0; e < by.length; e++) {
            links.add(problem.link(e, by[e]));
        }
        return new Placement(plan, places, links, problem.cost(c), "a plan chosen by hand, not by the planner", false, 0);
    }

    /**
     * What placing filter {@code i} in {@code places.get(at[i])} with pipe {@code j} (in
     * {@link PipelinePlan#edges()}'s order) on transport {@code by[j]} costs; empty if a place
     * cannot run a filter, a transport cannot join its pipe's places, or a hint forbids the plan.
     *
     * @param at the index of each filter's place among the places given, by vertex id; copied
     * @param by each pipe's transport, one of {@link #transports()}, by its index in the plan's
     *            edges; copied
     * @return the plan's cost, or empty if it breaks a rule
     */
    public Optional<PlanCost> price(int[] at, String[] by) {
        PlacementProblem.Choice c = new PlacementProblem.Choice(at.clone(), by.clone());
        return problem.feasible(c) ? Optional.of(problem.cost(c)) : Optional.empty();
    }
}
