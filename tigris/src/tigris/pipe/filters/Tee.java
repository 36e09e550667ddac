/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.io.IOException;
import java.nio.file.Path;
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
import tigris.pipe.plan.FilterCost;

/** {@code tee PATH} (or {@code out=PATH}): writes its stream to a file and passes its bytes on unchanged (in class 0: it sorts nothing). */
public final class Tee implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public Tee() {
    }

    static final String OUT = "out";

    @Override
    public String name() {
        return "tee";
    }

    @Override
    public String usage() {
        return "tee PATH | tee out=PATH";
    }

    @Override
    public String summary() {
        return "writes the stream to a file and passes it on";
    }

    @Override
    public BoundFilter bind(List<Argument> args) throws FilterArgumentException {
        if (args.size() != 1 || args.getFirst().named() && !args.getFirst().key().equals(OUT)) {
            throw new FilterArgumentException(args.size() > 1 ? 1 : args.isEmpty() ? -1 : 0, "takes one file, PATH or out=PATH");
        }
        String path = args.getFirst().value();
        if (path.isEmpty()) {
            throw new FilterArgumentException(0, "names no file");
        }
        String abs = Path.of(path).toAbsolutePath().normalize().toString();
        return new BoundFilter("tee " + path, Module.class, Map.of(OUT, abs), true, true, FilterClasses.NONE);
    }

    /** Writes each Water, then passes it on as it is (in class 0: tee sorts nothing). */
    @FilterCost(nanosPerByte = 1.5)
    public static final class Module extends PipeModule {
        private OutputFile file;

        /** Made reflectively by the river, one for each place the filter runs; {@link #open} then reads its parameters. */
        public Module() {
        }

        @Override
        protected void open(ModuleConfig config) throws IOException {
            file = OutputFile.open(config, OUT);
        }

        @Override
        protected void take(Water in, Outlet out) throws Exception {
            file.write(in);
            // Its output is a stream of its own: class 0, as every filter that sorts nothing puts.
            out.put(in, 0);
        }

        @Override
        protected void finish(Outlet out) throws IOException {
            file.finish();
        }

        @Override
        protected void close() {
            if (file != null) {
                file.close();
            }
        }
    }
}
