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
import tigris.node.RemoveFileAction;

/**
 * Runs a {@link ClusterSortPlan} from the control agent. First a {@link KeySampleAction} on every
 * node checks its files and samples its keys; the agent chooses the key ranges from all samples,
 * weighting each node's by its records. Then the sort, a river of Tigris's own modules: P
 * partitioners and S sorters per node, every partitioner joined to every sorter (memory
 * reservoirs within a node; TCP, shared memory or verbs across), sorter ranges in node order.
 * Progress comes from the modules' reports in the nodes' status. A failed sort deletes what it
 * wrote: a {@link RemoveFileAction} on every node removes its output file.
 */
public final class ClusterSort {
    /** How long the agent waits for a river at most: a day (dead nodes are noticed within seconds). */
    private static final long TIMEOUT_MILLIS = 24 * 3600 * 1000L;

    /** Chunks a mirrored input's reader may hold dealt and not yet read: small, so a slow copy is dealt little. */
    static final int TICKET_WINDOW = 2;

    private ClusterSort() {
    }

    public static SortReport run(ClusterSortPlan plan, ControlAgent agent, Consumer<SortProgress> progress, long progressMillis)
                    throws IOException, InterruptedException {
        return run(plan, agent, progress, progressMillis, river -> {
        });
    }

    /** As {@link #run(ClusterSortPlan, ControlAgent, Consumer, long)}, handing {@code onRiver} the river once it is grown (a live view shows it). */
    public static SortReport run(ClusterSortPlan plan, ControlAgent agent, Consumer<SortProgress> progress, long progressMillis,
                    Consumer<tigris.view.SnapshotSource> onRiver) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        String id = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        List<Node> nodes = plan.nodes();

        // 1. Check every node's files and sample its keys.
        int samples = (int) Math.min(1_000_000 / nodes.size(), (long) LocalSort.SAMPLES_PER_SORTER * plan.sorters());
        KeySampleAction sample = new KeySampleAction(plan.input(), plan.output(), plan.tmp(), plan.partitionersPerNode(), plan.sortersPerNode(),
                        plan.memoryPerSorter(), samples);
        List<KeySample> sampled;
        try {
            sampled = agent.performEverywhere(nodes, n -> sample, TIMEOUT_MILLIS);
        } catch (NodeActionException e) {
            throw new SortFailedException("sort across " + nodes.size() + " nodes did not start: " + e.getMessage(), null);
        }
        long[] records = sampled.stream().mapToLong(KeySample::records).toArray();
        List<long[]> prefixes = sampled.stream().map(KeySample::prefixes).toList();
        KeySplitters splitters = KeySplitters.ofSample(weighted(prefixes, records), plan.sorters());
        long total = Arrays.stream(records).sum();
        long tSampled = System.nanoTime();

