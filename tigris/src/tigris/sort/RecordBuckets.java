/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.lang.foreign.MemorySegment;
import java.util.List;

import tigris.ProducerEnd;
import tigris.Water;

/**
 * A partitioner's Waters to the sorters, one open per key range: each record (or its
 * {@link SortEntries entry}) read goes into the Water of the sorter whose range holds its key,
 * made by that sorter's reservoir; a full Water is put at once. At the end, the partly filled
 * Waters and a {@link SortTally} go to every sorter. Shared by the partitioners that read a stripe
 * ({@link PartitionModule}) and those that read the chunks they are dealt ({@link MirroredPartitionModule}).
 * Records of a range no sorter downstream takes ({@link RangeShare}) are counted, not sent.
 */
final class RecordBuckets {
    private static final int RECORD = RecordGenerator.RECORD_BYTES;

    private final KeySplitters splitters;
    private final int waterBytes;
    private final boolean sendEntries;
    /** Bytes of one record's share of a Water: the record, or its entry. */
    private final int unit;
    /** Bytes of a full Water: water, or the most whole entries that fit in it. */
    private final int fullBytes;
    /** For each key range, the sorter (index into the producer ends) that takes it, or -1. */
    private final int[] sorterOf;
    private final Water[] open;
    private final MemorySegment[] openBuffer;
    private final int[] fill;
    private final long[] counts;

    /** Buckets for sorter i taking key range i, every range sent. */
    RecordBuckets(KeySplitters splitters, int waterBytes, boolean sendEntries) {
        this(splitters, waterBytes, sendEntries, RangeShare.all(splitters.count()));
    }

    /** Buckets for the sorters of {@code share}: sorter i takes range {@code share.ranges().get(i)}. */
    RecordBuckets(KeySplitters splitters, int waterBytes, boolean sendEntries, RangeShare share) {
        if (share.keyRanges() != splitters.count()) {
            throw new IllegalArgumentException("a share of " + share.keyRanges() + " key ranges, but splitters for " + splitters.count());
        }
        this.splitters = splitters;
        this.waterBytes = waterBytes;
        this.sendEntries = sendEntries;
        this.unit = sendEntries ? SortEntries.BYTES : RECORD;
        this.fullBytes = waterBytes / unit * unit;
        this.sorterOf = share.instanceOfRange();
        int s = share.ranges().size();
        open = new Water[s];
        openBuffer = new MemorySegment[s];
        fill = new int[s];
        counts = new long[splitters.count()];
    }

    /** Sorters downstream. */
    int sorters() {
        return open.length;
    }

    /** Buckets {@code records} records of {@code in} from offset 0; the first is record number {@code first} of its file (for entries). */
    void bucket(MemorySegment in, long first, int records, List<ProducerEnd> parts) throws InterruptedException {
        KeySplitters keys = splitters;
        for (int i = 0; i < records; i++) {
            long o = (long) i * RECORD;
            long prefix = RecordKey.prefix(in, o);
            int range = keys.rangeOf(prefix);
            counts[range]++;
            int r = sorterOf[range];
            if (r < 0) {
                continue;
            }
            MemorySegment b = openBuffer[r];
            if (b == null) {
                Water w = parts.get(r).spring().createWater(waterBytes);
                w.setKind(sendEntries ? SortWaterKind.ENTRIES : SortWaterKind.RECORDS);
                open[r] = w;
                b = openBuffer[r] = w.buffer().asSegment();
            }
            if (sendEntries) {
                SortEntries.put(b, fill[r], prefix, RecordKey.suffix(in, o), first + i);
            } else {
                MemorySegment.copy(in, o, b, fill[r], RECORD);
            }
            if ((fill[r] += unit) == fullBytes) {
                send(parts, r);
            }
        }
    }

    private void send(List<ProducerEnd> parts, int r) throws InterruptedException {
        Water w = open[r];
        w.setLength(fill[r]);
        open[r] = null;
        openBuffer[r] = null;
        fill[r] = 0;
        parts.get(r).put(w);
    }

    /** Puts the partly filled Waters, then partitioner {@code instance}'s tally to every sorter. */
    void finish(int instance, List<ProducerEnd> parts) throws InterruptedException {
        for (int r = 0; r < open.length; r++) {
            if (open[r] != null) {
                send(parts, r);
            }
        }
        for (int r = 0; r < open.length; r++) {
            Water t = parts.get(r).spring().createWater(SortTally.bytes(counts.length));
            SortTally.write(t, instance, counts);
            parts.get(r).put(t);
        }
    }

    /** Releases the Waters still open (a river stopped or failed before the end). */
    void release() {
        for (Water w : open) {
            if (w != null && w.isOwned()) {
                w.release();
            }
        }
    }
}
