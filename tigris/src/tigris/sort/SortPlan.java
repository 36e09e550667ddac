/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import tigris.Water;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;

/**
 * One TigrisSort: the input and output files, how many partitioners read the input (each a
 * consecutive stripe of it) and how many sorters take its key ranges, the memory each sorter
 * may hold records in (beyond it, it spills runs to {@code tmp} and merges them), and the size
 * of the Waters between them.
 *
 * @param input the file of records to sort
 * @param output the file to write, replaced if it exists; not the input
 * @param partitioners the partitioners, each reading one consecutive stripe of the input
 * @param sorters the sorters, each taking one key range
 * @param memoryPerSorter bytes each sorter may hold records in, at least 1 MiB
 *        ({@link #defaultMemoryPerSorter})
 * @param tmp the directory runs spill to
 * @param water bytes of records per Water (a multiple of 100)
 * @param window Waters in flight per reservoir
 * @param sync force the output to disk before the sort reports done
 * @param direct write whole blocks of the output and of spilled runs with O_DIRECT where the file
 *        system allows it, bypassing the page cache ({@code RecordWriter})
 */
public record SortPlan(Path input, Path output, int partitioners, int sorters, long memoryPerSorter, Path tmp, int water, int window,
                boolean sync, boolean direct) {
    /** The machine's memory, against which {@link #sendsEntries} weighs the input. */
    private static final long PHYSICAL_MEMORY =
                    ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();

    private static final int RECORD = RecordGenerator.RECORD_BYTES;
    /** Share of the machine's memory the sorters take by default: the rest is the page cache's (input, output's ends) and the system's. */
    private static final double MACHINE_SHARE = 0.55;
    /** Heap bytes per record held (key and scratch longs, {@link RecordArena#capacityFor}); the records are off-heap. */
    private static final int HEAP_BYTES_PER_RECORD = 4 * Long.BYTES;

    /**
     * Checks the counts and sizes; the files are checked by {@link #check}.
     *
     * @param input the file of records to sort
     * @param output the file to write
     * @param partitioners the partitioners, 1 or more
     * @param sorters the sorters, 1 to 4096
     * @param memoryPerSorter bytes each sorter may hold records in, at least 1 MiB
     * @param tmp the directory runs spill to
     * @param water bytes of records per Water, a positive multiple of 100
     * @param window Waters in flight per reservoir, 1 or more
     * @param sync whether to force the output to disk
     * @param direct whether to write with O_DIRECT where allowed
     * @throws IllegalArgumentException if a count or size is out of range, naming it
     */
    public SortPlan {
        if (partitioners < 1 || sorters < 1) {
            throw new IllegalArgumentException("a sort needs at least one partitioner and one sorter (got " + partitioners + " and " + sorters + ")");
        }
        if (sorters > 4096) {
            throw new IllegalArgumentException("at most 4096 sorters, got " + sorters);
        }
        checkSizes(water, window, memoryPerSorter);
    }

    /**
     * Memory per sorter when the command names none: records are off-heap and only their keys on
     * the heap, so the budget is a share of the machine's memory, capped where the keys would
     * fill 80% of the heap. On a 24 GiB machine (6 GiB heap) that is 13.2 GB in all: 10 GB of
     * records sort in one pass.
     *
     * @param sorters the sorters that share the budget, 1 or more
     * @return bytes per sorter, at least 1 MiB
     */
    public static long defaultMemoryPerSorter(int sorters) {
        long byMachine = (long) (PHYSICAL_MEMORY * MACHINE_SHARE);
        long recordsByHeap = (long) (Runtime.getRuntime().maxMemory() * 0.8) / HEAP_BYTES_PER_RECORD;
        long byHeap = recordsByHeap * (RecordArena.BYTES_PER_RECORD + 2 * Long.BYTES);
        return Math.max(1L << 20, Math.min(byMachine, byHeap) / sorters);
    }

    /** The Water size, reservoir window and sorter memory of a sort, local or across nodes. */
    static void checkSizes(int water, int window, long memoryPerSorter) {
        if (water < RECORD || water % RECORD != 0) {
            throw new IllegalArgumentException("Water size " + water + " is not a positive multiple of " + RECORD + " bytes");
        }
        if (window < 1) {
            throw new IllegalArgumentException("reservoir window must be at least 1, got " + window);
        }
        if (memoryPerSorter < 1 << 20) {
            throw new IllegalArgumentException("memory per sorter " + memoryPerSorter + " bytes is below 1 MiB");
        }
    }

    /**
     * Checks what can be checked before anything runs, each with an error that names the file:
     * the input exists and holds whole records, the output's directory exists and is not the
     * input, and the output's and spill directory's disks have room.
     *
     * @return the number of records in the input
     * @throws java.nio.file.NoSuchFileException if the input, the output's directory or (for a
     *         sort that spills) the spill directory does not exist
     * @throws InvalidRecordFileException if the input's size is not a whole number of records
     * @throws IOException if the output is a directory, cannot be written or is the input, or a
     *         disk has no room for the output (and runs); the message names the file
     */
    public long check() throws IOException {
        long size;
        try {
            size = Files.size(input);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(input.toString(), null, "no such input file");
        }
        if (!Files.isRegularFile(input)) {
            throw new IOException("input " + input + " is not a regular file");
        }
        if (size % RECORD != 0) {
            throw new InvalidRecordFileException("input " + input + " has " + size + " bytes, not a whole number of " + RECORD
                            + "-byte records (" + size % RECORD + " bytes over " + size / RECORD + " records)");
        }
        Path dir = output.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            throw new NoSuchFileException(dir.toString(), null, "the output's directory does not exist");
        }
        if (Files.isDirectory(output)) {
            throw new IOException("output " + output + " is a directory");
        }
        if (!Files.isWritable(dir)) {
            throw new IOException("cannot write the output's directory " + dir + ": permission denied");
        }
        if (Files.exists(output) && !Files.isWritable(output)) {
            throw new IOException("cannot write the output " + output + ": permission denied");
        }
        if (Files.exists(output) && Files.isSameFile(input, output)) {
            throw new IOException("output " + output + " is the input: TigrisSort does not sort in place");
        }
        long reuse = Files.exists(output) ? Files.size(output) : 0;
        long records = size / RECORD;
        if (spills(records)) {
            if (!Files.isDirectory(tmp)) {
                throw new NoSuchFileException(tmp.toString(), null, "the spill directory does not exist");
            }
            String runs = "runs spilled to " + tmp + " (the sort does not fit in " + sorters + " x " + memoryPerSorter + " bytes)";
            if (sameDevice(tmp, dir)) {
                // Runs and output on one disk: the runs are deleted only after the output is written.
                requireSpace(dir, 2 * size - reuse, "the output " + output + " and the " + runs);
            } else {
                requireSpace(tmp, size, "the " + runs);
            }
        }
        requireSpace(dir, size - reuse, "the output " + output);
        return records;
    }

    // statvfs and stat answer these without the mount table, which Files.getFileStore needs and a
    // chroot's /proc/self/mounts may not show ("Mount point not found").
    private static void requireSpace(Path dir, long bytes, String what) throws IOException {
        long free = dir.toFile().getUsableSpace();
        if (bytes > free) {
            throw new IOException("disk full: " + what + " needs " + bytes + " bytes, and " + dir + " has " + free + " free");
        }
    }

    private static boolean sameDevice(Path a, Path b) throws IOException {
        return Files.getAttribute(a, "unix:dev").equals(Files.getAttribute(b, "unix:dev"));
    }

    /**
     * True if the records do not fit in the sorters' memory: the sort takes two passes.
     *
     * @param records the input's records
     * @return whether they are more than the sorters' arenas hold together
     */
    public boolean spills(long records) {
        return records > (long) sorters * RecordArena.capacityFor(memoryPerSorter);
    }

    /**
     * True if the partitioners send the sorters {@link SortEntries} rather than records (see
     * {@link #graph}): the sort takes one pass, and the input's pages can stay cached while the
     * sorters gather from them: the input is at most half the machine's memory when the output
     * goes around the page cache ({@code direct}), a quarter when the output's pages compete with
     * it. Beyond, the gather would read the disk at random (10 GB with buffered output on a 24 GiB
     * machine: bench/results/raw/tigrissort-100000000-entries.log), so the records travel.
     *
     * @param records the input's records
     * @return whether the partitioners send entries
     */
    public boolean sendsEntries(long records) {
        return !spills(records) && records * RecordGenerator.RECORD_BYTES <= PHYSICAL_MEMORY / (direct ? 2 : 4);
    }


    /**
     * The river: partitioner instance p reads stripe p of the input; sorter instance s takes key
     * range s of {@code splitters} and writes it where the ranges below it end. When the sort takes
     * one pass and its input is small beside the machine's memory ({@link #sendsEntries}), the
     * partitioners send entries, not records: the sorters, in the same JVM, gather the records
     * from the input, whose pages the partitioners have just read into the page cache. Otherwise
     * records travel, so the gather never reads a disk at random.
     *
     * @param name the river's name
     * @param records the input's records ({@link #check}), which size the sorters' key arrays
     * @param splitters the sorters' key ranges, {@code sorters} of them
     * @return the river, to grow in this JVM
     */
    public RiverGraph graph(String name, long records, KeySplitters splitters) {
        boolean entries = sendsEntries(records);
        Path in = input.toAbsolutePath();
        PartitionParameters partition = PartitionParameters.striped(in, partitioners, splitters, water,
                        entries ? PartitionParameters.Payload.ENTRIES : PartitionParameters.Payload.RECORDS);
        // Sampled ranges hold about equal shares; a sixteenth more covers the sample's error.
        long expect = Math.min(records, records / sorters + records / sorters / 16 + 1);
        SortParameters sort = new SortParameters(output.toAbsolutePath(), SortParameters.Layout.SHARED, null, partitioners, memoryPerSorter,
                        tmp.toAbsolutePath(), sync, direct, expect, entries ? in : null);
        return SortGraph.build(name, partitioners, partition, sorters, sort, ReservoirSpec.of(window, water));
    }

    /**
     * First record of partitioner {@code p}'s stripe when {@code records} are split
     * {@code partitioners} ways: the first {@code records % partitioners} stripes hold one more.
     *
     * @param records the records split, 0 or more
     * @param partitioners the stripes, 1 or more
     * @param p the stripe, 0 to {@code partitioners} (the last gives {@code records}: the end)
     * @return the record the stripe starts at
     */
    public static long stripeStart(long records, int partitioners, int p) {
        return records / partitioners * p + Math.min(p, records % partitioners);
    }
}
