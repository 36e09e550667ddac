/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import tigris.ModuleConfig;
import tigris.Parameter;

/**
 * A {@link SortModule}'s parameters, each key defined once.
 *
 * @param output the output file ({@code {node}} becomes the node's name)
 * @param layout shared (S sorters fill one file, each its range at its place) or own (each writes its range as a whole file)
 * @param rangesPerFile shared layout: how many consecutive ranges one file holds (the sorter of
 *        range r writes into the file of ranges r - r mod it and up); null: all
 * @param partitioners how many partitioners send to it (tallies to expect)
 * @param memory bytes for records and keys (or, for entries, keys and record numbers); half of it,
 *        and at least 64 MiB, reads the runs when they are merged
 * @param tmp the directory runs spill to
 * @param sync force the output to disk at the end
 * @param direct write runs and output with O_DIRECT where the file system allows it
 * @param expect records the range should get, so the key arrays are sized once (a hint; 0: none)
 * @param entriesFrom the input file, when the partitioners send entries ({@code {node}} becomes the node's name); null: records
 */
public record SortParameters(Path output, Layout layout, Integer rangesPerFile, int partitioners, long memory, Path tmp, boolean sync,
                boolean direct, long expect, Path entriesFrom) {
    /** How sorters lay out their output. */
    public enum Layout {
        /** Consecutive ranges fill one file side by side, each at the byte where the ranges below it end. */
        SHARED,
        /** Each sorter writes its range as a whole file of its own, replacing what was there. */
        OWN
    }

    /** {@code output}, the output file; required. */
    public static final Parameter<Path> OUTPUT = Parameter.path("output", null).required();
    /** {@code layout}, {@code shared} or {@code own}; shared by default. */
    public static final Parameter<Layout> LAYOUT = Parameter.enumOf("layout", Layout.class, Layout.SHARED);
    /** {@code ranges-per-file}, key ranges per output file; absent by default (all in one). */
    public static final Parameter<Integer> RANGES_PER_FILE = Parameter.intValue("ranges-per-file", null);
    /** {@code partitioners}, how many partitioners send tallies to each sorter; required. */
    public static final Parameter<Integer> PARTITIONERS = Parameter.intValue("partitioners", null).required();
    /** {@code memory}, bytes per sorter; 1 GiB by default. */
    public static final Parameter<Long> MEMORY = Parameter.longValue("memory", 1L << 30);
    /** {@code tmp}, the directory runs spill to; {@code java.io.tmpdir} by default. */
    public static final Parameter<Path> TMP = Parameter.path("tmp", Path.of(System.getProperty("java.io.tmpdir")));
    /** {@code sync}, whether the output is forced to disk at the end; true by default. */
    public static final Parameter<Boolean> SYNC = Parameter.bool("sync", true);
    /** {@code direct}, whether runs and output are written with O_DIRECT where allowed; true by default. */
    public static final Parameter<Boolean> DIRECT = Parameter.bool("direct", true);
    /** {@code expect}, records the range should get (a hint); 0 (none) by default. */
    public static final Parameter<Long> EXPECT = Parameter.longValue("expect", 0L);
    /** {@code entries-from}, the input the entries name; absent by default (records are sent). */
    public static final Parameter<Path> ENTRIES_FROM = Parameter.path("entries-from", null);

    /**
     * Checks the parameters.
     *
     * @param output the output file; not null
     * @param layout shared or own; not null
     * @param rangesPerFile key ranges per file, 1 or more, or null for all
     * @param partitioners how many partitioners send to it, 1 or more
     * @param memory bytes for what it holds, 1 or more
     * @param tmp the directory runs spill to; not null
     * @param sync whether to force the output to disk at the end
     * @param direct whether to write with O_DIRECT where the file system allows it
     * @param expect records the range should get, 0 or more (0: no hint)
     * @param entriesFrom the input file the entries name, or null when records are sent
     * @throws NullPointerException if {@code output}, {@code layout} or {@code tmp} is null
     * @throws IllegalArgumentException if a number is out of range, naming it
     */
    public SortParameters {
        java.util.Objects.requireNonNull(output, "output");
        java.util.Objects.requireNonNull(layout, "layout");
        java.util.Objects.requireNonNull(tmp, "tmp");
        if (partitioners < 1) {
            throw new IllegalArgumentException("parameter partitioners (how many send to it) must be at least 1, got " + partitioners);
        }
        if (rangesPerFile != null && rangesPerFile < 1) {
            throw new IllegalArgumentException("ranges-per-file=" + rangesPerFile + " is not positive");
        }
        if (memory < 1 || expect < 0) {
            throw new IllegalArgumentException("memory=" + memory + " and expect=" + expect + " must be positive and not negative");
        }
    }

    /**
     * The parameters of {@code config}, refused with the module named if any is bad.
     *
     * @param config the module's configuration
     * @return the parameters it holds, defaults for those absent
     * @throws IllegalArgumentException if one is missing, cannot be read or is out of range,
     *         naming the module
     */
    public static SortParameters from(ModuleConfig config) {
        Path output = OUTPUT.from(config);
        Layout layout = LAYOUT.from(config);
        Integer rangesPerFile = RANGES_PER_FILE.from(config);
        int partitioners = PARTITIONERS.from(config);
        long memory = MEMORY.from(config);
        Path tmp = TMP.from(config);
        boolean sync = SYNC.from(config);
        boolean direct = DIRECT.from(config);
        long expect = EXPECT.from(config);
        Path entriesFrom = ENTRIES_FROM.from(config);
        try {
            return new SortParameters(output, layout, rangesPerFile, partitioners, memory, tmp, sync, direct, expect, entriesFrom);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("module " + config.name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * As module parameters, the inverse of {@link #from}.
     *
     * @return a new map, key to text, without the parameters that are null
     */
    public Map<String, String> toMap() {
        Map<String, String> m = new LinkedHashMap<>();
        OUTPUT.put(m, output);
        LAYOUT.put(m, layout);
        RANGES_PER_FILE.put(m, rangesPerFile);
        PARTITIONERS.put(m, partitioners);
        MEMORY.put(m, memory);
        TMP.put(m, tmp);
        SYNC.put(m, sync);
        DIRECT.put(m, direct);
        EXPECT.put(m, expect);
        ENTRIES_FROM.put(m, entriesFrom);
        return m;
    }
}
