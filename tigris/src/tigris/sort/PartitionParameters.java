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
 * @param first with {@code records}: the first record of this partitioner's stripe; null: by stripes
 * @param records with {@code first}: how many records it reads
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
    public enum Payload { RECORDS, ENTRIES }

    public static final Parameter<Path> INPUT = Parameter.path("input", null).required();
    public static final Parameter<Long> FIRST = Parameter.longValue("first", null);
    public static final Parameter<Long> RECORDS = Parameter.longValue("records", null);
    public static final Parameter<Integer> STRIPES = Parameter.intValue("stripes", null);
    public static final Parameter<KeySplitters> SPLITTERS = new Parameter<>("splitters", KeySplitters::decode, KeySplitters::encode, KeySplitters.decode(""));
    public static final Parameter<Integer> WATER = Parameter.intValue("water", 1_000_000);
    public static final Parameter<Long> WINDOW = Parameter.longValue("window", 64_000_000L);
    public static final Parameter<Payload> SEND = Parameter.enumOf("send", Payload.class, Payload.RECORDS);

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

    /** A partitioner of every instance's stripe of {@code input}. */
    public static PartitionParameters striped(Path input, int stripes, KeySplitters splitters, int water, Payload send) {
        return new PartitionParameters(input, null, null, stripes, splitters, water, WINDOW.orElse(), send);
    }

    /** The parameters of {@code config}, refused with the module named if any is bad. */
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

    /** As module parameters. */
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
