/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tigris.ModuleConfig;
import tigris.Water;
import tigris.pipe.BoundFilter;
import tigris.pipe.FilterArgumentException;
import tigris.pipe.FilterClasses;
import tigris.pipe.FilterDefinition;
import tigris.pipe.Outlet;
import tigris.pipe.PipeModule;
import tigris.pipe.PipelineExpression.Argument;
import tigris.pipe.PortLines;
import tigris.pipe.WaterWriter;
import tigris.pipe.plan.FilterCost;

/**
 * {@code split n=N [field=K]}: sorts lines into classes 1 to N ({@code part1}..) by a hash of their
 * key: the whole line, or its K-th field (fields are separated by runs of spaces and tabs,
 * numbered from 1). Equal keys always go to one class, so {@code split n=4 |2 count} counts one
 * quarter of the keys.
 */
public final class Split implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public Split() {
    }

    static final String N = "n";
    static final String FIELD = "field";

    @Override
    public String name() {
        return "split";
    }

    @Override
    public String usage() {
        return "split n=N [field=K]";
    }

    @Override
    public String summary() {
        return "sorts lines into classes 1..N (part1..) by a hash of the line or of its K-th field";
    }

    @Override
    public BoundFilter bind(List<Argument> args) throws FilterArgumentException {
        long n = -1;
        int nAt = -1;
        long field = 0;
        for (int i = 0; i < args.size(); i++) {
            Argument a = args.get(i);
            if (!a.named()) {
                throw Arguments.unknown(args, i);
            }
            switch (a.key()) {
                case N -> {
                    n = Arguments.number(a.value(), i, 1, "n");
                    nAt = i;
                }
                case FIELD -> field = Arguments.number(a.value(), i, 1, "field");
                default -> throw Arguments.unknown(args, i);
            }
        }
        if (n < 0) {
            throw new FilterArgumentException(-1, "needs n=N, the number of classes");
        }
        if (n > 255) {
            throw new FilterArgumentException(nAt, "n=" + n + ": there are 255 classes above 0");
        }
        Map<Integer, String> names = new LinkedHashMap<>();
        names.put(0, "none");
        for (int c = 1; c <= n; c++) {
            names.put(c, "part" + c);
        }
        Map<String, String> p = new LinkedHashMap<>();
        p.put(N, Long.toString(n));
        p.put(FIELD, Long.toString(field));
        return new BoundFilter("split n=" + n + (field > 0 ? " field=" + field : ""), Module.class, p, true, true, new FilterClasses(names, true));
    }

    /** One writer per class some pipe takes. */
    @FilterCost(nanosPerByte = 5.2)
    public static final class Module extends PipeModule {
        /** Made reflectively by the river, one for each place the filter runs; {@link #open} then reads its parameters. */
        public Module() {
        }

        private int n;
        private int field;
        private WaterWriter[] writers;
        private final PortLines lines = new PortLines();

        @Override
        protected boolean readsLinesByPort() {
            return true;
        }

        @Override
        protected void open(ModuleConfig config) {
            n = (int) config.getLong(N, 2);
            field = (int) config.getLong(FIELD, 0);
        }

        @Override
        protected void take(Water in, Outlet out) throws Exception {
            if (writers == null) {
                writers = new WaterWriter[n + 1];
                for (int c = 1; c <= n; c++) {
                    writers[c] = out.wants(c) ? new WaterWriter(out, c, true) : null;
                }
            }
            lines.take(in, this::line);
        }

        private void line(byte[] b, int from, int to) throws InterruptedException {
            int end = to > from && b[to - 1] == '\n' ? to - 1 : to;
            int ks = from;
            int ke = end;
            if (field > 0) {
                int f = 0;
                int i = from;
                ks = ke = end;
                while (i < end) {
                    while (i < end && (b[i] == ' ' || b[i] == '\t')) {
                        i++;
                    }
                    int s = i;
                    while (i < end && b[i] != ' ' && b[i] != '\t') {
                        i++;
                    }
                    if (s < i && ++f == field) {
                        ks = s;
                        ke = i;
                        break;
                    }
                }
            }
            int h = 1;
            for (int i = ks; i < ke; i++) {
                h = 31 * h + b[i];
            }
            h ^= h >>> 16;
            WaterWriter w = writers[1 + Math.floorMod(h * 0x9E3779B1, n)];
            if (w != null) {
                w.write(b, from, to - from);
            }
        }

        @Override
        protected void finish(Outlet out) throws Exception {
            if (writers == null) {
                return;
            }
            lines.finish(this::line);
            for (WaterWriter w : writers) {
                if (w != null) {
                    w.flush();
                }
            }
        }
    }
}
