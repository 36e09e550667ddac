/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import tigris.node.ClusterIdentity;
import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.sort.ClusterSort;
import tigris.sort.ClusterSortPlan;
import tigris.sort.SortProgress;
import tigris.sort.SortReport;
import tigris.sort.SorterReport;
import tigris.view.SnapshotSource;

/**
 * One mirrored TigrisSort across nodes that kills a node's process at a given point, for
 * bench/tools/tigris-lost-node.sh: never, while the partitioners read (30% read), or once every
 * sorter has had End of River. Prints one line: total seconds, seconds from the kill to the loss
 * being declared (- without a kill), the share of the input read at the kill (-), the key ranges
 * the later attempt sorted again, the attempts.
 * Usage: java --add-modules jaguar.tigris LostNodeSort.java KEY PASSWORD-FILE MIRROR none|reading|sorting VICTIM-PID
 *        ANSWER-SECONDS INPUT OUTPUT NAME=HOST:PORT...
 */
public class LostNodeSort {
    public static void main(String[] args) throws Exception {
        String when = args[3];
        long victim = Long.parseLong(args[4]);
        List<Node> nodes = new ArrayList<>();
        for (int i = 8; i < args.length; i++) {
            String[] nameAt = args[i].split("=");
            String[] hostPort = nameAt[1].split(":");
            nodes.add(new Node(nameAt[0], hostPort[0], Integer.parseInt(hostPort[1])));
        }
        ClusterSortPlan plan = new ClusterSortPlan(nodes, args[6], args[7], 1, 1, 1L << 30, System.getProperty("java.io.tmpdir"), 1_000_000, 8, true,
                        true, "tcp", args[2]);
        ControlAgent agent = new ControlAgent(ClusterIdentity.load(Path.of(args[0]), Path.of(args[1]), null), Duration.ofSeconds(Long.parseLong(args[5])));
        long[] killedAt = {0, 0};
        List<SnapshotSource> attempts = new ArrayList<>();
        long t0 = System.nanoTime();
        SortReport r = ClusterSort.run(plan, agent, p -> {
            if (killedAt[0] == 0 && due(when, p)) {
                ProcessHandle.of(victim).orElseThrow(() -> new IllegalStateException("no process " + victim)).destroyForcibly();
                killedAt[0] = System.nanoTime();
                killedAt[1] = 100 * p.partitioned() / p.records();
            }
        }, 0, attempts::add);
        if (!when.equals("none") && (killedAt[0] == 0 || r.lost().size() != 1)) {
            throw new IllegalStateException("the sort did not lose the node " + (killedAt[0] == 0 ? "(it ended before the kill)" : "") + ": " + r);
        }
        Set<Integer> again = new TreeSet<>();
        if (attempts.size() > 1) {
            for (var t : attempts.get(attempts.size() - 1).snapshot().threads()) {
                if (t.status() != null && t.status().report() instanceof SorterReport s) {
                    again.add(s.range());
                }
            }
        }
        String detected = killedAt[0] == 0 ? "-" : String.format("%.3f", (t0 + r.lost().get(0).declaredNanos() - killedAt[0]) / 1e9);
        System.out.printf("%.3f %s %s %s %d%n", r.totalNanos() / 1e9, detected, killedAt[0] == 0 ? "-" : killedAt[1] + "%",
                        again.isEmpty() ? "-" : again.toString().replace(" ", ""), attempts.size());
    }

    private static boolean due(String when, SortProgress p) {
        return switch (when) {
            case "none" -> false;
            case "reading" -> p.partitioned() >= p.records() * 3 / 10;
            case "sorting" -> p.received() == p.records() && !p.sorterPhases().contains("R") && !p.sorterPhases().contains("S");
            default -> throw new IllegalArgumentException("when: none, reading or sorting, not " + when);
        };
    }
}
