/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

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
 * {@code words}: one line per word of its input, a word being a run of ASCII letters and digits
 * (what {@code tr -cs 'A-Za-z0-9' '\n'} makes, without its empty first line).
 */
public final class Words implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public Words() {
    }

    @Override
    public String name() {
        return "words";
    }

    @Override
    public String usage() {
        return "words";
    }

    @Override
    public String summary() {
        return "one line per word (a run of ASCII letters and digits)";
    }

    @Override
    public BoundFilter bind(List<Argument> arguments) throws FilterArgumentException {
        Arguments.none(arguments);
        return new BoundFilter("words", Module.class, Map.of(), true, true, FilterClasses.NONE);
    }

    /** Copies each word's bytes and a newline; a word may span Waters. */
    @FilterCost(nanosPerByte = 3.8)
    public static final class Module extends PipeModule {
        private WaterWriter out;
        private byte[] buf = new byte[0];
        private byte[] lineOut = new byte[0];
        private boolean inWord;

        /** Made reflectively by the river, one for each place the filter runs; the filter takes no parameters. */
        public Module() {
        }

        private static boolean wordByte(byte c) {
            return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
        }

        @Override
        protected void take(Water in, Outlet o) throws InterruptedException {
            if (out == null) {
                out = new WaterWriter(o, 0, false);
            }
            int n = in.length();
            if (buf.length < n) {
                buf = new byte[n];
                lineOut = new byte[2 * n + 1];
            }
            in.buffer().get(0, buf, 0, n);
            // Words, each followed by a newline, into lineOut in one pass; a word cut by the Water's end goes on in the next.
            int k = 0;
            boolean word = inWord;
            for (int i = 0; i < n; i++) {
                byte c = buf[i];
                if (wordByte(c)) {
                    lineOut[k++] = c;
                    word = true;
                } else if (word) {
                    lineOut[k++] = '\n';
                    word = false;
                }
            }
            inWord = word;
            out.write(lineOut, 0, k);
        }

        @Override
        protected void finish(Outlet o) throws InterruptedException {
            if (out == null) {
                out = new WaterWriter(o, 0, false);
            }
            if (inWord) {
                out.write(new byte[] {'\n'}, 0, 1);
            }
            out.flush();
        }
    }
}
