/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.nio.charset.StandardCharsets;
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
import tigris.pipe.WaterWriter;
import tigris.pipe.plan.FilterCost;

/**
 * {@code count [-l] [-w] [-c]}: at the end of its input, one line with the number of lines, words
 * and bytes it read (those asked for, in that order; all three by default), as {@code wc} counts
 * them: a word is a run of bytes that are not ASCII white space.
 */
public final class Count implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public Count() {
    }

    static final String WHAT = "count";

    @Override
    public String name() {
        return "count";
    }

    @Override
    public String usage() {
        return "count [-l] [-w] [-c]";
    }

    @Override
    public String summary() {
        return "counts lines, words and bytes (-l, -w, -c; all three unless given), as wc: one line at the end";
    }

    @Override
    public BoundFilter bind(List<Argument> args) throws FilterArgumentException {
        StringBuilder what = new StringBuilder();
        for (int i = 0; i < args.size(); i++) {
            Argument a = args.get(i);
            if (a.named() || !a.value().matches("-[lwc]+")) {
                throw new FilterArgumentException(i, "takes -l (lines), -w (words) and -c (bytes), not '" + a.text() + "'");
            }
            for (char c : a.value().substring(1).toCharArray()) {
                if (what.indexOf(String.valueOf(c)) < 0) {
                    what.append(c);
                }
            }
        }
        String w = what.isEmpty() ? "lwc" : what.toString();
        Map<String, String> p = new LinkedHashMap<>();
        p.put(WHAT, w);
        return new BoundFilter("count" + (what.isEmpty() ? "" : " -" + w), Module.class, p, true, true, FilterClasses.NONE);
    }

    /** Counts as the bytes go by. */
    @FilterCost(nanosPerByte = 3.6, bytesOut = 0)
    public static final class Module extends PipeModule {
        /** Made reflectively by the river, one for each place the filter runs; {@link #open} then reads its parameters. */
        public Module() {
        }

        private String what;
        private long lines;
        private long words;
        private long bytes;
        private boolean inWord;
        private byte[] buf = new byte[0];

        @Override
        protected void open(ModuleConfig config) {
            what = config.get(WHAT, "lwc");
        }

        @Override
        protected void take(Water in, Outlet out) {
            int n = in.length();
            if (buf.length < n) {
                buf = new byte[n];
            }
            in.buffer().get(0, buf, 0, n);
            bytes += n;
            boolean word = inWord;
            long l = 0;
            long w = 0;
            for (int i = 0; i < n; i++) {
                byte c = buf[i];
                if (c == '\n') {
                    l++;
                }
                boolean space = c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == 0x0b || c == 0x0c;
                if (!space && !word) {
                    w++;
                }
                word = !space;
            }
            inWord = word;
            lines += l;
            words += w;
        }

        @Override
        protected void finish(Outlet out) throws InterruptedException {
            StringBuilder s = new StringBuilder();
            for (char c : what.toCharArray()) {
                s.append(s.isEmpty() ? "" : " ").append(switch (c) {
                    case 'l' -> lines;
                    case 'w' -> words;
                    default -> bytes;
                });
            }
            byte[] line = (s + "\n").getBytes(StandardCharsets.US_ASCII);
            WaterWriter w = new WaterWriter(out, 0, false);
            w.write(line, 0, line.length);
            w.flush();
        }
    }
}
