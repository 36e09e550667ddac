/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

import tigris.ModuleThread;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.node.ControlAgent.RunReport;
import tigris.node.NodeActionException;
import tigris.node.RiverJob;

/**
 * Runs a {@link ClusterSortPlan} from the control agent. First a {@link KeySampleAction} on every
 * node checks its files and samples its keys; the agent chooses the key ranges from all samples,
 * weighting each node's by its records. Then the sort, a river of Tigris's own modules: P
 * partitioners and S sorters per node, every partitioner joined to every sorter (memory
 * reservoirs within a node; TCP, shared memory or verbs across), sorter ranges in node order.
 * Progress comes from the modules' reports in the nodes' status. The sorters write their parts
 * under the attempt's own names; a sort that finished commits them (each node puts its parts in
 * place, then the job's marker beside each: {@link ControlAgent#commit}), and a failed sort has
 * every node delete what it staged, so an output is never half written.
 *
 * <p>The sort is a {@link RiverJob}, the runtime's recovery, with {@link SortAttempts} as its
 * planner: a sort from mirrored inputs runs in attempts ({@link SortAttempt}); when a node is
 * lost, the next attempt runs on the nodes still up, reads every input from a copy there and
 * sorts the key ranges not yet written whole, the lost node's into its part on the next node up.
 * The runtime fences the lost nodes and commits the parts.
 */
public final class ClusterSort {
    /** How long the agent waits for a river at most: a day (dead nodes are noticed within seconds). */
    private static final long TIMEOUT_MILLIS = 24 * 3600 * 1000L;

    private ClusterSort() {
    }

    /**
     * Runs the sort across the plan's nodes.
     *
     * @param plan the sort
     * @param agent the control agent, connected to the plan's nodes
     * @param progress called every {@code progressMillis} as the nodes' statuses come, and once
     *        at the end; null for none
     * @param progressMillis milliseconds between progress calls
     * @return the report of the sort, once every node's part is committed
     * @throws SortFailedException if a node cannot be reached or refuses its files before the sort
     *         starts, a mirror copy differs from its input, or the sort fails (then every node
     *         deletes what it staged)
     * @throws IOException if the agent cannot talk to the nodes
     * @throws InterruptedException if this thread is interrupted while it waits for the nodes
     */
    public static SortReport run(ClusterSortPlan plan, ControlAgent agent, Consumer<SortProgress> progress, long progressMillis)
                    throws IOException, InterruptedException {
        return run(plan, agent, progress, progressMillis, river -> {
        });
    }

    /**
     * As {@link #run(ClusterSortPlan, ControlAgent, Consumer, long)}, handing {@code onRiver} each
     * attempt's river once it is grown (a live view shows it).
     *
     * @param plan the sort
     * @param agent the control agent, connected to the plan's nodes
     * @param progress called every {@code progressMillis} as the nodes' statuses come, and once
     *        at the end; null for none
     * @param progressMillis milliseconds between progress calls
     * @param onRiver called with each attempt's river as it is grown (a later attempt's saying how
     *        the earlier ones ended); not null
     * @return the report of the sort, once every node's part is committed
     * @throws SortFailedException if a node cannot be reached or refuses its files before the sort
     *         starts, a mirror copy differs from its input, or the sort fails (then every node
     *         deletes what it staged)
     * @throws IOException if the agent cannot talk to the nodes
     * @throws InterruptedException if this thread is interrupted while it waits for the nodes
     */
    public static SortReport run(ClusterSortPlan plan, ControlAgent agent, Consumer<SortProgress> progress, long progressMillis,
                    Consumer<tigris.view.SnapshotSource> onRiver) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        String id = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        List<Node> nodes = plan.nodes();

