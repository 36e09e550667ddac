/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import tigris.Replayable;
import tigris.graph.Connection;
import tigris.graph.ModuleSpec;
import tigris.graph.RiverGraph;
import tigris.node.ControlAgent.Node;
import tigris.river.ModulePlan;

/**
 * The planner of a river whose runtime knows nothing of its application ({@link RiverJob.Planner}):
 * every attempt runs the whole river again, each module instance on the node it was placed on
 * while that node is up, so every source must be {@link Replayable} (else the job fails, naming
 * the lost node and the source). An instance of a lost node moves: a source to the holder of its
 * home's mirror, the node after its home in the job's list,
 * where it reads the mirror; any other instance to the next node up after its home. A moved
 * instance keeps its home's name as {@code {node}} in its paths ({@link tigris.ModuleConfig#path}),
 * so a sink's {@code out-{node}} is the lost node's part, rebuilt. Nothing an attempt finished is kept: its
 * sinks write every output again (their staged files start empty), so the output of a river
 * whose modules compute the same from the same input is that of an undisturbed run.
 */
public final class MovingPlanner implements RiverJob.Planner {
    private final RiverGraph graph;
    private final Map<String, List<Node>> placement;
    private final List<Node> nodes;
    private final String jarName;
    private final byte[] jar;

    /**
     * A planner that runs {@code graph} as {@code placement} says while every node is up, and moves
     * a lost node's instances as the class comment says.
     *
     * @param graph the river every attempt runs, whole
     * @param placement the first attempt's node of each module instance, by module name (a list as
     *        long as its instances); copied
     * @param nodes the job's nodes, in order: node i's mirror is on node i + 1 (the last's on the first)
     * @param jarName the name the jar of module classes is pushed under, or null, with {@code jar}
     *        null, for a river of Tigris's own modules only
     * @param jar the jar's bytes, or null; not copied
     */
    public MovingPlanner(RiverGraph graph, Map<String, List<Node>> placement, List<Node> nodes, String jarName, byte[] jar) {
        this.graph = graph;
        this.placement = Map.copyOf(placement);
        this.nodes = List.copyOf(nodes);
        this.jarName = jarName;
        this.jar = jar;
    }

    @Override
    public RiverJob.Attempt plan(int epoch, List<Node> up, List<RiverJob.Ended> earlier) throws RiverJob.JobFailedException {
        if (epoch == 1) {
            return new RiverJob.Attempt(graph, placement, Map.of(), jarName, jar);
        }
        Set<String> fed = graph.connections().stream().map(c -> Connection.module(c.to())).collect(Collectors.toSet());
        // Every source runs again from its start, on its home as elsewhere: each must give the same Waters again.
        for (ModuleSpec m : graph.moduleList()) {
            if (!fed.contains(m.name()) && !Replayable.class.isAssignableFrom(m.moduleClass())) {
                String lostNodes = String.join(", ", nodes.stream().filter(n -> !up.contains(n)).map(Node::name).toList());
                throw new RiverJob.JobFailedException((earlier.isEmpty() ? "" : earlier.getLast().report().failure() + "; ") + "the river cannot go on without "
                                + lostNodes + ": its source " + m.name() + " (" + m.moduleClass().getName()
                                + ") is not tigris.Replayable, so it cannot be run again to give the same Waters");
            }
        }
        Map<String, List<Node>> moved = new LinkedHashMap<>();
        Map<String, String> homes = new LinkedHashMap<>();
        for (ModuleSpec m : graph.moduleList()) {
            boolean source = !fed.contains(m.name());
            List<Node> on = new ArrayList<>();
            for (int i = 0; i < m.instances(); i++) {
                Node home = placement.get(m.name()).get(i);
                if (up.contains(home)) {
                    on.add(home);
                    continue;
                }
                Node there = source ? mirrorHolder(m, home, up, earlier) : nextUp(home, up);
                on.add(there);
                homes.put(ModulePlan.instanceName(m.name(), i, m.instances()), home.name());
            }
            moved.put(m.name(), on);
        }
        return new RiverJob.Attempt(graph, moved, homes, jarName, jar);
    }

    /** Where source {@code m}'s instance of lost node {@code home} reads again: the holder of the mirror of its home's input. */
    private Node mirrorHolder(ModuleSpec m, Node home, List<Node> up, List<RiverJob.Ended> earlier) throws RiverJob.JobFailedException {
        String loss = earlier.isEmpty() ? "" : earlier.getLast().report().failure() + "; ";
        Node holder = nodes.get((nodes.indexOf(home) + 1) % nodes.size());
        if (!up.contains(holder)) {
            throw new RiverJob.JobFailedException(loss + "the input of node " + home.name() + " is lost: it and " + holder.name()
                            + ", the holder of its mirror, were both lost");
        }
        return holder;
    }

    /** The first node after {@code home}, in the job's order and round, that is up. */
    private Node nextUp(Node home, List<Node> up) throws RiverJob.JobFailedException {
        int i = nodes.indexOf(home);
        for (int k = 1; k < nodes.size(); k++) {
            Node next = nodes.get((i + k) % nodes.size());
            if (up.contains(next)) {
                return next;
            }
        }
        throw new RiverJob.JobFailedException("no node of the job is up");
    }
}
