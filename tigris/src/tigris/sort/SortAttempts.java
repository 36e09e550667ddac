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
 * A mirrored sort's attempts: the nodes lost so far, the key ranges whose output is whole and
 * where, and the losses to report.
 */
final class SortAttempts {
    private final ClusterSortPlan plan;
    private final String id;
    private final long[] stripeRecords;
    private final KeySplitters splitters;
    private int number;
    private final Set<Node> lost = new LinkedHashSet<>();
    /** Each key range whose output is whole, and the node that holds it. */
    private final Map<Integer, Node> finished = new HashMap<>();
    /** Records of the finished ranges, for progress. */
    private final Map<Integer, Long> finishedRecords = new HashMap<>();
    private final Map<Node, LostNode> losses = new LinkedHashMap<>();
    /** The rivers of the attempts, for fencing the lost nodes at the end. */
    private final List<String> rivers = new ArrayList<>();

    SortAttempts(ClusterSortPlan plan, String id, long[] stripeRecords, KeySplitters splitters) {
        this.plan = plan;
        this.id = id;
        this.stripeRecords = stripeRecords;
        this.splitters = splitters;
    }

    SortAttempt next() throws SortFailedException {
        number++;
        SortAttempt a = SortAttempt.of(plan, id, number, stripeRecords, splitters, lost, finished.keySet());
        rivers.add(a.graph().name());
        return a;
    }

    /** The attempt under way (1 before the first starts). */
    int number() {
        return Math.max(1, number);
    }

    /** Nodes in the sort. */
    int nodes() {
        return plan.nodes().size();
    }

    /** Whether a node was lost (then earlier attempts may have written output). */
    boolean lostAny() {
        return !lost.isEmpty();
    }

    /** The names of the nodes lost so far. */
    List<String> lostNames() {
        return lost.stream().map(Node::name).toList();
    }

    /** " (attempt N)" after the first. */
    String which() {
        return number <= 1 ? "" : " (attempt " + number + ")";
    }

    /** Keeps the ranges attempt {@code a} finished on nodes still up (a sorter that is done has written and synced its range). */
    void finished(SortAttempt a, RunReport report) {
        for (RunReport.Entry e : report.entries()) {
            if (!e.unreachable() && e.state() == ModuleThread.State.ENDED && e.report() instanceof SorterReport r && r.phase() == SortModule.Phase.DONE
                            && a.share().ranges().contains(r.range())) {
                finished.put(r.range(), a.sorterNodes().get(a.share().ranges().indexOf(r.range())));
                finishedRecords.put(r.range(), r.received());
            }
        }
    }

    /** Attempt {@code a} ended without the nodes {@code now}: the next attempt goes on without them ({@code t0}: the sort's start). */
    void lost(SortAttempt a, RunReport report, Map<Node, ControlAgent.Silence> now, long t0) {
        finished(a, report);
        lost.addAll(now.keySet());
        finished.entrySet().removeIf(e -> lost.contains(e.getValue()));
        finishedRecords.keySet().retainAll(finished.keySet());
        now.forEach((n, silence) -> losses.put(n, new LostNode(n.name(), silence.cause(), a.number(), silence.atNanos() - t0, null, null, List.of())));
    }

    /** The lost nodes, each with where its ranges were rebuilt (once the sort is done). */
    List<LostNode> losses() {
        List<LostNode> out = new ArrayList<>();
        int perNode = plan.sortersPerNode();
        losses.forEach((n, l) -> {
            int first = plan.nodes().indexOf(n) * perNode;
            List<Integer> ranges = new ArrayList<>();
            for (int r = first; r < first + perNode; r++) {
                ranges.add(r);
            }
            Node on = finished.get(first);
            out.add(new LostNode(l.node(), l.cause(), l.attempt(), l.declaredNanos(), on == null ? null : on.name(), plan.rebuiltOutput(n), ranges));
        });
        return out;
    }

    /** The lost nodes' output files rebuilt so far, with the node each is on (deleted if the sort fails). */
    Map<Node, String> rebuiltFiles() {
        Map<Node, String> files = new LinkedHashMap<>();
        for (Node n : lost) {
            Node on = finished.get(plan.nodes().indexOf(n) * plan.sortersPerNode());
            if (on != null) {
                files.put(on, plan.rebuiltOutput(n));
            }
        }
        return files;
    }

    /** Records of the ranges finished in earlier attempts. */
    long finishedRecords() {
        return finishedRecords.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * Fences the lost nodes that answer again (a cut link mended): their attempts are
     * destroyed there, so nothing of them goes on running or writing.
     */
    void fence(ControlAgent agent) {
        if (!lost.isEmpty()) {
            agent.destroyWhereReachable(List.copyOf(lost), rivers);
        }
    }
}
