/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import tigris.transport.Site;
import tigris.transport.Transport;
import tigris.transport.Transports;
import tigris.node.ControlAgent.Node;

/**
 * One TigrisSort across nodes: each node sorts the records of its own input file into its own
 * output file, and the nodes' files, in the order the nodes are listed, hold the key ranges in
 * order (so {@code valsort -o} on each and {@code valsort -s} on the summaries validate the
 * whole, as the Sort Benchmark does for clusters). Paths are as the node's host sees them;
 * {@code {node}} in a path becomes the node's name, which nodes sharing a host need.
 *
 * @param nodes the nodes, in order: node i's output holds the i-th group of key ranges
 * @param input each node's input file, as its host sees it
 * @param output each node's output file, as its host sees it
 * @param partitionersPerNode partitioners on each node, reading consecutive stripes of its input
 * @param sortersPerNode sorters on each node, each a key range; node i holds ranges i*S..i*S+S-1
 * @param memoryPerSorter bytes each sorter may hold records in before it spills runs to {@code tmp}
 * @param tmp the directory the sorters spill runs to, on each node
 * @param water bytes of records per Water, a positive multiple of 100
 * @param window Waters in flight per reservoir
 * @param sync sorters force their output to disk before the sort reports done
 * @param direct sorters write with O_DIRECT where their file system allows it ({@link SortPlan})
 * @param transport the id of the transport that joins partitioners and sorters on different
 *        nodes: tcp, shm (nodes on one host, listed at one address), verbs (each node listed at an
 *        address of its RDMA device), file (one host), or another registered one
 * @param mirror where each node holds the copy of the previous node's input ({@code {stripe}} in
 *        it names the node copied, {@code {node}} the holder); null: no mirrors
 */
