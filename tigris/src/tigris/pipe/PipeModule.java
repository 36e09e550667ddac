/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.List;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.PartitioningModuleIF;
import tigris.ProducerEnd;
import tigris.Water;

/**
 * The base of a native pipeline filter: it takes Waters in ({@link #take}), puts Waters out by
 * class through its {@link Outlet} (which routes them to the pipes after it, so a filter with
 * several pipes after it needs no module between), and is told when its input ended
 * ({@link #finish}). A source overrides {@link #isSource()} and {@link #produce}.
 *
 * <p>A failure is reported as {@code filter NAME: what}; the river ends with it. One thread runs a
 * module instance (its policy is {@code PARTITIONED}), so a filter needs no locks of its own.
 */
public abstract class PipeModule implements PartitioningModuleIF {
    /** The parameter that says how many pipes a filter merges (absent: one), written by the plan: {@code inputs}. */
    public static final String INPUTS = "inputs";
    /** A source that took longer than this to produce its Waters flushes them: its readers must not wait for more. */
    private static final long SLOW_PRODUCE_NANOS = 200_000;

    /** A filter of no name yet: {@code init} gives it its module's name and its {@link Outlet}. */
    protected PipeModule() {
    }

    private String name = getClass().getSimpleName();
    private Outlet outlet;
    private int inputs = 1;
    /** Whole lines out of the merged pipes, for a filter that merges several and reads bytes; null otherwise. */
    private MergedLines merged;

    @Override
    public final String getName() {
        return name;
    }

    @Override
    public final void init(ModuleConfig config) {
        name = config.name();
        outlet = new Outlet(config);
        inputs = (int) config.getLong(INPUTS, 1);
        if (inputs > 1 && !readsLinesByPort()) {
            merged = new MergedLines(outlet.waterSize());
        }
        try {
            open(config);
        } catch (IllegalArgumentException | java.util.NoSuchElementException e) {
            throw new IllegalArgumentException("filter " + name + ": " + e.getMessage(), e);
        } catch (Exception e) {
            throw failed(e);
        }
    }

    @Override
    public final void doOperation(Water in, List<ProducerEnd> outs) throws EndOfRiverException, InterruptedException {
        outlet.bind(outs);
        try {
            if (isSource()) {
                long t0 = System.nanoTime();
                if (!produce(outlet)) {
                    throw new EndOfRiverException();
                }
                if (System.nanoTime() - t0 > SLOW_PRODUCE_NANOS) {
                    // A source that waited (a socket, a process, a terminal) never waits for input, where a module
                    // thread flushes: what it put must reach its readers now.
                    for (ProducerEnd e : outs) {
                        e.flush();
                    }
                }
            } else if (in == null) {
                if (merged != null) {
                    merged.finish(w -> take(w, outlet));
                }
                finish(outlet);
            } else if (merged != null) {
                merged.take(in, w -> take(w, outlet));
            } else {
                take(in, outlet);
            }
        } catch (EndOfRiverException | InterruptedException | FilterFailedException e) {
            throw e;
        } catch (Exception e) {
            throw failed(e);
        }
    }

    private FilterFailedException failed(Exception e) {
        String what = e instanceof java.io.IOException io ? tigris.FileProblems.describe(io) : e.getMessage() == null ? e.toString() : e.getMessage();
        return new FilterFailedException("filter " + name + ": " + what, e);
    }

    /**
     * Whether this filter keeps the lines of each input port apart itself ({@link PortLines}, or a
     * join's branches): else, when it merges several pipes, it is given whole lines of each in turn
     * ({@link MergedLines}).
     *
     * @return true if it keeps the lines of each port apart itself (with a {@link PortLines}); false,
     *         the default, to be given whole lines of each merged pipe in turn
     */
    protected boolean readsLinesByPort() {
        return false;
    }

    /**
     * How many pipes this filter merges: more than one, and their Waters come interleaved (see
     * {@link PortLines}).
     *
     * @return the module's {@link #INPUTS} parameter, 1 if absent; known from {@code init} on
     */
    protected final int inputs() {
        return inputs;
    }

    /**
     * Reads the filter's parameters and opens what it needs; called once, by {@code init}, before
     * any Water. The default does nothing.
     *
     * @param config the module's name and parameters (those its {@link BoundFilter} gave, and the
     *            plan's {@link #INPUTS} and {@link Outlet#WATER})
     * @throws IllegalArgumentException naming a bad parameter: reported as {@code filter NAME: what}
     * @throws Exception anything else that keeps it from opening, reported as a
     *             {@link FilterFailedException}
     */
    protected void open(ModuleConfig config) throws Exception {
    }

    /**
     * Whether it takes no stream in: then {@link #produce} is called until it returns false.
     *
     * @return true for a source; the default is false
     */
    protected boolean isSource() {
        return false;
    }

    /**
     * Puts a source's next Waters into {@code out}. The Waters of a call that took longer than
     * 0.2 ms are flushed to the readers at once (a source that waited on a socket, a process or a
     * terminal).
     *
     * @param out where its Waters go
     * @return true while there may be more; false once it has no more, which ends the stream
     * @throws Exception if it fails: the river ends with it, as {@code filter NAME: what}
     */
    protected boolean produce(Outlet out) throws Exception {
        throw new IllegalStateException("filter " + name + " is not a source");
    }

    /**
     * Processes one Water: {@code in} is the filter's for the call (put it into {@code out} to
     * pass it on without a copy; otherwise it is released after the call).
     *
     * @param in the next Water of its input (when it merges pipes, of one of them: see
     *            {@link #readsLinesByPort()})
     * @param out where its Waters go
     * @throws Exception if it fails: the river ends with it, as {@code filter NAME: what}
     */
    protected void take(Water in, Outlet out) throws Exception {
        throw new IllegalStateException("filter " + name + " takes no input");
    }

    /**
     * Its input ended (every pipe into it): put what it still holds. Called once; the default puts
     * nothing.
     *
     * @param out where its Waters go
     * @throws Exception if it fails: the river ends with it, as {@code filter NAME: what}
     */
    protected void finish(Outlet out) throws Exception {
    }

    /** Frees what {@link #open} opened; called once, also after a failure. */
    protected void close() {
    }

    @Override
    public final void destroy() {
        close();
    }

    /** A failure of a filter, its message naming the filter. */
    public static final class FilterFailedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        FilterFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
