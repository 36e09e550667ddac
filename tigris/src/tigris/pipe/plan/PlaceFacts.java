/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import tigris.node.ActionPlan;
import tigris.node.ControlAgent.Node;
import tigris.node.NodeAction;
import tigris.node.NodeContext;
import tigris.pipe.ExecPolicy;

/**
 * What the planner must know of a node, asked of the node itself (a {@link NodeAction} of
 * Tigris's own): its cores, the machine whose CPUs it shares (network-namespace hosts on one
 * machine share one), whether its host has an RDMA device, and the programs it runs as processes.
 */
public final class PlaceFacts implements NodeAction<PlaceFacts.Facts> {
    /** Made by the node from an {@link ActionPlan}. */
    public PlaceFacts() {
    }

    /**
     * A node's facts.
     *
     * @param cores the CPUs the node's JVM has ({@link Runtime#availableProcessors()})
     * @param machine the machine's identity (/etc/machine-id), or the node's name where it has none
     * @param verbs whether the node's host has an RDMA device ({@code /sys/class/infiniband} lists one)
     * @param programs the file names of the programs it runs as processes; null: any
     */
    public record Facts(int cores, String machine, boolean verbs, String[] programs) implements Serializable {
        private static final long serialVersionUID = 1L;

        /**
         * The place of node {@code n} with these facts.
         *
         * @param n the node that told them
         * @return the place: named after the node, at its host, not local
         */
        public Place place(Node n) {
            return new Place(n.name(), n.host(), machine, cores, verbs, false, programs == null ? null : Set.of(programs));
        }
    }

    /**
     * The plan of asking a node its facts.
     *
     * @return the action plan, with no parameters
     */
    public static ActionPlan<Facts> plan() {
        return ActionPlan.of(PlaceFacts.class, Map.of());
    }

    /**
     * Tells the node's facts: its cores, {@code /etc/machine-id} (or {@code node NAME} where it is
     * unreadable or empty), whether {@code /sys/class/infiniband} lists a device, and
     * {@link ExecPolicy#allowedNames()}.
     */
    @Override
    public Facts perform(NodeContext node, Map<String, String> parameters) throws IOException {
        Path id = Path.of("/etc/machine-id");
        String machine = Files.isReadable(id) ? Files.readString(id).trim() : "";
        Path rdma = Path.of("/sys/class/infiniband");
        boolean verbs = false;
        if (Files.isDirectory(rdma)) {
            try (var devices = Files.list(rdma)) {
                verbs = devices.findAny().isPresent();
            }
        }
        Set<String> programs = ExecPolicy.allowedNames();
        return new Facts(Runtime.getRuntime().availableProcessors(), machine.isEmpty() ? "node " + node.name() : machine, verbs,
                        programs == null ? null : programs.toArray(String[]::new));
    }

    @Override
    public String describe(Map<String, String> parameters) {
        return "telling the pipeline planner its cores, machine, RDMA device and allowed programs";
    }
}
