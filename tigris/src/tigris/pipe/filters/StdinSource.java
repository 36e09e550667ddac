/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.nio.channels.FileChannel;
import java.util.List;
import java.util.Map;

import tigris.pipe.BoundFilter;
import tigris.pipe.FilterArgumentException;
import tigris.pipe.FilterClasses;
import tigris.pipe.FilterDefinition;
import tigris.pipe.Outlet;
import tigris.pipe.PipeModule;
import tigris.pipe.PipelineExpression.Argument;
import tigris.pipe.plan.FilterCost;

/** {@code stdin}: the bytes of the standard input of the JVM it runs in; a pipeline whose first filter takes input begins with it. */
public final class StdinSource implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public StdinSource() {
    }

    @Override
    public String name() {
        return "stdin";
    }

    @Override
    public String usage() {
        return "stdin";
    }

    @Override
    public String summary() {
        return "the standard input of tigris pipe (where a pipeline that begins with a filter reads)";
    }

    /**
     * The filter as the plan adds it, before a pipeline whose first filter takes input.
     *
     * @return {@code stdin}, bound: a source, with no parameters
     */
    public static BoundFilter bound() {
        return new BoundFilter("stdin", Module.class, Map.of(), false, true, FilterClasses.NONE);
    }

    @Override
    public BoundFilter bind(List<Argument> arguments) throws FilterArgumentException {
        Arguments.none(arguments);
        return bound();
    }

    /** Reads standard input straight into Waters. */
    @FilterCost(nanosPerByte = 0.5, local = true)
    public static final class Module extends PipeModule {
        /** Made reflectively by the river, one for each place the filter runs; the filter takes no parameters. */
        public Module() {
        }

        private FileChannel in;

        @Override
        protected void open(tigris.ModuleConfig config) {
            // The descriptor itself, not System.in: no buffer between it and the Waters, and closing it here closes nothing of System's.
            in = new FileInputStream(FileDescriptor.in).getChannel();
        }

        @Override
        protected boolean isSource() {
            return true;
        }

        @Override
        protected boolean produce(Outlet out) throws Exception {
            return Channels.readInto(in, out, "standard input");
        }
    }
}
