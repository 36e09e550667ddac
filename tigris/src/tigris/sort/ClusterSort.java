package tigris.sort;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import tigris.Water;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.ThreadPolicy;
import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.node.ControlAgent.RunReport;

/**
 * Runs a {@link ClusterSortPlan} from the control agent, as two rivers on the nodes. The first
 * ({@link KeySampleModule}, one per node) checks each node's files and samples its keys; the
 * agent chooses the key ranges from all samples, weighting each node's by its records. The
 * second is the sort: P partitioners and S sorters per node, every partitioner joined to every
 * sorter (memory reservoirs within a node; TCP, shared memory or verbs across), sorter ranges in
 * node order. Progress comes from the modules' reports in the nodes' status. A failed sort deletes what it wrote:
 * a third river removes every node's output file.
 */
public final class ClusterSort {
    /** How long the agent waits for a river at most: a day (dead nodes are noticed within seconds). */
    private static final long TIMEOUT_MILLIS = 24 * 3600 * 1000L;

    private ClusterSort() {
    }

    public static SortReport run(ClusterSortPlan plan, ControlAgent agent, Consumer<SortProgress> progress, long progressMillis)
                    throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        String id = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        byte[] jar = emptyJar();
        String jarName = "tigris-sort.jar";
        List<Node> nodes = plan.nodes();