        // 1. Check every node's files (and the copy it holds) and sample its keys.
        int samples = (int) Math.min(1_000_000 / nodes.size(), (long) LocalSort.SAMPLES_PER_SORTER * plan.sorters());
        KeySampleAction sample = new KeySampleAction(plan.input(), plan.output(), plan.tmp(), plan.partitionersPerNode(), plan.sortersPerNode(),
                        plan.memoryPerSorter(), samples, null, null);
        List<KeySample> sampled;
        try {
            sampled = agent.performEverywhere(nodes,
                            n -> {
                                if (!plan.mirrored()) {
                                    return sample.plan();
                                }
                                Node owner = nodes.get((nodes.indexOf(n) + nodes.size() - 1) % nodes.size());
                                return sample.holding(plan.mirrorOf(owner), owner.name()).plan();
                            },
                            TIMEOUT_MILLIS);
        } catch (NodeActionException e) {
            throw new SortFailedException("sort across " + nodes.size() + " nodes did not start: " + e.getMessage(), null);
        }
        if (plan.mirrored()) {
            checkCopies(plan, sampled);
        }
        long[] records = sampled.stream().mapToLong(KeySample::records).toArray();
        List<long[]> prefixes = sampled.stream().map(KeySample::prefixes).toList();
        KeySplitters splitters = KeySplitters.ofSample(weighted(prefixes, records), plan.sorters());
        long total = Arrays.stream(records).sum();
        long tSampled = System.nanoTime();

