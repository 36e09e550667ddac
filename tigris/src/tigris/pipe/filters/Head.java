/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

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
 * {@code head [-n] N} (or {@code n=N}; 10 by default): the first N lines are class 1
 * ({@code head}), the rest class 0 ({@code rest}, taken by {@code |!}). It reads its input to the
 * end: what comes after the first N lines is dropped unless a pipe takes the rest.
 */
public final class Head implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public Head() {
    }

    static final String N = "n";
    static final FilterClasses CLASSES = FilterClasses.passOrReject("head", "rest");

    @Override
    public String name() {
        return "head";
    }

    @Override
    public String usage() {
        return "head [-n] N | head n=N";
    }

    @Override
    public String summary() {
        return "the first N lines (class 1, head; 10 unless given); the rest is class 0 (rest, taken by |!)";
    }

    @Override
    public BoundFilter bind(List<Argument> args) throws FilterArgumentException {
        long n = 10;
        boolean given = false;
        for (int i = 0; i < args.size(); i++) {
            Argument a = args.get(i);
            if (a.named() && a.key().equals(N) || !a.named() && !a.value().equals("-n") && !given) {
                String v = a.value().startsWith("-") && !a.named() ? a.value().substring(1) : a.value();
                n = Arguments.number(v, i, 0, "the number of lines");
                given = true;
            } else if (!a.named() && a.value().equals("-n") && i + 1 < args.size() && !given) {
                n = Arguments.number(args.get(i + 1).value(), i + 1, 0, "the number of lines");
                given = true;
                i++;
            } else {
                throw Arguments.unknown(args, i);
            }
        }
        return new BoundFilter("head " + n, Module.class, Map.of(N, Long.toString(n)), true, true, CLASSES);
    }

    /**
     * Counts lines, copying the first N into Waters of class 1 and the rest into class 0 if a pipe
     * takes it; with none, once N lines are out, what comes is read and dropped.
     */
    @FilterCost(nanosPerByte = 0.1)
    public static final class Module extends PipeModule {
        /** Made reflectively by the river, one for each place the filter runs; {@link #open} then reads its parameters. */
        public Module() {
        }

        private long left;
        private final PortLines lines = new PortLines();

        @Override
        protected boolean readsLinesByPort() {
            return true;
        }
        private WaterWriter head;
        private WaterWriter rest;

        @Override
        protected void open(ModuleConfig config) {
            left = config.getLong(N, 10);
        }

        @Override
        protected void take(Water in, Outlet out) throws Exception {
            if (head == null) {
                head = new WaterWriter(out, 1, true);
                rest = out.wants(0) ? new WaterWriter(out, 0, true) : null;
            }
            if (left == 0 && rest == null) {
                return;
            }
            lines.take(in, this::line);
        }

        private void line(byte[] b, int from, int to) throws InterruptedException {
            if (left > 0) {
                head.write(b, from, to - from);
                if (--left == 0) {
                    head.flush();
                }
            } else if (rest != null) {
                rest.write(b, from, to - from);
            }
        }

        @Override
        protected void finish(Outlet out) throws Exception {
            if (head == null) {
                return;
            }
            lines.finish(this::line);
            head.flush();
            if (rest != null) {
                rest.flush();
            }
        }
    }
}