public record ClusterSortPlan(List<Node> nodes, String input, String output, int partitionersPerNode, int sortersPerNode, long memoryPerSorter,
                String tmp, int water, int window, boolean sync, boolean direct, String transport, String mirror) {
    private static final String NODE = "{node}";
    private static final String STRIPE = "{stripe}";

    /**
     * A plan without mirrors: each node's input is read by its own partitioners only.
     *
     * @param nodes the nodes, in order; not null, nor empty
     * @param input each node's input file ({@code {node}} needed when nodes share a host)
     * @param output each node's output file ({@code {node}} needed when nodes share a host)
     * @param partitionersPerNode partitioners on each node, 1 or more
     * @param sortersPerNode sorters on each node, 1 or more; at most 4096 sorters in all
     * @param memoryPerSorter bytes each sorter may hold records in, at least 1 MiB
     * @param tmp the directory the sorters spill runs to
     * @param water bytes of records per Water, a positive multiple of 100
     * @param window Waters in flight per reservoir, 1 or more
     * @param sync whether sorters force their output to disk
     * @param direct whether sorters write with O_DIRECT where allowed
     * @param transport the id of the transport between nodes; not null
     * @throws IllegalArgumentException as the canonical constructor
     */
    public ClusterSortPlan(List<Node> nodes, String input, String output, int partitionersPerNode, int sortersPerNode, long memoryPerSorter,
                    String tmp, int water, int window, boolean sync, boolean direct, String transport) {
        this(nodes, input, output, partitionersPerNode, sortersPerNode, memoryPerSorter, tmp, water, window, sync, direct, transport, null);
    }

    /**
     * Checks the plan; {@code nodes} is copied.
     *
     * @param nodes the nodes, in order; not null, nor empty, each name once
     * @param input each node's input file ({@code {node}} needed when nodes share a host)
     * @param output each node's output file ({@code {node}} needed when nodes share a host)
     * @param partitionersPerNode partitioners on each node, 1 or more
     * @param sortersPerNode sorters on each node, 1 or more; at most 4096 sorters in all
     * @param memoryPerSorter bytes each sorter may hold records in, at least 1 MiB
     * @param tmp the directory the sorters spill runs to
     * @param water bytes of records per Water, a positive multiple of 100
     * @param window Waters in flight per reservoir, 1 or more
     * @param sync whether sorters force their output to disk
     * @param direct whether sorters write with O_DIRECT where allowed
     * @param transport the id of a registered transport; not null
     * @param mirror the copies' path, with {@code {stripe}}, needing two nodes or more; or null
     * @throws NullPointerException if {@code transport} or {@code nodes} is null
     * @throws IllegalArgumentException if a count or size is out of range, a node is listed twice,
     *         nodes share a host without {@code {node}} in both paths, the transport is unknown or
     *         cannot join the nodes, or the mirror path is refused; the message says which
     */
    public ClusterSortPlan {
        nodes = List.copyOf(nodes);
        Transport joins = Transports.byId(Objects.requireNonNull(transport, "transport"));
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("a sort across nodes needs at least one node");
        }
        if (partitionersPerNode < 1 || sortersPerNode < 1) {
            throw new IllegalArgumentException("each node needs at least one partitioner and one sorter (got " + partitionersPerNode + " and "
                            + sortersPerNode + ")");
        }
        if ((long) nodes.size() * sortersPerNode > 4096) {
            throw new IllegalArgumentException("at most 4096 sorters in all, got " + nodes.size() + " x " + sortersPerNode);
        }
        SortPlan.checkSizes(water, window, memoryPerSorter);
        if (mirror != null && (nodes.size() < 2 || !mirror.contains(STRIPE))) {
            throw new IllegalArgumentException("--mirror " + mirror + ": mirrored inputs need two nodes or more, and " + STRIPE
                            + " in the path (the name of the node whose input the file copies)");
        }
        Map<String, Node> names = new HashMap<>();
        Map<String, Node> hosts = new HashMap<>();
        for (Node n : nodes) {
            Node twin = names.put(n.name(), n);
            if (twin != null) {
                throw new IllegalArgumentException("node " + n.name() + " is listed twice (" + twin + " and " + n + ")");
            }
            Node neighbour = hosts.put(n.host(), n);
            // Nodes on one host see one file system: without {node}, they would all read the same
            // input (sorting it twice) and write the same output.
            if (neighbour != null && (!input.contains(NODE) || !output.contains(NODE))) {
                throw new IllegalArgumentException("nodes " + neighbour.name() + " and " + n.name() + " share host " + n.host()
                                + ": the input and output paths need {node} in them (got " + input + " and " + output + ")");
            }
            Node first = nodes.get(0);
            if (!joins.canJoin(new Site(first.name(), first.host()), new Site(n.name(), n.host()))) {
                throw new IllegalArgumentException("--transport " + transport + ": " + joins.joinRule() + "; " + first + " and " + n + " are not");
            }
        }
    }

    /**
     * All sorters, one key range each.
     *
     * @return nodes x sorters per node
     */
    public int sorters() {
        return nodes.size() * sortersPerNode;
    }

    /**
     * All partitioners of a sort without mirrors (a mirrored sort has one reader a node up).
     *
     * @return nodes x partitioners per node
     */
    public int partitioners() {
        return nodes.size() * partitionersPerNode;
    }

    /**
     * Whether each node's input has a copy on the next node (graduated declustering: {@link ClusterSort}).
     *
     * @return whether {@link #mirror()} is given
     */
    public boolean mirrored() {
        return mirror != null;
    }

    /**
     * The node holding the copy of node {@code owner}'s input: the next one in the list, the first
     * after the last.
     *
     * @param owner the index of the node whose input is copied, 0 to nodes - 1
     * @return the holder
     */
    public Node mirrorHolder(int owner) {
        return nodes.get((owner + 1) % nodes.size());
    }

    /**
     * The path of node {@code owner}'s input copy on its holder, {@code {node}} left for the
     * holder to fill in. Only for a {@link #mirrored()} plan.
     *
     * @param owner the node whose input is copied
     * @return the mirror path with {@code {stripe}} replaced by {@code owner}'s name
     * @throws NullPointerException if the plan has no mirror
     */
    public String mirrorOf(Node owner) {
        return mirror.replace(STRIPE, owner.name());
    }

    /**
     * Where the output part of lost node {@code owner} is rebuilt on a node still up: the output
     * path as {@code owner} sees it when the path names {@code {node}} (so it differs from the
     * survivor's own part), else the output path with {@code .NAME} added.
     *
     * @param owner the lost node
     * @return the path of its rebuilt part, as the survivor sees it
     */
    public String rebuiltOutput(Node owner) {
        return output.contains(NODE) ? on(owner, output) : output + "." + owner.name();
    }

    /**
     * {@code path} as node {@code n} sees it.
     *
     * @param n the node
     * @param path a path that may name {@code {node}}
     * @return {@code path} with every {@code {node}} replaced by {@code n}'s name
     */
    public static String on(Node n, String path) {
        return path.replace(NODE, n.name());
    }
}
