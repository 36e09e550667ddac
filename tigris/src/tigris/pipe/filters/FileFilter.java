/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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

/**
 * {@code file in=PATH}: a source of the file's bytes; {@code file out=PATH}: a sink that writes its
 * stream to the file (on a node, under the river attempt's own name until the job commits).
 */
public final class FileFilter implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public FileFilter() {
    }

    static final String IN = "in";
    static final String OUT = "out";

    @Override
    public String name() {
        return "file";
    }

    @Override
    public String usage() {
        return "file in=PATH | file out=PATH";
    }

    @Override
    public String summary() {
        return "reads a file (in=PATH, a source) or writes the stream to one (out=PATH, a sink)";
    }

    @Override
    public BoundFilter bind(List<Argument> args) throws FilterArgumentException {
        if (args.size() != 1 || !args.getFirst().named()) {
            throw new FilterArgumentException(args.size() > 1 ? 1 : -1, "takes one argument, in=PATH (read a file) or out=PATH (write one)");
        }
        Argument a = args.getFirst();
        if (a.value().isEmpty()) {
            throw new FilterArgumentException(0, a.key() + "= names no file");
        }
        return switch (a.key()) {
            case IN -> new BoundFilter("file in=" + a.value(), Source.class, Map.of(IN, absolute(a.value())), false, true, FilterClasses.NONE);
            case OUT -> new BoundFilter("file out=" + a.value(), Sink.class, Map.of(OUT, absolute(a.value())), true, false, FilterClasses.NONE);
            default -> throw new FilterArgumentException(0, "takes in=PATH or out=PATH, not " + a.key() + "=");
        };
    }

    /** Relative paths are the pipeline's: its working directory's, wherever the filter runs. */
    private static String absolute(String path) {
        return path.contains("{node}") ? path : Path.of(path).toAbsolutePath().normalize().toString();
    }

    /** Reads the file straight into Waters. */
    @FilterCost(nanosPerByte = 0.5)
    public static final class Source extends PipeModule {
        /** Made reflectively by the river, one for each place the filter runs; {@link #open} then reads its parameters. */
        public Source() {
        }

        private FileChannel in;
        private Path path;

        @Override
        protected void open(ModuleConfig config) throws IOException {
            path = config.path(IN);
            try {
                in = FileChannel.open(path, StandardOpenOption.READ);
            } catch (IOException e) {
                throw new IOException("cannot read " + path + ": " + tigris.FileProblems.describe(e), e);
            }
        }

        @Override
        protected boolean isSource() {
            return true;
        }

        @Override
        protected boolean produce(Outlet out) throws Exception {
            return Channels.readInto(in, out, path.toString());
        }

        @Override
        protected void close() {
            try {
                if (in != null) {
                    in.close();
                }
            } catch (IOException e) {
                // read only
            }
        }
    }

    /** Writes each Water into the file (staged on a node until the commit). */
    @FilterCost(nanosPerByte = 0.5)
    public static final class Sink extends PipeModule {
        private OutputFile out;

        /** Made reflectively by the river, one for each place the filter runs; {@link #open} then reads its parameters. */
        public Sink() {
        }

        @Override
        protected void open(ModuleConfig config) throws IOException {
            out = OutputFile.open(config, OUT);
        }

        @Override
        protected void take(Water in, Outlet o) throws IOException {
            out.write(in);
        }

        @Override
        protected void finish(Outlet o) throws IOException {
            out.finish();
        }

        @Override
        protected void close() {
            if (out != null) {
                out.close();
            }
        }
    }
}