        // 2. The sort: one river, or for a mirrored input as many attempts as lost nodes take; then the commit.
        SortAttempts attempts = new SortAttempts(plan, id, records, splitters, t0);
        long[] partitionEnd = {0};
        long[] attemptStart = {0};
        long[] lastReport = {0};
        SortProgress[] last = {null};
        RiverJob.Outcome outcome;
        try {
            outcome = RiverJob.run(agent, "tigris-sort-" + id, nodes, attempts, TIMEOUT_MILLIS, new RiverJob.Following() {
                @Override
                public void grown(ControlAgent.RiverRun run, List<String> notes) {
                    attemptStart[0] = System.nanoTime();
                    partitionEnd[0] = 0;
                    // A later attempt's view says how the earlier ones ended: the lost node stays in sight.
                    onRiver.accept(RiverJob.Following.view(run, notes));
                }

                @Override
                public void statuses(tigris.RiverAttempt attempt, List<RunReport.Entry> entries) {
                    long now = System.nanoTime();
                    SortProgress p = progressOf(total, entries, now - t0, attempts);
                    last[0] = p;
                    if (partitionEnd[0] == 0 && p.partitioned() >= total && entries.stream()
                                    .allMatch(e -> !(e.report() instanceof PartitionerReport) || e.state() == ModuleThread.State.ENDED)) {
                        partitionEnd[0] = now - attemptStart[0];
                    }
                    if (progress != null && now - lastReport[0] >= progressMillis * 1_000_000) {
                        lastReport[0] = now;
                        progress.accept(p);
                    }
                }
            });
        } catch (RiverJob.JobFailedException e) {
            throw new SortFailedException("sort across " + nodes.size() + " nodes failed: " + e.getMessage(), null);
        }
        attempts.fencing(outcome.losses(), agent.lease().toMillis());
        RiverJob.Ended done = outcome.last();
        long elapsed = System.nanoTime() - t0;
        long partitioned = partitionEnd[0] == 0 ? elapsed - (done.startNanos() - t0) : partitionEnd[0];
        if (progress != null) {
            // The last attempt's last statuses, before its ranges joined the finished ones (its sorters' rows count them).
            progress.accept(new SortProgress(total, total, total, last[0] == null ? "" : last[0].sorterPhases(), elapsed, attempts.number(),
                            attempts.lostNames()));
        }
        long sort = 0;
        long write = 0;
        int runs = 0;
        int sorters = 0;
        int direct = 0;
        for (RunReport.Entry e : done.report().entries()) {
            if (e.report() instanceof SorterReport r) {
                sorters++;
                sort = Math.max(sort, r.sortNanos());
                write = Math.max(write, r.writeNanos());
                runs += r.runs();
                direct += r.direct() ? 1 : 0;
            }
        }
        // A mirrored sort's ranges may come from several attempts: count them all, and the last attempt's readers.
        boolean mirrored = plan.mirrored();
        return new SortReport(Path.of(plan.input()), Path.of(plan.output()), total, nodes.size(), mirrored ? attempts.readers() : plan.partitioners(),
                        plan.sorters(), mirrored ? attempts.runs() : runs, tSampled - t0, partitioned, sort, write, elapsed,
                        done.reservoirs() + ", carrying records", mirrored ? attempts.writes() : SortReport.writes(direct, sorters), attempts.losses());
    }

    /**
     * Refuses a mirrored sort whose copies are not their originals (by length and {@link
     * RecordFileDigest}): the readers of a stripe read either file, so a copy that differs would
     * put its records into the output in place of the original's.
     */
    private static void checkCopies(ClusterSortPlan plan, List<KeySample> sampled) throws SortFailedException {
        List<Node> nodes = plan.nodes();
        for (int s = 0; s < nodes.size(); s++) {
            KeySample original = sampled.get(s);
            KeySample holder = sampled.get((s + 1) % nodes.size());
            if (!holder.holdsCopyOf(original)) {
                throw new SortFailedException("sort across " + nodes.size() + " nodes did not start: the copy of node " + nodes.get(s).name() + "'s input on "
                                + plan.mirrorHolder(s).name() + " (" + ClusterSortPlan.on(plan.mirrorHolder(s), plan.mirrorOf(nodes.get(s))) + ") "
                                + (holder.copyRecords() != original.records()
                                                ? "holds " + holder.copyRecords() + " records, the input " + original.records()
                                                : "differs from the input in the " + Math.min(RecordFileDigest.RECORDS, original.records())
                                                                + " records compared at evenly spaced places")
                                + ": a stale or wrong copy (--mirror copies must be the same bytes as the inputs)", null);
            }
        }
    }

    /** The river of a sort without mirrors: P partitioners and S sorters a node, every partitioner joined to every sorter. */
    static RiverGraph plainGraph(ClusterSortPlan plan, String id, KeySplitters splitters) {
        PartitionParameters partition = PartitionParameters.striped(Path.of(plan.input()), plan.partitionersPerNode(), splitters, plan.water(),
                        PartitionParameters.Payload.RECORDS);
        SortParameters sorting = new SortParameters(Path.of(plan.output()), SortParameters.Layout.SHARED, plan.sortersPerNode(), plan.partitioners(),
                        plan.memoryPerSorter(), Path.of(plan.tmp()), plan.sync(), plan.direct(), 0, null);
        return SortGraph.build("tigris-sort-" + id, plan.partitioners(), partition, plan.sorters(), sorting,
                        ReservoirSpec.of(plan.window(), plan.water()).across(plan.transport()));
    }

    static Map<String, List<Node>> plainPlacement(ClusterSortPlan plan) {
        Map<String, List<Node>> placement = new LinkedHashMap<>();
        placement.put("partition", spread(plan.nodes(), plan.partitionersPerNode()));
        placement.put("sort", spread(plan.nodes(), plan.sortersPerNode()));
        return placement;
    }

    /** Each node listed {@code perNode} times in a row: instance i runs on node i / perNode. */
    private static List<Node> spread(List<Node> nodes, int perNode) {
        List<Node> out = new ArrayList<>();
        for (Node n : nodes) {
            for (int i = 0; i < perNode; i++) {
                out.add(n);
            }
        }
        return out;
    }

    /**
     * One sample of the whole input from the nodes' samples: every node sampled as many prefixes,
     * so a node keeps a share of its own in proportion to its records.
     */
    static long[] weighted(List<long[]> prefixes, long[] records) {
        long most = Arrays.stream(records).max().orElse(0);
        int[] keep = new int[records.length];
        for (int i = 0; i < records.length; i++) {
            keep[i] = most == 0 ? 0 : (int) Math.round((double) prefixes.get(i).length * records[i] / most);
        }
        long[] all = new long[Arrays.stream(keep).sum()];
        int n = 0;
        for (int i = 0; i < records.length; i++) {
            long[] p = prefixes.get(i);
            for (int k = 0; k < keep[i]; k++) {
                all[n++] = p[(int) ((long) p.length * k / keep[i])];
            }
        }
        return all;
    }

    private static SortProgress progressOf(long total, List<RunReport.Entry> entries, long elapsed, SortAttempts attempts) {
        long read = 0;
        long received = attempts.finishedRecords();
        StringBuilder phases = new StringBuilder();
        for (RunReport.Entry e : entries) {
            switch (e.report()) {
                case PartitionerReport p -> read += p.read();
                case SorterReport r -> {
                    received += r.received();
                    phases.append(SortProgress.letter(r.phase()));
                }
                default -> {
                    // another module's report
                }
            }
        }
        return new SortProgress(total, read, received, phases.toString(), elapsed, attempts.number(),
                        attempts.lostNames());
    }
}
