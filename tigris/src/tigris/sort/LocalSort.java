/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import tigris.ModuleThread;
import tigris.graph.LocalRiver;
import tigris.view.LocalRiverSource;
import tigris.view.SnapshotSource;
import tigris.graph.RiverReport;

/**
 * Runs a {@link SortPlan} as a river in this JVM: partitioner and sorter threads joined by memory
 * reservoirs, each sorter a key range. Checks the plan, samples the input's keys for the ranges,
 * runs the river while reporting progress, and returns the report; a failed river raises
 * {@link SortFailedException} naming the module, and the partial output is deleted.
 */
public final class LocalSort {
    /** Key prefixes sampled per sorter to choose the ranges. */
    static final int SAMPLES_PER_SORTER = 1000;

    private LocalSort() {
    }

    /**
     * Runs the sort.
     *
     * @param plan the sort
     * @param progress called on this thread every {@code progressMillis} while the river runs, and
     *        once at the end; null for none
     * @param progressMillis milliseconds between progress calls
     * @return the report of the sort, once the output is complete (and synced, unless the plan
     *         says not to)
     * @throws IOException if the plan's check fails ({@link SortPlan#check}), the input cannot be
     *         sampled, or the river fails ({@link SortFailedException}, after the partial output
     *         was deleted)
     * @throws InterruptedException if this thread is interrupted while it waits for the river
     */
    public static SortReport run(SortPlan plan, Consumer<SortProgress> progress, long progressMillis) throws IOException, InterruptedException {
        return run(plan, progress, progressMillis, river -> {
        });
    }

    /**
     * As {@link #run(SortPlan, Consumer, long)}, handing {@code onRiver} the river once it is built
     * (a live view shows it).
     *
     * @param plan the sort
     * @param progress called every {@code progressMillis} while the river runs, and once at the
     *        end; null for none
     * @param progressMillis milliseconds between progress calls
     * @param onRiver called once, on this thread, with the river before it starts; not null
     * @return the report of the sort
     * @throws IOException if the plan's check fails, the input cannot be sampled, or the river
     *         fails ({@link SortFailedException}, after the partial output was deleted)
     * @throws InterruptedException if this thread is interrupted while it waits for the river
     */
    public static SortReport run(SortPlan plan, Consumer<SortProgress> progress, long progressMillis, Consumer<SnapshotSource> onRiver)
                    throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        long records = plan.check();
        KeySplitters splitters = KeySplitters.sample(plan.input(), 0, records, plan.sorters(),
                        (int) Math.min(1_000_000, (long) SAMPLES_PER_SORTER * plan.sorters()));
        long tSampled = System.nanoTime();
        List<PartitionModule> partitioners = new ArrayList<>();
        List<SortModule> sorters = new ArrayList<>();
        List<ModuleThread> partitionThreads = new ArrayList<>();
        RiverReport report;
        long partitionEnd = 0;
        try (LocalRiver river = LocalRiver.build(plan.graph("tigris-sort", records, splitters))) {
            for (ModuleThread t : river.threads()) {
                if (t.module() instanceof PartitionModule p) {
                    partitioners.add(p);
                    partitionThreads.add(t);
                } else if (t.module() instanceof SortModule s) {
                    sorters.add(s);
                }
            }
            onRiver.accept(new LocalRiverSource(river));
            long tStart = System.nanoTime();
            river.start();
            long lastReport = System.nanoTime();
            while (true) {
                boolean running = false;
                boolean failed = false;
                boolean partitioning = false;
                for (ModuleThread t : river.threads()) {
                    ModuleThread.State s = t.state();
                    running |= s == ModuleThread.State.RUNNING || s == ModuleThread.State.NEW;
                    failed |= s == ModuleThread.State.FAILED;
                    partitioning |= partitionThreads.contains(t) && s == ModuleThread.State.RUNNING;
                }
                if (!partitioning && partitionEnd == 0) {
                    partitionEnd = System.nanoTime() - tStart;
                }
                if (!running || failed) {
                    break;
                }
                if (progress != null && System.nanoTime() - lastReport >= progressMillis * 1_000_000) {
                    lastReport = System.nanoTime();
                    progress.accept(progressOf(records, partitioners, sorters, lastReport - t0));
                }
                Thread.sleep(5);
            }
            report = river.await(1, TimeUnit.MINUTES);
        }
        if (!report.completed()) {
            Files.deleteIfExists(plan.output());
            RiverReport.Entry f = report.failures().isEmpty() ? null : report.failures().get(0);
            throw new SortFailedException("sort of " + plan.input() + " failed" + (f == null ? "" : " in " + f.name() + ": " + f.failure().getMessage())
                            + "; the incomplete output " + plan.output() + " was deleted", f == null ? null : f.failure());
        }
        long total = System.nanoTime() - t0;
        if (progress != null) {
            progress.accept(progressOf(records, partitioners, sorters, total));
        }
        long sort = 0;
        long write = 0;
        int runs = 0;
        int direct = 0;
        for (SortModule s : sorters) {
            direct += s.wroteDirect() ? 1 : 0;
            long[] p = s.phaseNanos();
            sort = Math.max(sort, p[1]);
            write = Math.max(write, p[2]);
            runs += s.runs();
        }
        return new SortReport(plan.input(), plan.output(), records, 1, plan.partitioners(), plan.sorters(), runs, tSampled - t0, partitionEnd, sort, write,
                        total, plan.sendsEntries(records) ? "memory, carrying entries (the records stay in the input until written)"
                                        : "memory, carrying records", SortReport.writes(direct, sorters.size()));
    }

    private static SortProgress progressOf(long records, List<PartitionModule> partitioners, List<SortModule> sorters, long elapsed) {
        long read = 0;
        for (PartitionModule p : partitioners) {
            read += p.recordsDone();
        }
        long received = 0;
        StringBuilder phases = new StringBuilder();
        for (SortModule s : sorters) {
            received += s.recordsReceived();
            phases.append(SortProgress.letter(s.phase()));
        }
        return new SortProgress(records, read, received, phases.toString(), elapsed);
    }
}
