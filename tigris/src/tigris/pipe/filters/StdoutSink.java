/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
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
import tigris.pipe.plan.FilterCost;

/**
 * {@code stdout}: writes its stream to the standard output of the JVM it runs in; a pipeline whose
 * last filter gives output ends with it. A reader that closes the output early (a {@code head}
 * after {@code tigris pipe}) ends nothing upstream: the rest of the stream is read and dropped.
 */
public final class StdoutSink implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public StdoutSink() {
    }

    @Override
    public String name() {
        return "stdout";
    }

    @Override
    public String usage() {
        return "stdout";
    }

    @Override
    public String summary() {
        return "the standard output of tigris pipe (where a pipeline that ends with a filter writes)";
    }

    /**
     * The filter as the plan adds it, after a pipeline whose last filter gives output.
     *
     * @return {@code stdout}, bound: a sink, with no parameters
     */
    public static BoundFilter bound() {
        return new BoundFilter("stdout", Module.class, Map.of(), true, false, FilterClasses.NONE);
    }

    @Override
    public BoundFilter bind(List<Argument> arguments) throws FilterArgumentException {
        Arguments.none(arguments);
        return bound();
    }

    /** Writes each Water's bytes to standard output. */
    @FilterCost(nanosPerByte = 0.5, local = true)
    public static final class Module extends PipeModule {
        /** Made reflectively by the river, one for each place the filter runs; the filter takes no parameters. */
        public Module() {
        }

        private FileChannel out;
        private boolean closedByReader;

        @Override
        protected void open(tigris.ModuleConfig config) {
            System.out.flush();
            out = new FileOutputStream(FileDescriptor.out).getChannel();
        }

        @Override
        protected void take(Water in, Outlet o) throws IOException {
            if (closedByReader) {
                return;
            }
            try {
                Channels.write(in, out);
            } catch (IOException e) {
                if (String.valueOf(e.getMessage()).contains("Broken pipe")) {
                    closedByReader = true;
                    return;
                }
                throw new IOException("writing standard output: " + tigris.FileProblems.describe(e), e);
            }
        }
    }
}
