/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import java.util.LinkedHashMap;
import java.util.Map;

import tigris.node.ActionPlan;
import tigris.node.NodeAction;
import tigris.node.NodeContext;

/**
 * The first step of a sort across nodes, on each node: checks the node's side of the sort as
 * {@link SortPlan#check()} does on one machine (its input holds whole records, its output's
 * directory exists and is not the input, its disks have room, estimating the output by the
 * input), then samples the input's key prefixes for the agent, which chooses the key ranges
 * from every node's sample.
 *
 * <p>The agent sends it as an {@link ActionPlan} ({@link #plan()}), the node makes it again from
 * the plan's parameters and performs it ({@link OnNode}): the sort's own node action, which the
 * runtime knows only by the name in the plan.
 *
 * @param input the node's input ({@code {node}} becomes the node's name, here and in the other paths)
 * @param output the node's output file
 * @param tmp where runs spill
 * @param partitioners partitioners on this node
 * @param sorters sorters on this node
 * @param memoryPerSorter bytes each sorter may hold
 * @param samples prefixes to sample
 * @param copy the copy of another node's input this node holds (a mirrored sort), or null
 * @param copyOf the node whose input {@code copy} copies (for messages), or null
 */
public record KeySampleAction(String input, String output, String tmp, int partitioners, int sorters, long memoryPerSorter, int samples,
                String copy, String copyOf) {
    /**
     * Checks the action's parameters.
     *
     * @param input the node's input; not null
     * @param output the node's output file; not null
     * @param tmp where runs spill; not null
     * @param partitioners partitioners on this node, 1 or more
     * @param sorters sorters on this node, 1 or more
     * @param memoryPerSorter bytes each sorter may hold, 1 or more
     * @param samples prefixes to sample, 0 or more
     * @param copy the copy this node holds, or null
     * @param copyOf the node whose input {@code copy} copies, or null
     * @throws IllegalArgumentException if a path is null or a count out of range
     */
    public KeySampleAction {
        if (input == null || output == null || tmp == null) {
            throw new IllegalArgumentException("key sample: input, output and tmp are needed");
        }
        if (partitioners < 1 || sorters < 1 || memoryPerSorter < 1 || samples < 0) {
            throw new IllegalArgumentException("key sample: " + partitioners + " partitioner(s), " + sorters + " sorter(s), " + memoryPerSorter
                            + " bytes per sorter, " + samples + " samples");
        }
    }

    /**
     * This action as the agent sends it to a node.
     *
     * @return a plan naming {@link OnNode}, with this action's fields as its parameters
     */
    public ActionPlan<KeySample> plan() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("input", input);
        p.put("output", output);
        p.put("tmp", tmp);
        p.put("partitioners", Integer.toString(partitioners));
        p.put("sorters", Integer.toString(sorters));
        p.put("memory-per-sorter", Long.toString(memoryPerSorter));
        p.put("samples", Integer.toString(samples));
        if (copy != null) {
            p.put("copy", copy);
            p.put("copy-of", copyOf);
        }
        return ActionPlan.of(OnNode.class, p);
    }

    /** The action made again from its plan's parameters; IllegalArgumentException naming a parameter that is missing or not a number. */
    static KeySampleAction from(Map<String, String> p) {
        try {
            return new KeySampleAction(p.get("input"), p.get("output"), p.get("tmp"), Integer.parseInt(p.get("partitioners")), Integer.parseInt(p.get("sorters")),
                            Long.parseLong(p.get("memory-per-sorter")), Integer.parseInt(p.get("samples")), p.get("copy"), p.get("copy-of"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("key sample: a count is missing or not a number in " + p);
        }
    }

    /** The node's side: the action made from the plan, performed. */
    public static final class OnNode implements NodeAction<KeySample> {
        /** Made by the node from an {@link ActionPlan}. */
        public OnNode() {
        }

        @Override
        public KeySample perform(NodeContext node, Map<String, String> parameters) throws IOException {
            return from(parameters).perform(node);
        }

        @Override
        public String describe(Map<String, String> parameters) {
            return from(parameters).describe();
        }
    }

    /**
     * Checks this node's side of the sort and samples its input (and its copy's digest, in a
     * mirrored sort). Only reads: nothing is written.
     *
     * @param node the node it runs on, which resolves {@code {node}} in the paths
     * @return the node's record count, sampled prefixes and, with a copy, the digests
     * @throws IOException if a check fails ({@link SortPlan#check}) or the input or copy cannot be
     *         read, or the copy is not whole records; the message names the file
     */
    public KeySample perform(NodeContext node) throws IOException {
        Path in = node.path(input);
        SortPlan plan = new SortPlan(in, node.path(output), partitioners, sorters, memoryPerSorter, node.path(tmp), RecordGenerator.RECORD_BYTES, 1,
                        false, true);
        long records = plan.check();
        long[] prefixes = KeySplitters.samplePrefixes(in, 0, records, samples);
        if (copy == null) {
            return new KeySample(records, prefixes, 0, -1, 0);   // no copies to compare: no digest read
        }
        long digest = RecordFileDigest.of(in, records);
        Path c = node.path(copy);
        long bytes;
        try {
            bytes = Files.size(c);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IOException("the copy of node " + copyOf + "'s input is not at " + c, e);
        } catch (IOException e) {
            throw new IOException("cannot read the copy of node " + copyOf + "'s input at " + c + ": " + e, e);
        }
        if (bytes % RecordGenerator.RECORD_BYTES != 0) {
            throw new IOException("the copy of node " + copyOf + "'s input at " + c + " has " + bytes + " bytes, not a whole number of "
                            + RecordGenerator.RECORD_BYTES + "-byte records");
        }
        long copyRecords = bytes / RecordGenerator.RECORD_BYTES;
        return new KeySample(records, prefixes, digest, copyRecords, RecordFileDigest.of(c, copyRecords));
    }

    /**
     * This action on a node that holds {@code copy} (the path as that node sees it), the copy of
     * node {@code owner}'s input.
     *
     * @param copy the copy's path on the holder ({@code {node}} becomes the holder's name)
     * @param owner the name of the node whose input it copies
     * @return a new action, this one's with the copy
     */
    public KeySampleAction holding(String copy, String owner) {
        return new KeySampleAction(input, output, tmp, partitioners, sorters, memoryPerSorter, samples, copy, owner);
    }

    /**
     * A few words for the node's messages.
     *
     * @return what the action does, naming the input (and the copy)
     */
    public String describe() {
        return "checking and sampling input " + input + (copy == null ? "" : " and the copy of node " + copyOf + "'s input, " + copy);
    }
}
