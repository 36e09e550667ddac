/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

import jaguar.ext.MappingMode;
import jaguar.ext.MappedFileBuffer;
import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.PartitioningModuleIF;
import tigris.ProducerEnd;
import tigris.Water;

/**
 * TigrisSort's partitioner (a source, run by a {@code PARTITIONED} thread): maps its stripe of
 * the input file a window at a time as an External Object and buckets its records to the sorters
 * ({@link RecordBuckets}); at the end it puts the partly filled Waters and a {@link SortTally} to
 * every sorter, then ends its river.
 *
 * <p>Parameters: {@link PartitionParameters}.
 */
public final class PartitionModule implements PartitioningModuleIF {
    /** Made by the river from its module class name. */
    public PartitionModule() {
    }

    private static final int RECORD = RecordGenerator.RECORD_BYTES;

    private String name;
    private int instance;
    private Path input;
    private long next;
    private long end;
    private long total;
    private long windowRecords;
    private RecordBuckets buckets;
    /** The window after the current one, mapped and read ahead (confined: destroy runs on the module's thread too). */
    private MappedFileBuffer ahead;
    private volatile long recordsDone;

    @Override
    public String getName() {
        return name;
    }

    @Override
    public void init(ModuleConfig config) {
        name = config.name();
        instance = config.instance();
        PartitionParameters p = PartitionParameters.from(config);
        input = p.input();
        long size;
        try {
            size = Files.size(input);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("module " + name + ": no input file " + input);
        } catch (IOException e) {
            throw new UncheckedIOException("module " + name + ": cannot read input " + input + ": " + e.getMessage(), e);
        }
        long records;
        if (p.first() != null || p.records() != null) {
            next = p.first() == null ? 0 : p.first();
            records = p.records() == null ? size / RECORD - next : p.records();
        } else {
            // The file is read by 'stripes' partitioners (all instances, or those on this node):
            // this one reads the stripe its instance number selects.
            int stripes = p.stripes() == null ? config.instances() : p.stripes();
            if (size % RECORD != 0) {
                throw new IllegalArgumentException("module " + name + ": input " + input + " has " + size + " bytes, not a whole number of "
                                + RECORD + "-byte records");
            }
            long all = size / RECORD;
            int stripe = instance % stripes;
            next = SortPlan.stripeStart(all, stripes, stripe);
            records = SortPlan.stripeStart(all, stripes, stripe + 1) - next;
        }
        windowRecords = Math.max(1, p.window() / RECORD);
        buckets = new RecordBuckets(p.splitters(), p.water(), p.send() == PartitionParameters.Payload.ENTRIES);
        end = next + records;
        total = records;
        if (next < 0 || records < 0 || end * RECORD > size) {
            throw new IllegalArgumentException("module " + name + ": records " + next + ".." + (end - 1) + " are not all in " + input + " ("
                            + size + " bytes, " + size / RECORD + " records)");
        }
    }

    /**
     * Records read and bucketed so far; safe from any thread.
     *
     * @return records of its stripe put into Waters, 0 to {@link #recordsTotal()}
     */
    public long recordsDone() {
        return recordsDone;
    }

    @Override
    public PartitionerReport report() {
        return new PartitionerReport(recordsDone, total);
    }

    /**
     * Records of this partitioner's stripe.
     *
     * @return how many records it reads in all, known once it is initialised
     */
    public long recordsTotal() {
        return total;
    }

    @Override
    public void doOperation(Water in, List<ProducerEnd> parts) throws EndOfRiverException, InterruptedException {
        if (parts.size() != buckets.sorters()) {
            throw new IllegalStateException("module " + name + " has " + parts.size() + " sorters downstream but splitters for "
                            + buckets.sorters() + " key ranges");
        }
        if (next == end) {
            buckets.finish(instance, parts);
            throw new EndOfRiverException();
        }
        long n = Math.min(windowRecords, end - next);
        MappedFileBuffer current = ahead;
        if (current == null) {
            current = map(next, n);
            current.willNeed();
        }
        ahead = null;
        try (MappedFileBuffer window = current) {
            // Map the next window and ask for its pages now, so the disk reads it while this one is bucketed.
            if (next + n < end) {
                ahead = map(next + n, Math.min(windowRecords, end - next - n));
                ahead.willNeed();
            }
            // The per-record loop works on the window's segment: bounds are checked per copy, the
            // buffer's liveness once per window.
            buckets.bucket(window.asSegment(), next, (int) n, parts);
        }
        next += n;
        recordsDone += n;
    }

    private MappedFileBuffer map(long first, long records) {
        try {
            // Confined, so close() unmaps at once: shared mappings go when the GC finds them, and a
            // large input would keep gigabytes of old windows mapped until then.
            return MappedFileBuffer.map(input, MappingMode.READ_ONLY, first * RECORD, records * RECORD);
        } catch (IOException e) {
            throw new UncheckedIOException("module " + name + ": cannot map " + input + " at record " + first + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void destroy() {
        if (ahead != null) {
            ahead.close();
            ahead = null;
        }
        if (buckets != null) {
            buckets.release();
        }
    }
}
