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
 * A {@link PartitionModule}'s parameters, each key defined once.
 *
 * @param input the input file ({@code {node}} becomes the node's name)
 * @param first with {@code records}: the first record this partitioner reads, from 0 (null with
 *        {@code records} given: 0); both null: the file is read by stripes
 * @param records with {@code first}: how many records it reads (null with {@code first} given:
 *        to the end of the file)
 * @param stripes how many partitioners read the file in equal consecutive stripes (instance p
 *        reads stripe p modulo it); null: all instances
 * @param splitters the sorters' key ranges
 * @param water bytes of records per Water, a multiple of 100
 * @param window bytes of the input mapped at once
 * @param send what goes to the sorters: records, or entries (keys and record numbers) for sorters
 *        that map the same input themselves
 */
public record PartitionParameters(Path input, Long first, Long records, Integer stripes, KeySplitters splitters, int water, long window,
                Payload send) {
    /** What a partitioner sends. */
    public enum Payload {
        /** The records themselves, 100 bytes each: sorters that cannot gather from the input (too large, on another node). */
        RECORDS,
        /** Entries of 16 bytes, key and record number ({@code SortEntries}): sorters gather the records from the input themselves. */
        ENTRIES
    }

    /** {@code input}, the input file; required. */
    public static final Parameter<Path> INPUT = Parameter.path("input", null).required();
    /** {@code first}, the first record read; absent by default. */
    public static final Parameter<Long> FIRST = Parameter.longValue("first", null);
    /** {@code records}, how many records are read; absent by default. */
    public static final Parameter<Long> RECORDS = Parameter.longValue("records", null);
    /** {@code stripes}, how many partitioners share the file; absent by default (all instances). */
    public static final Parameter<Integer> STRIPES = Parameter.intValue("stripes", null);
    /** {@code splitters}, the key ranges' bounds ({@link KeySplitters#encode}); one range by default. */
    public static final Parameter<KeySplitters> SPLITTERS = new Parameter<>("splitters", KeySplitters::decode, KeySplitters::encode, KeySplitters.decode(""));
    /** {@code water}, bytes of records per Water; 1,000,000 by default. */
    public static final Parameter<Integer> WATER = Parameter.intValue("water", 1_000_000);
    /** {@code window}, bytes of the input mapped at once; 64,000,000 by default. */
    public static final Parameter<Long> WINDOW = Parameter.longValue("window", 64_000_000L);
    /** {@code send}, {@code records} or {@code entries} (read in any case); records by default. */
    public static final Parameter<Payload> SEND = Parameter.enumOf("send", Payload.class, Payload.RECORDS);

    /**
     * Checks the parameters.
     *
     * @param input the input file; not null
     * @param first the first record read, or null
     * @param records how many records are read, or null
     * @param stripes how many partitioners share the file, 1 or more, or null
     * @param splitters the sorters' key ranges; not null
     * @param water bytes of records per Water, a positive multiple of 100
     * @param window bytes of the input mapped at once, 1 or more
     * @param send what goes to the sorters; not null
     * @throws NullPointerException if {@code input}, {@code splitters} or {@code send} is null
     * @throws IllegalArgumentException if {@code water}, {@code stripes} or {@code window} is out
     *         of range, naming it
     */
    public PartitionParameters {
        java.util.Objects.requireNonNull(input, "input");
        java.util.Objects.requireNonNull(splitters, "splitters");
        java.util.Objects.requireNonNull(send, "send");
        if (water < RecordGenerator.RECORD_BYTES || water % RecordGenerator.RECORD_BYTES != 0) {
            throw new IllegalArgumentException("water=" + water + " is not a positive multiple of " + RecordGenerator.RECORD_BYTES + " bytes");
        }
        if (stripes != null && stripes < 1) {
            throw new IllegalArgumentException("stripes=" + stripes + " is not positive");
        }
        if (window < 1) {
            throw new IllegalArgumentException("window=" + window + " is not positive");
        }
    }

    /**
     * A partitioner of every instance's stripe of {@code input}, mapping the default window.
     *
     * @param input the input file
     * @param stripes how many partitioners share the file, 1 or more: instance p reads stripe p
     *        modulo {@code stripes}
     * @param splitters the sorters' key ranges
     * @param water bytes of records per Water, a positive multiple of 100
     * @param send what goes to the sorters
     * @return the parameters
     * @throws IllegalArgumentException if {@code water} or {@code stripes} is out of range
     */
    public static PartitionParameters striped(Path input, int stripes, KeySplitters splitters, int water, Payload send) {
        return new PartitionParameters(input, null, null, stripes, splitters, water, WINDOW.orElse(), send);
    }

    /**
     * The parameters of {@code config}, refused with the module named if any is bad.
     *
     * @param config the module's configuration
     * @return the parameters it holds, defaults for those absent
     * @throws IllegalArgumentException if one is missing, cannot be read or is out of range,
     *         naming the module
     */
    public static PartitionParameters from(ModuleConfig config) {
        Path input = INPUT.from(config);
        Long first = FIRST.from(config);
        Long records = RECORDS.from(config);
        Integer stripes = STRIPES.from(config);
        KeySplitters splitters = SPLITTERS.from(config);
        int water = WATER.from(config);
        long window = WINDOW.from(config);
        Payload send = SEND.from(config);
        try {
            return new PartitionParameters(input, first, records, stripes, splitters, water, window, send);
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
        INPUT.put(m, input);
        FIRST.put(m, first);
        RECORDS.put(m, records);
        STRIPES.put(m, stripes);
        SPLITTERS.put(m, splitters);
        WATER.put(m, water);
        WINDOW.put(m, window);
        SEND.put(m, send);
        return m;
    }
}
