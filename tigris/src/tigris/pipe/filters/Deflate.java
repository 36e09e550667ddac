/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

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
 * {@code deflate [level=1..9] [format=gzip|zlib|raw]}: compresses its stream; gzip (what
 * {@code gunzip} reads) at level 6 unless told otherwise. {@link Inflate} undoes it.
 */
public final class Deflate implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public Deflate() {
    }

    static final String LEVEL = "level";
    static final String FORMAT = "format";

    @Override
    public String name() {
        return "deflate";
    }

    @Override
    public String usage() {
        return "deflate [level=1..9] [format=gzip|zlib|raw]";
    }

    @Override
    public String summary() {
        return "compresses the stream (gzip at level 6 unless told otherwise)";
    }

    @Override
    public BoundFilter bind(List<Argument> args) throws FilterArgumentException {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(LEVEL, "6");
        p.put(FORMAT, "gzip");
        for (int i = 0; i < args.size(); i++) {
            Argument a = args.get(i);
            if (a.named() && a.key().equals(LEVEL) || !a.named() && a.value().matches("-[1-9]")) {
                String v = a.named() ? a.value() : a.value().substring(1);
                long level = Arguments.number(v, i, 1, "level");
                if (level > 9) {
                    throw new FilterArgumentException(i, "level " + level + " is above 9");
                }
                p.put(LEVEL, Long.toString(level));
            } else if (a.named() && a.key().equals(FORMAT)) {
                if (!List.of("gzip", "zlib", "raw").contains(a.value())) {
                    throw new FilterArgumentException(i, "format=" + a.value() + " is none of gzip, zlib, raw");
                }
                p.put(FORMAT, a.value());
            } else {
                throw Arguments.unknown(args, i);
            }
        }
        return new BoundFilter("deflate level=" + p.get(LEVEL) + " format=" + p.get(FORMAT), Module.class, p, true, true, FilterClasses.NONE);
    }

    /** The JDK's deflater, writing into Waters. */
    @FilterCost(nanosPerByte = 58, bytesOut = 0.19)
    public static final class Module extends PipeModule {
        /** Made reflectively by the river, one for each place the filter runs; {@link #open} then reads its parameters. */
        public Module() {
        }

        private int level;
        private String format;
        private DeflaterOutputStream stream;
        private Deflater deflater;
        private WaterWriter writer;
        private byte[] buf = new byte[0];

        @Override
        protected void open(ModuleConfig config) {
            level = (int) config.getLong(LEVEL, 6);
            format = config.get(FORMAT, "gzip");
        }

        private void start(Outlet out) throws IOException {
            writer = new WaterWriter(out, 0, false);
            OutputStream sink = new WaterStream(writer);
            if (format.equals("gzip")) {
                int l = level;
                stream = new GZIPOutputStream(sink, 64 << 10) {
                    {
                        def.setLevel(l);
                    }
                };
            } else {
                deflater = new Deflater(level, format.equals("raw"));
                stream = new DeflaterOutputStream(sink, deflater, 64 << 10);
            }
        }

        @Override
        protected void take(Water in, Outlet out) throws Exception {
            if (writer == null) {
                start(out);
            }
            int n = in.length();
            if (buf.length < n) {
                buf = new byte[n];
            }
            in.buffer().get(0, buf, 0, n);
            stream.write(buf, 0, n);
        }

        @Override
        protected void finish(Outlet out) throws Exception {
            if (writer == null) {
                start(out);
            }
            stream.finish();
            writer.flush();
        }

        @Override
        protected void close() {
            if (deflater != null) {
                deflater.end();
            }
        }
    }
}
