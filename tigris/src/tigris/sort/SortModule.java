/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ProducerEnd;
import tigris.Water;

/**
 * TigrisSort's sorter (a sink, instance i of S takes key range i): copies the records of every
 * Water it receives into its {@link RecordArena} until End of River, then sorts them by key and
 * writes them out. With {@code entries-from} its partitioners send {@link SortEntries} instead,
 * keys and record numbers of that input file, and it keeps only those ({@link InputKeyIndex}),
 * gathering the records from the mapped input as it writes. When its memory is full it sorts
 * what it holds and spills it to a run file; at the end the runs are merged (two passes over the
 * data instead of one).
 *
 * <p>The partitioners' {@link SortTally tallies} say how many records each range was sent: the
 * sorter checks that it got all of its own, and in the {@code shared} layout writes its range at
 * the byte where the ranges below it end, so S sorters fill one output file; in the {@code own}
 * layout each writes its range as a whole file (one per host, as the Sort Benchmark allows).
 *
 * <p>Parameters: {@link SortParameters}, and a {@link RangeShare} when the river sorts only some
 * key ranges (instance i then takes range {@code ranges[i]}, and writes where its file group is).
 */
public final class SortModule implements ModuleIF {
    /** Made by the river from its module class name. */
    public SortModule() {
    }

    private static final int RECORD = RecordGenerator.RECORD_BYTES;

    /** What the sorter is doing, for progress reports. */
    public enum Phase {
        /** Taking Waters until End of River (R in the progress line). */
        RECEIVING,
        /** Its memory full: sorting what it holds and writing it as a run (S). */
        SPILLING,
        /** At End of River, sorting in memory for one pass (s). */
        SORTING,
        /** Merging the spilled runs into the output (M). */
        MERGING,
        /** Writing the sorted key ranges, while the rest still sorts (W). */
        WRITING,
        /** Its output written (and synced): finished (D). */
        DONE
    }

    private String name;
    /** The key range this sorter takes: its instance number, unless a {@link RangeShare} says otherwise. */
    private int range;
    private Path output;
    /** Where its river has it write {@link #output} until the job commits. */
    private tigris.OutputStage outputs;
    private boolean shared;
    private int partitioners;
    private long memory;
    private Path tmp;
    private boolean sync;
    private boolean direct;
    /** Records this sorter's range is expected to get (a hint for its key arrays), or 0. */
    private long expect;
    /** Whether the output went to the disk with O_DIRECT (set when it is written). */
    private boolean wroteDirect;
    /** What the sorter holds: a {@link RecordArena} when records arrive, an {@link InputKeyIndex} when entries of its input do. */
    private SorterMemory held;
    private final List<Path> runs = new ArrayList<>();
    private long[] rangeTotals;
    /** Where its range starts in its file, in records, once known. */
    private volatile long startRecord = -1;
    /** The key ranges whose records the output file holds (shared layout): [first, end). */
    private int fileFirstRange;
    private int fileEndRange;
    private int tallies;
    private volatile int spilled;
    private volatile long received;
    private volatile Phase phase = Phase.RECEIVING;
    private long firstWaterNanos;
    private long endOfRiverNanos;
    private volatile long spillNanos;
    private volatile long sortNanos;
    private volatile long writeNanos;

    @Override
    public String getName() {
        return name;
    }

