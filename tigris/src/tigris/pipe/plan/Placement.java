/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

import java.util.List;

import tigris.pipe.Hint;
import tigris.pipe.PipelinePlan;
import tigris.pipe.PipelinePlan.Edge;
import tigris.pipe.PipelinePlan.Vertex;

/**
 * A pipeline placed: the place of each filter (by {@link Vertex#id()}), the link of each pipe (by
 * its index in {@link PipelinePlan#edges()}), what the plan costs and how it was found.
 *
 * @param plan the pipeline's plan
 * @param places the place of each filter, by {@link Vertex#id()}; copied, unmodifiable
 * @param links the link of each pipe, by its index in {@link PipelinePlan#edges()}; copied,
 *            unmodifiable
 * @param cost what the plan costs under the planner's model
 * @param solver the solver that found it, or how it was chosen ({@link PlanPricer#placement})
 * @param optimal whether the solver proved it optimal (else its time ran out: the best it found)
 * @param solveNanos how long the solver took; 0 for a plan no solver chose
 */
public record Placement(PipelinePlan plan, List<Place> places, List<Link> links, PlanCost cost, String solver, boolean optimal, long solveNanos) {
    /** Copies {@code places} and {@code links}. */
    public Placement {
        places = List.copyOf(places);
        links = List.copyOf(links);
    }

    /**
     * Where a filter runs.
     *
     * @param v a filter of this placement's plan
     * @return its place
     * @throws IndexOutOfBoundsException if {@code v} is not of the plan
     */
    public Place place(Vertex v) {
        return places.get(v.id());
    }

    /**
     * How a pipe is made.
     *
     * @param e a pipe of this placement's plan
     * @return its link
     * @throws IndexOutOfBoundsException if {@code e} is not of the plan
     */
    public Link link(Edge e) {
        return links.get(plan.edges().indexOf(e));
    }

    /**
     * This placement as a river named {@code name}: each pipe its link's transport and Waters, each
     * module where its filter runs.
     *
     * @param name the river's name
     * @return the river, validated, and each module's place
     */
    public PlacedRiver river(String name) {
        java.util.Map<String, Place> at = new java.util.LinkedHashMap<>();
        tigris.graph.RiverGraph g = plan.river(name, e -> {
            Link l = link(e);
            return new tigris.graph.ReservoirSpec(l.window(), l.water(), l.transport());
        }, (module, v) -> at.put(module, place(v)));
        return new PlacedRiver(g, at);
    }

    /**
     * The plan in words, a filter a line with its place and the pipes out of it: what {@code tigris pipe --explain} prints.
     *
     * @return several lines, the last ended too: each filter with its place, hints and pipes, then
     *         the cost, then who chose the plan (and whether it is proven optimal, in how long)
     */
    public String explain() {
        StringBuilder s = new StringBuilder();
        List<Edge> edges = plan.edges();
        for (Vertex v : plan.vertices()) {
            s.append(String.format("%3d  %-28s on %s%s%n", v.id(), v.filter().label(), place(v).node(),
                            v.hints().isEmpty() ? "" : "  @" + String.join(",", v.hints().stream().map(Hint::toString).toList())));
            for (int i = 0; i < edges.size(); i++) {
                Edge e = edges.get(i);
                if (e.from() == v) {
                    s.append(String.format("       -> %d %s(classes %s) by %s%n", e.to().id(), e.to().filter().input() && !e.port().equals("in") ? e.port() + " " : "",
                                    e.classes(), links.get(i)));
                }
            }
        }
        s.append("cost: ").append(cost).append('\n');
        if (optimal) {
            s.append(String.format("optimal (%s, %.1f ms)%n", solver, solveNanos / 1e6));
        } else if (solveNanos > 0) {
            s.append(String.format("not proven optimal (the best %s found in %.1f ms)%n", solver, solveNanos / 1e6));
        } else {
            s.append(solver).append('\n');
        }
        return s.toString();
    }

    /** "64 KiB", "1 MiB", "100 B". */
    static String size(long bytes) {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
            return (bytes >> 10) + " KiB";
        }
        return bytes + " B";
    }
}
