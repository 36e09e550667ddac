/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tigris.ModuleConfig;
import tigris.pipe.BoundFilter;
import tigris.pipe.FilterArgumentException;
import tigris.pipe.FilterClasses;
import tigris.pipe.FilterDefinition;
import tigris.pipe.Outlet;
import tigris.pipe.PipeModule;
import tigris.pipe.PipelineExpression.Argument;
import tigris.pipe.WaterWriter;
import tigris.pipe.plan.FilterCost;
import tigris.sort.RecordGenerator;
import tigris.sort.Uint128;

/**
 * {@code gensort n=RECORDS [b=FIRST] [-a]}: a source of sortbenchmark.org's records, the bytes
 * gensort 1.5 (and {@code tigris gensort}) writes for records FIRST to FIRST + RECORDS - 1.
 */
public final class GenSort implements FilterDefinition {
    static final String N = "n";
    static final String FIRST = "b";
    static final String ASCII = "ascii";

    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public GenSort() {
    }

    @Override
    public String name() {
        return "gensort";
    }

    @Override
    public String usage() {
        return "gensort n=RECORDS [b=FIRST] [-a]";
    }

    @Override
    public String summary() {
        return "makes sortbenchmark.org's 100-byte records, as gensort does (-a: its ASCII records)";
    }

    @Override
    public BoundFilter bind(List<Argument> args) throws FilterArgumentException {
        Map<String, String> p = new LinkedHashMap<>(Map.of(FIRST, "0", ASCII, "false"));
        for (int i = 0; i < args.size(); i++) {
            Argument a = args.get(i);
            if (a.named() && (a.key().equals(N) || a.key().equals(FIRST))) {
                p.put(a.key(), Long.toString(Arguments.number(a.value(), i, a.key().equals(N) ? 1 : 0, a.key().equals(N) ? "the number of records" : "the first record")));
            } else if (!a.named() && a.text().equals("-a")) {
                p.put(ASCII, "true");
            } else {
                throw Arguments.unknown(args, i);
            }
        }
        if (!p.containsKey(N)) {
            throw new FilterArgumentException(-1, "needs n=RECORDS, the number of records to make");
        }
        return new BoundFilter("gensort n=" + p.get(N) + (p.get(FIRST).equals("0") ? "" : " b=" + p.get(FIRST)) + (p.get(ASCII).equals("true") ? " -a" : ""),
                        Module.class, p, false, true, FilterClasses.NONE);
    }

    /** Writes the records a Water's worth at a time. */
    @FilterCost(nanosPerByte = 3.0)
    public static final class Module extends PipeModule {
        private RecordGenerator records;
        private long left;
        private byte[] block = new byte[0];
        private WaterWriter writer;

        /** Made reflectively by the river, one for each place the filter runs; {@link #open} then reads its parameters. */
        public Module() {
        }

        @Override
        protected void open(ModuleConfig config) {
            left = Long.parseLong(config.get(N));
            records = new RecordGenerator(Boolean.parseBoolean(config.get(ASCII)) ? RecordGenerator.Format.ASCII : RecordGenerator.Format.BINARY,
                            Uint128.of(Long.parseLong(config.get(FIRST))));
        }

        @Override
        protected boolean isSource() {
            return true;
        }

        @Override
        protected boolean produce(Outlet out) throws Exception {
            if (left == 0) {
                return false;
            }
            if (writer == null) {
                writer = new WaterWriter(out, 0, false);
            }
            // A Water's worth at a time, cut where Waters end: one smaller than a record (@water=64) carries them too.
            int n = (int) Math.min(left, Math.max(1, out.waterSize() / Records.BYTES));
            if (block.length < n * Records.BYTES) {
                block = new byte[n * Records.BYTES];
            }
            for (int r = 0; r < n; r++) {
                records.next(block, r * Records.BYTES);
            }
            writer.write(block, 0, n * Records.BYTES);
            left -= n;
            if (left == 0) {
                writer.flush();
            }
            return left > 0;
        }
    }
}
