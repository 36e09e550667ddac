/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.node.MovingPlanner;
import tigris.node.RiverJob;

/** A pipeline on nodes: what the nodes are, for the planner, and a placement run there as a job (recovered where its sources replay, committed once). */
public final class PipelineJob {
    private PipelineJob() {
    }

    /**
     * The places {@code nodes} are, each asked by {@code agent} ({@link PlaceFacts}), all at once.
     *
     * @param agent the agent that reaches the nodes
     * @param nodes the nodes the pipeline may run on
     * @param timeoutMillis how long each node may take to answer, in milliseconds
     * @return each node's place, in the order of {@code nodes}
     * @throws IOException naming a node that did not answer or failed to say
     * @throws InterruptedException if the thread is interrupted while it waits for the answers
     */
    public static List<Place> places(ControlAgent agent, List<Node> nodes, long timeoutMillis) throws IOException, InterruptedException {
        List<PlaceFacts.Facts> facts = agent.performEverywhere(nodes, n -> PlaceFacts.plan(), timeoutMillis);
        List<Place> places = new ArrayList<>();
        for (int k = 0; k < nodes.size(); k++) {
            places.add(facts.get(k).place(nodes.get(k)));
        }
        return places;
    }

    /**
     * Runs {@code placement} on {@code nodes} as the river {@code name}, its filters' modules from
     * Tigris or from {@code jar} (null: none), each attempt bounded by {@code timeoutMillis}. While
     * nodes are lost the whole river runs again, a lost node's modules moved to the next node up
     * ({@link MovingPlanner}: its sources must replay); once an attempt completes, the job is
     * committed.
     *
     * @param agent the agent that reaches the nodes
     * @param nodes the job's nodes: those of {@code placement}'s places, in order
     * @param placement where each filter runs and how each pipe is made
     * @param name the river's name
     * @param jarName the name the jar of the application's filters is pushed under; null with
     *            {@code jar} null
     * @param jar the jar's bytes, or null for a pipeline of Tigris's own filters; not copied
     * @param timeoutMillis how long each attempt may take, in milliseconds
     * @return how the job went: its attempts, the nodes lost and what it committed
     * @throws RiverJob.JobFailedException saying why the job could not finish (its outputs discarded)
     * @throws IOException if a node cannot be reached
     * @throws InterruptedException if the thread is interrupted while the job runs
     */
    public static RiverJob.Outcome run(ControlAgent agent, List<Node> nodes, Placement placement, String name, String jarName, byte[] jar, long timeoutMillis)
                    throws IOException, InterruptedException {
        PlacedRiver river = placement.river(name);
        Map<String, List<Node>> at = new LinkedHashMap<>();
        river.modules().forEach((module, place) -> at.put(module, nodes.stream().filter(n -> n.name().equals(place.node())).toList()));
        MovingPlanner moving = new MovingPlanner(river.graph(), at, nodes, jarName, jar);
        return RiverJob.run(agent, name, nodes, moving, timeoutMillis, new RiverJob.Following() {
        });
    }
}
