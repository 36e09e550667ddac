package tigris.sort;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tigris.ModuleThread;
import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.node.ControlAgent.RunReport;

/**
 * A mirrored sort's attempts ({@link ClusterSort}): the nodes lost so far, the key ranges whose
 * output is whole and where, the lost nodes' parts written so far, and the losses to report. At
 * the end it checks that the ranges kept from all attempts tile every output file.
 */
public final class SortAttempts {
    /** A range written whole: on which node, where in its file, how many records, runs spilled, O_DIRECT (from its sorter's report). */
    private record Written(Node on, long startRecord, long records, int runs, boolean direct) {
    }

    /** How a node was lost: what the agent saw, in which attempt, when (from the sort's start), and how that attempt ended. */
    private record Loss(String cause, int attempt, long declaredNanos, String attemptFailure) {
    }

    private final ClusterSortPlan plan;
    private final String id;
    private final long[] stripeRecords;
    private final KeySplitters splitters;
    private int number;
    private final Set<Node> lost = new LinkedHashSet<>();
    /** Each key range whose output is whole. */
    private final Map<Integer, Written> finished = new HashMap<>();
    private final Map<Node, Loss> losses = new LinkedHashMap<>();
    /** The rivers of the attempts, for fencing the lost nodes at the end. */
    private final List<tigris.RiverAttempt> rivers = new ArrayList<>();
    private final Set<Node> fenced = new LinkedHashSet<>();
    /** The lease the agent gives nodes, for the report of a lost node that did not answer again. */
    private long leaseMillis;

    public SortAttempts(ClusterSortPlan plan, String id, long[] stripeRecords, KeySplitters splitters) {
        this.plan = plan;
        this.id = id;
        this.stripeRecords = stripeRecords;
        this.splitters = splitters;
    }

    public SortAttempt next() throws SortFailedException {
        number++;
        SortAttempt a = SortAttempt.of(plan, id, number, stripeRecords, splitters, lost, finished.keySet());
        rivers.add(a.river());
        return a;
    }

    /** The attempt under way (1 before the first starts). */
    public int number() {
        return Math.max(1, number);
    }

    /** Nodes in the sort. */
    int nodes() {
        return plan.nodes().size();
    }

    /** Whether a node was lost (then earlier attempts may have written output). */
    public boolean lostAny() {
        return !lost.isEmpty();
    }

    /** The names of the nodes lost so far. */
    public List<String> lostNames() {
        return lost.stream().map(Node::name).toList();
    }

    /** " (attempt N)" after the first. */
    String which() {
        return number <= 1 ? "" : " (attempt " + number + ")";
    }

    /** Keeps the ranges attempt {@code a} finished on nodes still up (a sorter that is done has written its whole range). */
    public void finished(SortAttempt a, RunReport report) {
        for (RunReport.Entry e : report.entries()) {
            if (!e.unreachable() && e.state() == ModuleThread.State.ENDED && e.report() instanceof SorterReport r && r.phase() == SortModule.Phase.DONE
                            && a.share().ranges().contains(r.range())) {
                finished.put(r.range(), new Written(a.sorterNodes().get(a.share().ranges().indexOf(r.range())), r.startRecord(), r.received(), r.runs(),
                                r.direct()));
            }
        }
    }

    /**
     * Attempt {@code a} ended, failing with {@code report}, without the nodes {@code now}: the next
     * attempt goes on without them ({@code t0}: the sort's start).
     */
    public void lost(SortAttempt a, RunReport report, Map<Node, ControlAgent.Silence> now, long t0) {
        finished(a, report);
        lost.addAll(now.keySet());
        finished.values().removeIf(w -> lost.contains(w.on()));
        now.forEach((n, silence) -> losses.put(n, new Loss(silence.cause(), a.number(), silence.atNanos() - t0, report.failure())));
    }

    /**
     * Checks that the ranges kept from all attempts tile every output file: each file's ranges
     * start at 0 and each where the one below it ends, and they hold {@code total} records in all.
     * Attempts that read different copies of a stripe (a copy that differs from its original)
     * would count ranges differently, and their regions would overlap or leave holes.
     */
    public void checkWhole(long total) throws SortFailedException {
        int perFile = plan.sortersPerNode();
        long all = 0;
        for (int file = 0; file < plan.nodes().size(); file++) {
            long next = 0;
            for (int r = file * perFile; r < (file + 1) * perFile; r++) {
                Written w = finished.get(r);
                if (w == null || w.startRecord() != next) {
                    throw new SortFailedException("sort across " + nodes() + " nodes failed: its attempts disagree on node " + plan.nodes().get(file).name()
                                    + "'s part: key range " + r + (w == null ? " was not written" : " starts at record " + w.startRecord() + ", not " + next)
                                    + " (are the copies of the inputs the same as the originals?)", null);
                }
                next += w.records();
            }
            all += next;
        }
        if (all != total) {
            throw new SortFailedException("sort across " + nodes() + " nodes failed: its parts hold " + all + " records, but the inputs hold " + total, null);
        }
    }

    /** The lost nodes, each with where its ranges were rebuilt (once the sort is done). */
    public List<LostNode> losses() {
        List<LostNode> out = new ArrayList<>();
        int perNode = plan.sortersPerNode();
        losses.forEach((n, l) -> {
            int first = plan.nodes().indexOf(n) * perNode;
            List<Integer> ranges = new ArrayList<>();
            for (int r = first; r < first + perNode; r++) {
                ranges.add(r);
            }
            Written w = finished.get(first);
            out.add(new LostNode(n.name(), l.cause(), l.attempt(), l.declaredNanos(), l.attemptFailure(), w == null ? null : w.on().name(),
                            plan.rebuiltOutput(n), ranges, fenced.contains(n), leaseMillis));
        });
        return out;
    }

    /** How each attempt that lost nodes ended, for the live view of the next: one line a lost node. */
    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        losses.forEach((n, l) -> notes.add(String.format("attempt %d lost node %s at %.3f s (%s): the sort goes on without it", l.attempt(), n.name(),
                        l.declaredNanos() / 1e9, l.cause())));
        return notes;
    }

    /** Partitioners of the latest attempt: one reader a node up. */
    public int readers() {
        return plan.nodes().size() - lost.size();
    }

    /** Runs spilled and merged by the sorters of the ranges kept, whichever attempt sorted them. */
    public int runs() {
        return finished.values().stream().mapToInt(Written::runs).sum();
    }

    /** How the ranges kept were written ({@link SortReport#writes}). */
    public String writes() {
        return SortReport.writes((int) finished.values().stream().filter(Written::direct).count(), finished.size());
    }

    /** Records of the ranges finished in earlier attempts. */
    public long finishedRecords() {
        return finished.values().stream().mapToLong(Written::records).sum();
    }

    /**
     * Fences the lost nodes that answer again (a cut link mended): their attempts are destroyed
     * there and what they staged is deleted, so nothing of them goes on running or writing.
     */
    void fence(ControlAgent agent) throws InterruptedException {
        leaseMillis = agent.lease().toMillis();
        if (!lost.isEmpty()) {
            fenced.addAll(agent.destroyWhereReachable(List.copyOf(lost), rivers));
        }
    }
}
