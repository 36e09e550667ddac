/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import tigris.Water;
import tigris.pipe.BoundFilter;
import tigris.pipe.FilterArgumentException;
import tigris.pipe.FilterClasses;
import tigris.pipe.FilterDefinition;
import tigris.pipe.Outlet;
import tigris.pipe.PipeModule;
import tigris.pipe.PipelineExpression.Argument;
import tigris.pipe.WaterWriter;
import tigris.pipe.plan.FilterCost;
import tigris.sort.KeyOrder;
import tigris.sort.PartitionSummary;
import tigris.sort.RecordChecksum;
import tigris.sort.Uint128;

/**
 * {@code valsort}: at the end of a stream of 100-byte records, what valsort 1.5 (and
 * {@code tigris valsort}) says of them: the records, their checksum, the unordered or the duplicate
 * keys, SUCCESS or ERROR. A stream that is not whole records fails, saying so.
 */
public final class ValSort implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public ValSort() {
    }

    @Override
    public String name() {
        return "valsort";
    }

    @Override
    public String usage() {
        return "valsort";
    }

    @Override
    public String summary() {
        return "checks that 100-byte records are in key order and says what valsort says of them";
    }

    @Override
    public BoundFilter bind(List<Argument> arguments) throws FilterArgumentException {
        Arguments.none(arguments);
        return new BoundFilter("valsort", Module.class, Map.of(), true, true, FilterClasses.NONE);
    }

    /** Counts, sums and compares each record with the one before it. */
    @FilterCost(nanosPerByte = 2.6, bytesOut = 0)
    public static final class Module extends PipeModule {
        private final Records records = new Records();
        private final RecordChecksum checksum = new RecordChecksum();
        private final byte[] previous = new byte[Records.BYTES];
        private byte[] first;
        private long count;
        private long duplicates;
        private long unordered;
        private long firstUnordered;

        /** Made reflectively by the river, one for each place the filter runs; the filter takes no parameters. */
        public Module() {
        }

        @Override
        protected void take(Water in, Outlet o) throws Exception {
            records.take(in, this::record);
        }

        private void record(byte[] b, int at) {
            checksum.addRecord(b, at);
            if (count == 0) {
                first = Arrays.copyOfRange(b, at, at + Records.BYTES);
            } else {
                int diff = KeyOrder.BYTES.compare(previous, 0, b, at);
                if (diff == 0) {
                    duplicates++;
                } else if (diff > 0 && unordered++ == 0) {
                    firstUnordered = count;
                }
            }
            System.arraycopy(b, at, previous, 0, Records.BYTES);
            count++;
        }

        @Override
        protected void finish(Outlet o) throws Exception {
            records.finish("valsort");
            if (count == 0) {
                throw new IllegalArgumentException("valsort: there must be at least one record to be validated");
            }
            PartitionSummary s = new PartitionSummary(Uint128.of(firstUnordered), Uint128.of(unordered), Uint128.of(count), Uint128.of(duplicates),
                            checksum.value(), first, previous);
            WaterWriter w = new WaterWriter(o, 0, true);
            for (String line : s.report()) {
                byte[] b = (line + "\n").getBytes(StandardCharsets.US_ASCII);
                w.write(b, 0, b.length);
            }
            w.flush();
        }
    }
}
