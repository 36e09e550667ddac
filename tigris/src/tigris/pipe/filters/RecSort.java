/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

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

/**
 * {@code recsort}: 100-byte records in the order of their 10-byte keys (unsigned bytes, as
 * valsort checks them), at the end of the stream: TigrisSort's order inside one filter, the
 * records held in memory (at most {@link #MAX_RECORDS}). Not named {@code sort}: in a pipeline as
 * in a shell, {@code sort} is the program that sorts lines.
 */
public final class RecSort implements FilterDefinition {
    /** The records one filter holds: their bytes in one array. */
    public static final int MAX_RECORDS = Integer.MAX_VALUE / Records.BYTES;

    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public RecSort() {
    }

    @Override
    public String name() {
        return "recsort";
    }

    @Override
    public String usage() {
        return "recsort";
    }

    @Override
    public String summary() {
        return "sorts 100-byte records by their 10-byte keys (TigrisSort's order; at most 21 million, in memory)";
    }

    @Override
    public BoundFilter bind(List<Argument> arguments) throws FilterArgumentException {
        Arguments.none(arguments);
        return new BoundFilter("recsort", Module.class, Map.of(), true, true, FilterClasses.NONE);
    }

    /** Holds every record, then sorts their indices by key and writes the records in that order. */
    @FilterCost(nanosPerByte = 39)
    public static final class Module extends PipeModule {
        private static final int KEY = 10;
        private final Records records = new Records();
        private byte[] data = new byte[1 << 20];
        private int count;

        /** Made reflectively by the river, one for each place the filter runs; the filter takes no parameters. */
        public Module() {
        }

        @Override
        protected void take(Water in, Outlet o) throws Exception {
            records.take(in, this::record);
        }

        private void record(byte[] b, int at) {
            if (count == MAX_RECORDS) {
                throw new IllegalArgumentException("recsort: more than " + MAX_RECORDS + " records: sort them with tigris sort, which spills to disk");
            }
            int end = (count + 1) * Records.BYTES;
            if (end > data.length) {
                data = Arrays.copyOf(data, (int) Math.min((long) MAX_RECORDS * Records.BYTES, Math.max(end, 2L * data.length)));
            }
            System.arraycopy(b, at, data, count * Records.BYTES, Records.BYTES);
            count++;
        }

        @Override
        protected void finish(Outlet o) throws Exception {
            records.finish("recsort");
            int[] order = new int[count];
            for (int i = 0; i < count; i++) {
                order[i] = i;
            }
            sort(order, 0, count - 1);
            // Records cut where Waters end, so a Water smaller than a record (@water=64) carries them too.
            WaterWriter out = new WaterWriter(o, 0, false);
            for (int i : order) {
                out.write(data, i * Records.BYTES, Records.BYTES);
            }
            out.flush();
        }

        private int compare(int a, int b) {
            return Arrays.compareUnsigned(data, a * Records.BYTES, a * Records.BYTES + KEY, data, b * Records.BYTES, b * Records.BYTES + KEY);
        }

        /** Quicksort of record indices by key: median of three, insertion sort below 16, the smaller side recursed. */
        private void sort(int[] x, int lo, int hi) {
            while (hi - lo >= 16) {
                int mid = (lo + hi) >>> 1;
                if (compare(x[mid], x[lo]) < 0) {
                    swap(x, mid, lo);
                }
                if (compare(x[hi], x[lo]) < 0) {
                    swap(x, hi, lo);
                }
                if (compare(x[hi], x[mid]) < 0) {
                    swap(x, hi, mid);
                }
                int pivot = x[mid];
                int i = lo;
                int j = hi;
                while (i <= j) {
                    while (compare(x[i], pivot) < 0) {
                        i++;
                    }
                    while (compare(x[j], pivot) > 0) {
                        j--;
                    }
                    if (i <= j) {
                        swap(x, i++, j--);
                    }
                }
                if (j - lo < hi - i) {
                    sort(x, lo, j);
                    lo = i;
                } else {
                    sort(x, i, hi);
                    hi = j;
                }
            }
            for (int i = lo + 1; i <= hi; i++) {
                int v = x[i];
                int k = i - 1;
                while (k >= lo && compare(x[k], v) > 0) {
                    x[k + 1] = x[k--];
                }
                x[k + 1] = v;
            }
        }

        private static void swap(int[] x, int a, int b) {
            int t = x[a];
            x[a] = x[b];
            x[b] = t;
        }
    }
}
