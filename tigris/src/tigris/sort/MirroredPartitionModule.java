/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import jaguar.ext.MappedFileBuffer;
import jaguar.ext.MappingMode;
import tigris.ModuleConfig;
import tigris.Parameter;
import tigris.PartitioningModuleIF;
import tigris.ProducerEnd;
import tigris.Water;

/**
 * A partitioner of a mirrored input (graduated declustering): it holds copies of some stripes and
 * reads the chunks it is dealt ({@link ChunkTicket}s from each stripe's {@link ChunkDealer}) from
 * its copy, bucketing the records to the sorters as {@link PartitionModule} does. Which chunks it
 * reads is the dealers' choice: the faster its copies deliver, the more it is dealt. At End of
 * River it sends its tally.
 *
 * <p>Parameters: {@code copies} ({@code STRIPE=PATH,...}: the files here holding each stripe's
 * records, in stripe order), {@code splitters}, {@code water} (as {@link PartitionParameters}).
 * It sends records (entries name a record's place in one file, and a chunk is read from either
 * copy). With a {@link RangeShare} it sends only the ranges shared out (a river that rebuilds
 * some ranges after a node was lost) and still tallies all.
 */
public final class MirroredPartitionModule implements PartitioningModuleIF {
    private static final int RECORD = RecordGenerator.RECORD_BYTES;

    /** Its number in the sorters' tallies (its instance number unless given: each reader may be a module of its own). */
    public static final Parameter<Integer> PARTITIONER = Parameter.intValue("partitioner", null);
    /** The files here holding each stripe's records ({@code STRIPE=PATH,...}); required. */
    public static final Parameter<Map<Integer, Path>> COPIES = new Parameter<Map<Integer, Path>>("copies", MirroredPartitionModule::decodeCopies,
                    MirroredPartitionModule::encodeCopies, null).required();
    /** Each stripe's records ({@code STRIPE=RECORDS,...}), as its dealer deals them: a copy of another length is refused at init. */
    public static final Parameter<Map<Integer, Long>> STRIPE_RECORDS = new Parameter<Map<Integer, Long>>("stripe-records",
                    MirroredPartitionModule::decodeRecords, MirroredPartitionModule::encodeRecords, null).required();

    private String name;
    private int instance;
    private Map<Integer, Path> copies;
    private Map<Integer, Long> copyRecords;
    private RecordBuckets buckets;
    private volatile long recordsDone;
    private volatile int chunksRead;

    /** Made by the river from its module class name. */
    public MirroredPartitionModule() {
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public void init(ModuleConfig config) {
        name = config.name();
        Integer number = PARTITIONER.from(config);
        instance = number == null ? config.instance() : number;
        copies = COPIES.from(config);
        Map<Integer, Long> expected = STRIPE_RECORDS.from(config);
        copyRecords = new TreeMap<>();
        for (var c : copies.entrySet()) {
            long size;
            try {
                size = Files.size(c.getValue());
            } catch (IOException e) {
                throw new IllegalArgumentException("module " + name + ": cannot read the copy of stripe " + c.getKey() + " at " + c.getValue() + ": " + e);
            }
            if (size % RECORD != 0) {
                throw new IllegalArgumentException("module " + name + ": the copy of stripe " + c.getKey() + " at " + c.getValue() + " has " + size
                                + " bytes, not a whole number of " + RECORD + "-byte records");
            }
            Long stripe = expected.get(c.getKey());
            if (stripe == null || stripe != size / RECORD) {
                throw new IllegalArgumentException("module " + name + ": the copy of stripe " + c.getKey() + " at " + c.getValue() + " holds " + size / RECORD
                                + " records, but the stripe has " + stripe + ": a stale or wrong copy");
            }
            copyRecords.put(c.getKey(), size / RECORD);
        }
        KeySplitters splitters = PartitionParameters.SPLITTERS.from(config);
        buckets = new RecordBuckets(splitters, PartitionParameters.WATER.from(config), false, RangeShare.from(config, splitters.count()));
    }

    @Override
    public void doOperation(Water in, List<ProducerEnd> parts) throws InterruptedException {
        if (parts.size() != buckets.sorters()) {
            throw new IllegalStateException("module " + name + " has " + parts.size() + " sorters downstream but sends to " + buckets.sorters()
                            + " (its key ranges or its share of them)");
        }
        if (in == null) {
            buckets.finish(instance, parts);
            return;
        }
        ChunkTicket t = ChunkTicket.of(in);
        Path copy = copies.get(t.stripe());
        if (copy == null) {
            throw new IllegalStateException("module " + name + " was dealt chunk " + t.chunk() + " of stripe " + t.stripe() + " but holds copies of stripes "
                            + copies.keySet() + " only: the river joins a dealer to a partitioner without its copy");
        }
        if (t.first() + t.records() > copyRecords.get(t.stripe())) {
            throw new IllegalStateException("module " + name + ": chunk " + t.chunk() + " of stripe " + t.stripe() + " (records " + t.first() + ".."
                            + (t.first() + t.records() - 1) + ") is past the end of its copy " + copy + " (" + copyRecords.get(t.stripe()) + " records)");
        }
        try (MappedFileBuffer chunk = MappedFileBuffer.map(copy, MappingMode.READ_ONLY, t.first() * RECORD, (long) t.records() * RECORD)) {
            chunk.willNeed();
            buckets.bucket(chunk.asSegment(), t.first(), t.records(), parts);
        } catch (IOException e) {
            throw new UncheckedIOException("module " + name + ": cannot read chunk " + t.chunk() + " of stripe " + t.stripe() + " from " + copy + ": " + e.getMessage(), e);
        }
        recordsDone += t.records();
        chunksRead++;
    }

    /** Records read so far (of no fixed total: the dealers decide); {@link #chunksRead()} says how many chunks. */
    @Override
    public PartitionerReport report() {
        return new PartitionerReport(recordsDone, -1);
    }

    /**
     * Chunks this partitioner has read so far; safe from any thread.
     *
     * @return the chunk tickets it has read, from any stripe
     */
    public int chunksRead() {
        return chunksRead;
    }

    @Override
    public void destroy() {
        if (buckets != null) {
            buckets.release();
        }
    }

    static Map<Integer, Path> decodeCopies(String v) {
        return NumberedValues.decode("copies", "STRIPE", "PATH", v, Path::of);
    }

    static String encodeCopies(Map<Integer, Path> m) {
        return NumberedValues.encode(m, "the copy of stripe");
    }

    static Map<Integer, Long> decodeRecords(String v) {
        return NumberedValues.decode("stripe-records", "STRIPE", "RECORDS", v, Long::parseLong);
    }

    static String encodeRecords(Map<Integer, Long> m) {
        return NumberedValues.encode(m, "the records of stripe");
    }
}