        // 2. The sort.
        PartitionParameters partition = PartitionParameters.striped(Path.of(plan.input()), plan.partitionersPerNode(), splitters, plan.water(),
                        PartitionParameters.Payload.RECORDS);
        SortParameters sorting = new SortParameters(Path.of(plan.output()), SortParameters.Layout.SHARED, plan.sortersPerNode(), plan.partitioners(),
                        plan.memoryPerSorter(), Path.of(plan.tmp()), plan.sync(), plan.direct(), 0, null);
        RiverGraph g;
        Map<String, List<Node>> placement = new LinkedHashMap<>();
        ReservoirSpec data = ReservoirSpec.of(plan.window(), plan.water()).across(plan.transport());
        if (plan.mirrored()) {
            // Graduated declustering: node i's input is stripe i, read by node i and by the holder
            // of its copy, as its dealer (on node i) deals the chunks.
            List<Map<Integer, Path>> copies = new ArrayList<>();
            for (int r = 0; r < nodes.size(); r++) {
                copies.add(new LinkedHashMap<>());
            }
            for (int s = 0; s < nodes.size(); s++) {
                copies.get(s).put(s, Path.of(plan.input()));
                copies.get((s + 1) % nodes.size()).put(s, Path.of(plan.mirrorOf(nodes.get(s))));
            }
            SortParameters mirroredSorting = new SortParameters(Path.of(plan.output()), SortParameters.Layout.SHARED, plan.sortersPerNode(), nodes.size(),
                            plan.memoryPerSorter(), Path.of(plan.tmp()), plan.sync(), plan.direct(), 0, null);
            g = SortGraph.mirrored("tigris-sort-" + id, records, ChunkDealer.CHUNK.orElse(), copies, splitters, plan.water(), plan.sorters(),
                            mirroredSorting, ReservoirSpec.of(TICKET_WINDOW, ChunkTicketDescriptor.BYTES).across(plan.transport()), data);
            for (int s = 0; s < nodes.size(); s++) {
                placement.put("deal-" + s, List.of(nodes.get(s)));
                placement.put("read-" + s, List.of(nodes.get(s)));
            }
        } else {
            g = SortGraph.build("tigris-sort-" + id, plan.partitioners(), partition, plan.sorters(), sorting, data);
            placement.put("partition", spread(nodes, plan.partitionersPerNode()));
        }
        placement.put("sort", spread(nodes, plan.sortersPerNode()));
        long tStart = System.nanoTime();
        long[] partitionEnd = {0};
        long[] lastReport = {0};
        RunReport sorted;
        ControlAgent.RiverRun run;
        try {
            run = agent.start(g.name(), g, placement, null, null);
            onRiver.accept(run);
            sorted = run.awaitEntries(TIMEOUT_MILLIS, entries -> {
                long now = System.nanoTime();
                SortProgress p = progressOf(total, entries, now - t0);
                if (partitionEnd[0] == 0 && p.partitioned() == total && entries.stream()
                                .allMatch(e -> !(e.report() instanceof PartitionerReport) || e.state() == ModuleThread.State.ENDED)) {
                    partitionEnd[0] = now - tStart;
                }
                if (progress != null && now - lastReport[0] >= progressMillis * 1_000_000) {
                    lastReport[0] = now;
                    progress.accept(p);
                }
            });
        } catch (IOException e) {
            // Nothing was written: sorters open their output at End of River.
            throw new SortFailedException("sort across " + nodes.size() + " nodes could not start: " + e.getMessage(), e);
        }
        if (!sorted.completed()) {
            List<String> left = removeOutputs(plan, agent);
            throw new SortFailedException("sort across " + nodes.size() + " nodes failed: " + sorted.failure()
                            + (left.isEmpty() ? "; the nodes' output files were deleted" : "; output files may be left on " + left), null);
        }
        long elapsed = System.nanoTime() - t0;
        if (partitionEnd[0] == 0) {
            partitionEnd[0] = elapsed - (tStart - t0);
        }
        SortProgress last = progressOf(total, sorted.entries(), elapsed);
        if (progress != null) {
            progress.accept(last);
        }
        long sort = 0;
        long write = 0;
        int runs = 0;
        int sorters = 0;
        int direct = 0;
        for (RunReport.Entry e : sorted.entries()) {
            if (e.report() instanceof SorterReport r) {
                sorters++;
                sort = Math.max(sort, r.sortNanos());
                write = Math.max(write, r.writeNanos());
                runs += r.runs();
                direct += r.direct() ? 1 : 0;
            }
        }
        return new SortReport(Path.of(plan.input()), Path.of(plan.output()), total, nodes.size(), plan.mirrored() ? nodes.size() : plan.partitioners(),
                        plan.sorters(), runs, tSampled - t0, partitionEnd[0], sort, write, elapsed, run.reservoirs() + ", carrying records",
                        SortReport.writes(direct, sorters));
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

    private static SortProgress progressOf(long total, List<RunReport.Entry> entries, long elapsed) {
        long read = 0;
        long received = 0;
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
        return new SortProgress(total, read, received, phases.toString(), elapsed);
    }

    /**
     * Deletes every node's output (a failed sort leaves no output that looks whole); each node on
     * its own, so one dead node does not keep the others' files.
     *
     * @return the nodes whose output could not be deleted
     */
    private static List<String> removeOutputs(ClusterSortPlan plan, ControlAgent agent) {
        List<String> left = new ArrayList<>();
        for (Node n : plan.nodes()) {
            try {
                agent.performEverywhere(List.of(n), x -> new RemoveFileAction(plan.output()), 30_000);
            } catch (IOException e) {
                left.add(n.name());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                left.add(n.name());
            }
        }
        return left;
    }
}
