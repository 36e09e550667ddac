/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
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
import tigris.pipe.PortLines;
import tigris.pipe.WaterWriter;
import tigris.pipe.plan.FilterCost;

/**
 * {@code tally}: how often each distinct line occurs, at the end of its input, most frequent first
 * (ties in descending byte order), as {@code sort | uniq -c | sort -rn} says it: the count right-aligned in
 * seven columns, a space, the line. A hash table instead of two sorts of the whole stream.
 */
public final class Tally implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public Tally() {
    }

    @Override
    public String name() {
        return "tally";
    }

    @Override
    public String usage() {
        return "tally";
    }

    @Override
    public String summary() {
        return "how often each distinct line occurs, most frequent first (sort | uniq -c | sort -rn)";
    }

    @Override
    public BoundFilter bind(List<Argument> arguments) throws FilterArgumentException {
        Arguments.none(arguments);
        return new BoundFilter("tally", Module.class, Map.of(), true, true, FilterClasses.NONE);
    }

    /** A line as a key: its bytes, newline excluded. */
    private record Key(byte[] bytes, int hash) implements Comparable<Key> {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public int compareTo(Key o) {
            return Arrays.compareUnsigned(bytes, o.bytes);
        }
    }

    /** Counts lines in a hash table keyed by each line's bytes (copied out of the Water for every line, new or not). */
    @FilterCost(nanosPerByte = 78)
    public static final class Module extends PipeModule {
        private final Map<Key, long[]> counts = new HashMap<>();
        private final PortLines lines = new PortLines();

        @Override
        protected boolean readsLinesByPort() {
            return true;
        }

        /** Made reflectively by the river, one for each place the filter runs; the filter takes no parameters. */
        public Module() {
        }

        @Override
        protected void take(Water in, Outlet o) throws Exception {
            lines.take(in, this::line);
        }

        private void line(byte[] b, int from, int to) {
            int end = to > from && b[to - 1] == '\n' ? to - 1 : to;
            byte[] bytes = Arrays.copyOfRange(b, from, end);
            counts.computeIfAbsent(new Key(bytes, Arrays.hashCode(bytes)), k -> new long[1])[0]++;
        }

        @Override
        protected void finish(Outlet o) throws Exception {
            lines.finish(this::line);
            List<Map.Entry<Key, long[]>> all = new ArrayList<>(counts.entrySet());
            // sort -rn reverses its last resort too (the whole line in byte order): ties come out in descending order.
            all.sort((x, y) -> x.getValue()[0] != y.getValue()[0] ? Long.compare(y.getValue()[0], x.getValue()[0]) : y.getKey().compareTo(x.getKey()));
            WaterWriter w = new WaterWriter(o, 0, true);
            for (var e : all) {
                byte[] count = String.format("%7d ", e.getValue()[0]).getBytes(StandardCharsets.US_ASCII);
                w.write(count, 0, count.length);
                byte[] line = e.getKey().bytes();
                w.write(line, 0, line.length);
                w.write(NEWLINE, 0, 1);
            }
            w.flush();
        }

        private static final byte[] NEWLINE = {'\n'};
    }
}
