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
 * <p>A failure is reported as {@code filter NAME: what}; the river ends with it.
 */
public abstract class PipeModule implements PartitioningModuleIF {
    protected PipeModule() {
    }

    private String name = getClass().getSimpleName();
    private Outlet outlet;

    @Override
    public final String getName() {
        return name;
    }

    @Override
    public final void init(ModuleConfig config) {
        name = config.name();
        outlet = new Outlet(config);
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
                if (!produce(outlet)) {
                    throw new EndOfRiverException();
                }
            } else if (in == null) {
                finish(outlet);
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

    /** Reads the filter's parameters and opens what it needs; an IllegalArgumentException names a bad parameter. */
    protected void open(ModuleConfig config) throws Exception {
    }

    /** Whether it takes no stream in: then {@link #produce} is called until it returns false. */
    protected boolean isSource() {
        return false;
    }

    /** A source's next Waters, put into {@code out}; false once it has no more. */
    protected boolean produce(Outlet out) throws Exception {
        throw new IllegalStateException("filter " + name + " is not a source");
    }

    /**
     * Processes one Water: {@code in} is the filter's for the call (put it into {@code out} to
     * pass it on without a copy; otherwise it is released after the call).
     */
    protected void take(Water in, Outlet out) throws Exception {
        throw new IllegalStateException("filter " + name + " takes no input");
    }

    /** Its input ended: put what it still holds. */
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