        // 1. Check every node's files and sample its keys.
        RiverGraph sample = new RiverGraph("tigris-sort-sample-" + id);
        int samples = (int) Math.min(1_000_000 / nodes.size(), (long) LocalSort.SAMPLES_PER_SORTER * plan.sorters());
        sample.module("sample", KeySampleModule.class).instances(nodes.size()).parameter("input", plan.input()).parameter("output", plan.output())
                        .parameter("tmp", plan.tmp()).parameter("partitioners", Integer.toString(plan.partitionersPerNode()))
                        .parameter("sorters", Integer.toString(plan.sortersPerNode())).parameter("memory", Long.toString(plan.memoryPerSorter()))
                        .parameter("samples", Integer.toString(samples));
        RunReport sampled = agent.start(sample.name(), sample, Map.of("sample", nodes), jarName, jar).awaitEntries(TIMEOUT_MILLIS, null);
        if (!sampled.completed()) {
            throw new SortFailedException("sort across " + nodes.size() + " nodes did not start: " + readable(sampled.failure()), null);
        }
        Map<String, String> reports = new HashMap<>();
        for (RunReport.Entry e : sampled.entries()) {
            reports.put(e.node(), e.report());
        }
        long[] records = new long[nodes.size()];
        List<long[]> prefixes = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            String r = reports.get(nodes.get(i).name());
            if (r == null || !r.startsWith("records=")) {
                throw new SortFailedException("node " + nodes.get(i) + " reported no key sample (" + r + ")", null);
            }
            records[i] = Long.parseLong(r.substring("records=".length(), r.indexOf(' ')));
            String hex = r.substring(r.indexOf("prefixes=") + "prefixes=".length());
            prefixes.add(hex.isEmpty() ? new long[0] : Arrays.stream(hex.split(",")).mapToLong(h -> Long.parseUnsignedLong(h, 16)).toArray());
        }
        KeySplitters splitters = KeySplitters.ofSample(weighted(prefixes, records), plan.sorters());
        long total = Arrays.stream(records).sum();
        long tSampled = System.nanoTime();

        // 2. The sort.
        RiverGraph g = new RiverGraph("tigris-sort-" + id);
        g.module("partition", PartitionModule.class).instances(plan.partitioners()).policy(ThreadPolicy.PARTITIONED).output("out", Water.class)
                        .parameter("input", plan.input()).parameter("stripes", Integer.toString(plan.partitionersPerNode()))
                        .parameter("splitters", splitters.encode()).parameter("water", Integer.toString(plan.water()));
        g.module("sort", SortModule.class).instances(plan.sorters()).input("in", Water.class).parameter("output", plan.output())
                        .parameter("layout", "shared").parameter("ranges-per-file", Integer.toString(plan.sortersPerNode()))
                        .parameter("partitioners", Integer.toString(plan.partitioners())).parameter("memory", Long.toString(plan.memoryPerSorter()))
                        .parameter("tmp", plan.tmp()).parameter("sync", Boolean.toString(plan.sync()))
                        .parameter("direct", Boolean.toString(plan.direct()));
        g.connect("partition.out", "sort.in", ReservoirSpec.memory(plan.window(), plan.water()).between(plan.between()));
        Map<String, List<Node>> placement = new LinkedHashMap<>();
        placement.put("partition", spread(nodes, plan.partitionersPerNode()));
        placement.put("sort", spread(nodes, plan.sortersPerNode()));
        long tStart = System.nanoTime();
        long[] partitionEnd = {0};
        long[] lastReport = {0};
        RunReport sorted;
        ControlAgent.RiverRun run;
        try {
            run = agent.start(g.name(), g, placement, jarName, jar);
            sorted = run.awaitEntries(TIMEOUT_MILLIS, entries -> {
                long now = System.nanoTime();
                SortProgress p = progressOf(total, entries, now - t0);
                if (partitionEnd[0] == 0 && p.partitioned() == total && entries.stream()
                                .allMatch(e -> !e.module().startsWith("partition") || e.state().equals("ENDED"))) {
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
            List<String> left = removeOutputs(plan, agent, jarName, jar, id);
            throw new SortFailedException("sort across " + nodes.size() + " nodes failed: " + readable(sorted.failure())
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
            if (e.module().startsWith("sort")) {
                sorters++;
                Map<String, String> r = fields(e.report());
                sort = Math.max(sort, Long.parseLong(r.getOrDefault("sort-ms", "0")) * 1_000_000);
                write = Math.max(write, Long.parseLong(r.getOrDefault("write-ms", "0")) * 1_000_000);
                runs += Integer.parseInt(r.getOrDefault("runs", "0"));
                direct += Boolean.parseBoolean(r.get("direct")) ? 1 : 0;
            }
        }
        return new SortReport(Path.of(plan.input()), Path.of(plan.output()), total, nodes.size(), plan.partitioners(),
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
            Map<String, String> r = fields(e.report());
            if (e.module().startsWith("partition")) {
                read += Long.parseLong(r.getOrDefault("read", "0"));
            } else if (e.module().startsWith("sort")) {
                received += Long.parseLong(r.getOrDefault("received", "0"));
                String phase = r.get("phase");
                phases.append(phase == null ? '?' : SortProgress.letter(SortModule.Phase.valueOf(phase)));
            }
        }
        return new SortProgress(total, read, received, phases.toString(), elapsed);
    }

    /** A report's {@code key=value} words. */
    static Map<String, String> fields(String report) {
        Map<String, String> m = new HashMap<>();
        for (String w : report.split(" ")) {
            int eq = w.indexOf('=');
            if (eq > 0) {
                m.put(w.substring(0, eq), w.substring(eq + 1));
            }
        }
        return m;
    }

    /**
     * Deletes every node's output (a failed sort leaves no output that looks whole); each node in
     * its own river, so one dead node does not keep the others' files.
     *
     * @return the nodes whose output could not be deleted
     */
    private static List<String> removeOutputs(ClusterSortPlan plan, ControlAgent agent, String jarName, byte[] jar, String id) {
        List<String> left = new ArrayList<>();
        for (Node n : plan.nodes()) {
            RiverGraph g = new RiverGraph("tigris-sort-remove-" + id + "-" + n.name().replaceAll("[^A-Za-z0-9_-]", "_"));
            g.module("remove", RemoveFileModule.class).parameter("path", plan.output());
            try {
                RunReport r = agent.start(g.name(), g, Map.of("remove", List.of(n)), jarName, jar).await(30_000, null);
                if (!r.completed()) {
                    left.add(n.name());
                }
            } catch (IOException | InterruptedException e) {
                left.add(n.name());
            }
        }
        return left;
    }

    /** A node's failure text without the exception class in front. */
    static String readable(String failure) {
        return failure == null ? null : failure.replaceAll("(?<=: |^)(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error): ", "");
    }

    /** The jar pushed with the rivers: the sort's modules are Tigris's own, so it holds nothing. */
    private static byte[] emptyJar() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        new JarOutputStream(bytes, m).close();
        return bytes.toByteArray();
    }
}
