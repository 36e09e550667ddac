/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.node.ControlAgent.Node;

/**
 * One attempt of a mirrored sort across nodes ({@link ClusterSort}): the river on the nodes still
 * up, sorting the key ranges whose output is not whole yet. The first attempt is the whole sort.
 * After nodes are lost, the next reads every stripe from a copy on a node still up (a lost node's
 * input from its mirror), deals each stripe from a node holding it, and sorts the ranges not
 * finished: a survivor's own unfinished ranges on the survivor, a lost node's ranges on the next
 * node up after it, into that node's file of the lost node's part ({@link ClusterSortPlan#rebuiltOutput}).
 *
 * @param number 1 for the first attempt
 * @param graph the river, named for the sort; it runs as attempt {@code number} of that river
 *        ({@link #river()}: the epoch, so nothing of an earlier attempt reaches it)
 * @param placement the node of every module instance
 * @param share the key ranges this attempt sorts, sorter instance i taking {@code share.ranges().get(i)}
 * @param sorterNodes the node of each sorter instance
 * @param rebuilt for each lost node whose ranges this attempt sorts, the node that sorts them
 */
public record SortAttempt(int number, RiverGraph graph, Map<String, List<Node>> placement, RangeShare share, List<Node> sorterNodes,
                Map<Node, Node> rebuilt) {
    /**
     * An attempt; the map and lists are copied, unmodifiable.
     *
     * @param number 1 for the first attempt
     * @param graph the attempt's river
     * @param placement the node of every module instance, by module name; not null
     * @param share the key ranges this attempt sorts
     * @param sorterNodes the node of each sorter instance; not null, nor any element
     * @param rebuilt the node rebuilding each lost node's ranges; not null
     * @throws NullPointerException if {@code placement}, {@code sorterNodes} or {@code rebuilt} is
     *         null, or {@code sorterNodes} holds null
     */
    public SortAttempt {
        placement = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(placement));
        sorterNodes = List.copyOf(sorterNodes);
        rebuilt = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(rebuilt));
    }

    /**
     * The river attempt this is: the sort's river at epoch {@code number}.
     *
     * @return the graph's name with {@link #number()} as its epoch
     */
    public tigris.RiverAttempt river() {
        return new tigris.RiverAttempt(graph.name(), number);
    }

    /** Chunks a mirrored input's reader may hold dealt and not yet read: small, so a slow copy is dealt little. */
    static final int TICKET_WINDOW = 2;

    /**
     * The river of attempt {@code number}: a reader ({@link MirroredPartitionModule}) on each node
     * up, a {@link ChunkDealer} per stripe, and a sorter per key range not finished.
     *
     * @param plan the sort
     * @param id the sort's id (its rivers are named by it)
     * @param number the attempt's number, 1 for the first; the river's epoch
     * @param stripeRecords the records of each node's input (stripe i is node i's)
     * @param splitters the key ranges' bounds, the same in every attempt
     * @param lost the nodes lost so far
     * @param finished the key ranges whose output is whole on a node that is up
     * @return the attempt
     * @throws SortFailedException if some stripe has no copy on a node still up, naming its holders
     * @throws IllegalArgumentException if every key range is finished: there is nothing to attempt
     */
    public static SortAttempt of(ClusterSortPlan plan, String id, int number, long[] stripeRecords, KeySplitters splitters, Set<Node> lost,
                    Collection<Integer> finished) throws SortFailedException {
        List<Node> nodes = plan.nodes();
        int n = nodes.size();
        List<Node> up = nodes.stream().filter(x -> !lost.contains(x)).toList();
        for (int s = 0; s < n; s++) {
            if (lost.contains(nodes.get(s)) && lost.contains(plan.mirrorHolder(s))) {
                throw new SortFailedException("the input of node " + nodes.get(s).name() + " is lost: it and "
                                + plan.mirrorHolder(s).name() + ", the holder of its copy, were both lost", null);
            }
        }
        // Readers: one per node up, holding its own stripe and the copy of the previous node's.
        List<Map<Integer, Path>> copies = new ArrayList<>();
        Map<String, List<Node>> placement = new LinkedHashMap<>();
        for (int r = 0; r < up.size(); r++) {
            int i = nodes.indexOf(up.get(r));
            int previous = (i + n - 1) % n;
            Map<Integer, Path> held = new TreeMap<>();
            held.put(i, Path.of(plan.input()));
            held.put(previous, Path.of(plan.mirrorOf(nodes.get(previous))));
            copies.add(held);
            placement.put("read-" + r, List.of(up.get(r)));
        }
        // Each stripe dealt from its owner, or else from the holder of its copy.
        for (int s = 0; s < n; s++) {
            Node owner = nodes.get(s);
            placement.put("deal-" + s, List.of(lost.contains(owner) ? plan.mirrorHolder(s) : owner));
        }
        // The ranges not finished, each on its owner or, for a lost owner, on the next node up.
        int perNode = plan.sortersPerNode();
        List<Integer> ranges = new ArrayList<>();
        List<Node> sorterNodes = new ArrayList<>();
        Map<Integer, Path> moved = new TreeMap<>();
        Map<Node, Node> rebuilt = new LinkedHashMap<>();
        for (int range = 0; range < plan.sorters(); range++) {
            if (finished.contains(range)) {
                continue;
            }
            int i = range / perNode;
            Node owner = nodes.get(i);
            Node on = owner;
            if (lost.contains(owner)) {
                on = nextUp(nodes, i, lost);
                moved.put(i * perNode, Path.of(plan.rebuiltOutput(owner)));
                rebuilt.put(owner, on);
            }
            ranges.add(range);
            sorterNodes.add(on);
        }
        if (ranges.isEmpty()) {
            throw new IllegalArgumentException("attempt " + number + " of sort " + id + " has no key range left to sort");
        }
        placement.put("sort", sorterNodes);
        RangeShare share = new RangeShare(plan.sorters(), ranges, moved);
        SortParameters sorting = new SortParameters(Path.of(plan.output()), SortParameters.Layout.SHARED, perNode, up.size(), plan.memoryPerSorter(),
                        Path.of(plan.tmp()), plan.sync(), plan.direct(), 0, null);
        String name = "tigris-sort-" + id;
        RiverGraph g = SortGraph.mirrored(name, stripeRecords, ChunkDealer.CHUNK.orElse(), copies, splitters, plan.water(), share, sorting,
                        ReservoirSpec.of(TICKET_WINDOW, ChunkTicketDescriptor.BYTES).across(plan.transport()),
                        ReservoirSpec.of(plan.window(), plan.water()).across(plan.transport()), MirroredPartitionModule.class);
        return new SortAttempt(number, g, placement, share, List.copyOf(sorterNodes), rebuilt);
    }

    /** The first node after node {@code i}, in list order and round, that is not lost. */
    private static Node nextUp(List<Node> nodes, int i, Set<Node> lost) {
        for (int k = 1; k < nodes.size(); k++) {
            Node next = nodes.get((i + k) % nodes.size());
            if (!lost.contains(next)) {
                return next;
            }
        }
        throw new IllegalStateException("no node is up");
    }
}