    @Override
    public void init(ModuleConfig config) {
        name = config.name();
        SortParameters p = SortParameters.from(config);
        RangeShare share = RangeShare.from(config, config.instances());
        if (share.ranges().size() != config.instances()) {
            throw new IllegalArgumentException("module " + name + ": ranges=" + share.ranges() + " names a key range for " + share.ranges().size()
                            + " sorters, but there are " + config.instances());
        }
        range = share.ranges().get(config.instance());
        shared = p.layout() == SortParameters.Layout.SHARED;
        partitioners = p.partitioners();
        memory = p.memory();
        tmp = p.tmp();
        sync = p.sync();
        direct = p.direct();
        rangeTotals = new long[share.keyRanges()];
        long perFile = p.rangesPerFile() == null ? share.keyRanges() : p.rangesPerFile();
        if (perFile < 1 || perFile > share.keyRanges()) {
            throw new IllegalArgumentException("module " + name + ": ranges-per-file=" + perFile + " is not between 1 and " + share.keyRanges());
        }
        fileFirstRange = (int) (range / perFile * perFile);
        fileEndRange = (int) Math.min(share.keyRanges(), fileFirstRange + perFile);
        output = share.movedFiles().getOrDefault(fileFirstRange, p.output());
        outputs = config.outputs();
        Path dir = output.toAbsolutePath().getParent();
        if (share.movedFiles().containsKey(fileFirstRange)) {
            // A lost node's part, named as that node names it: its directory need not exist here.
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new IllegalArgumentException("module " + name + ": cannot make the directory " + dir + " for " + output + ", a lost node's part: " + e);
            }
        }
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("module " + name + ": output directory " + dir + " does not exist");
        }
        expect = p.expect();
        if (p.entriesFrom() != null) {
            Path input = p.entriesFrom();
            long size;
            try {
                size = Files.size(input);
            } catch (IOException e) {
                throw new IllegalArgumentException("module " + name + ": cannot read entries-from input " + input + ": " + e.getMessage());
            }
            held = new InputKeyIndex(input, size / RECORD, InputKeyIndex.capacityFor(memory));
        } else {
            held = new RecordArena(RecordArena.capacityFor(memory));
        }
    }

    /**
     * Records received so far; safe from any thread.
     *
     * @return records (or entries) of its range taken from Waters so far
     */
    public long recordsReceived() {
        return received;
    }

    /**
     * What it is doing now; safe from any thread.
     *
     * @return the phase
     */
    public Phase phase() {
        return phase;
    }

    /**
     * Runs spilled so far; safe from any thread.
     *
     * @return the runs spilled, 0 for a one-pass sort
     */
    public int runs() {
        return spilled;
    }

    /**
     * Whether this sorter wrote its output with O_DIRECT (see {@link RecordWriter}).
     *
     * @return whether it did; false until it writes
     */
    public boolean wroteDirect() {
        return wroteDirect;
    }

    /**
     * The time of each phase, once it has ended.
     *
     * @return a new array of three times in nanoseconds: from the first Water to End of River,
     *         sorting (with spills), and writing
     */
    public long[] phaseNanos() {
        return new long[] {endOfRiverNanos - firstWaterNanos, sortNanos + spillNanos, writeNanos};
    }

    @Override
    public SorterReport report() {
        return new SorterReport(range, phase, received, spilled, sortNanos + spillNanos, writeNanos, wroteDirect, startRecord);
    }

    @Override
    public void doOperation(Water in, ProducerEnd out) {
        try {
            if (in == null) {
                endOfRiverNanos = System.nanoTime();
                finish();
                return;
            }
            if (firstWaterNanos == 0) {
                firstWaterNanos = System.nanoTime();
                held.expect(expect);
            }
            if (in.kind() == SortWaterKind.TALLY) {
                SortTally.addTo(in, rangeTotals);
                tallies++;
                return;
            }
            if (in.kind() != held.waterKind()) {
                throw new IllegalArgumentException("module " + name + ": a Water of " + SortWaterKind.name(in.kind()) + " where "
                                + SortWaterKind.name(held.waterKind()) + " or a tally were expected");
            }
            int unit = held.unit();
            for (int b = 0; b < in.bufferCount(); b++) {
                int bytes = in.length(b);
                if (bytes % unit != 0) {
                    throw new IllegalArgumentException("module " + name + ": a Water of " + bytes + " bytes is not whole " + held.unitName());
                }
                int records = bytes / unit;
                long offset = 0;
                while (records > 0) {
                    if (held.room() == 0) {
                        spill();
                    }
                    int n = Math.min(records, held.room());
                    held.append(in.buffer(b), offset, n);
                    offset += (long) n * unit;
                    records -= n;
                    received += n;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("module " + name + ": " + e.getMessage(), e);
        }
    }

    private void spill() throws IOException {
        phase = Phase.SPILLING;
        long t0 = System.nanoTime();
        Path run = Files.createTempFile(tmp, "tigris-sort-" + name.replace('#', '-') + "-", ".run");
        runs.add(run);
        spilled++;
        try (FileChannel ch = FileChannel.open(run, StandardOpenOption.WRITE); RecordWriter w = new RecordWriter(run, ch, 0, direct)) {
            held.sortAndWrite(w, () -> {
            });
        }
        held.clear();
        spillNanos += System.nanoTime() - t0;
        phase = Phase.RECEIVING;
    }

    private void finish() throws IOException {
        if (tallies != partitioners) {
            throw new IllegalStateException("module " + name + ": End of River after tallies from " + tallies + " of " + partitioners
                            + " partitioners: records may be missing");
        }
        if (rangeTotals[range] != received) {
            throw new IllegalStateException("module " + name + ": received " + received + " records, but the partitioners sent "
                            + rangeTotals[range] + " to key range " + range);
        }
        long below = 0;
        long all = 0;
        for (int r = fileFirstRange; r < fileEndRange; r++) {
            if (r < range) {
                below += rangeTotals[r];
            }
            all += rangeTotals[r];
        }
        startRecord = shared ? below : 0;
        long start = startRecord * RECORD;
        Set<StandardOpenOption> options = EnumSet.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE);
        if (!shared) {
            options.add(StandardOpenOption.TRUNCATE_EXISTING);
        }
        // Under the attempt's own name on a node, the ranges an earlier attempt finished in it kept: the job's commit puts it in place.
        Path file = outputs.stageKeeping(output);
        try (FileChannel ch = FileChannel.open(file, options)) {
            if (runs.isEmpty()) {
                // Sorting and writing overlap (SorterMemory#sortAndWrite): sortNanos is the time
                // spent sorting, writeNanos the rest, so the two still add up to the wall time.
                phase = Phase.SORTING;
                long t0 = System.nanoTime();
                long sorting;
                try (RecordWriter w = new RecordWriter(file, ch, start, direct)) {
                    wroteDirect = w.isDirect();
                    sorting = held.sortAndWrite(w, () -> phase = Phase.WRITING);
                }
                sortNanos += sorting;
                writeNanos += System.nanoTime() - t0 - sorting;
            } else {
                if (held.count() > 0) {
                    spill();
                }
                held.close();     // the merge's read buffers need the memory
                phase = Phase.MERGING;
                long t1 = System.nanoTime();
                try (RecordWriter w = new RecordWriter(file, ch, start, direct)) {
                    wroteDirect = w.isDirect();
                    RunMerger.merge(runs, w, Math.max(memory / 2, 64L << 20));
                }
                writeNanos += System.nanoTime() - t1;
            }
            if (shared && range == fileEndRange - 1) {
                ch.truncate(all * RECORD);   // an older, longer file at the same path loses its tail
            }
            if (sync) {
                long t2 = System.nanoTime();
                ch.force(false);
                writeNanos += System.nanoTime() - t2;
            }
        }
        phase = Phase.DONE;
    }

    @Override
    public void destroy() {
        if (held != null) {
            held.close();
        }
        for (Path run : runs) {
            try {
                Files.deleteIfExists(run);
            } catch (IOException e) {
                // a run left in tmp is garbage, not data: the output is complete or the sort failed
            }
        }
        runs.clear();
    }
}
