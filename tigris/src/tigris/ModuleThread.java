package tigris;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one module (the thesis's Figure 13): repeatedly takes a Water from one of its upstream
 * reservoirs, chooses a downstream reservoir, and calls the module's doOperation with both. The
 * upstream is chosen round-robin among those that have a Water; the downstream choice is the
 * subclass's policy, which is what makes a ModuleThread with several downstream reservoirs a
 * Distributed Queue.
 *
 * <p>End of River: when every upstream reservoir has ended, the module gets one last call with a
 * null Water; when the module throws {@link EndOfRiverException} (or returns from that last call)
 * the thread puts End of River into every downstream reservoir, destroys the module and ends.
 * A failure in the module ends the thread too, and also ends its downstream reservoirs, so that
 * the rest of the river drains instead of waiting forever; {@link #failure()} says what happened.
 */
public abstract class ModuleThread {
    /** Longest a thread parks waiting for data or credit before looking again. */
    private static final long PARK_NANOS = 200_000;

    public enum State { NEW, RUNNING, ENDED, STOPPED, FAILED }

    /** Grace a stopped thread gets to leave a reservoir wait before it is interrupted. */
    private static final long STOP_GRACE_MILLIS = 1000;
    /** The ModuleThread running on this thread, for reservoir waits to see a stop. */
    private static final ThreadLocal<ModuleThread> CURRENT = new ThreadLocal<>();

    private final ModuleIF module;
    private final ModuleConfig config;
    private final List<Reservoir> upstream = new ArrayList<>();
    private final List<Reservoir> downstream = new ArrayList<>();
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile State state = State.NEW;
    private volatile Throwable failure;
    private volatile boolean stopRequested;
    private volatile long watersIn;
    private volatile long operations;
    private Thread thread;
    private int nextUpstream;
    /** The reservoir the current input Water came from: it gets the credit back. */
    private Reservoir inputFrom;

    protected ModuleThread(ModuleIF module, ModuleConfig config) {
        this.module = Objects.requireNonNull(module, "module");
        this.config = Objects.requireNonNull(config, "config");
    }

    public final ModuleIF module() {
        return module;
    }

    public final String name() {
        return config.name();
    }

    /** Adds an upstream reservoir; only before {@link #start()}. */
    public final synchronized ModuleThread addUpstream(Reservoir r) {
        checkNew();
        upstream.add(Objects.requireNonNull(r, "reservoir"));
        return this;
    }

    /** Adds a downstream reservoir; only before {@link #start()}. */
    public final synchronized ModuleThread addDownstream(Reservoir r) {
        checkNew();
        downstream.add(Objects.requireNonNull(r, "reservoir"));
        return this;
    }

    private void checkNew() {
        if (state != State.NEW) {
            throw new IllegalStateException("module thread " + name() + " is " + state + "; connect reservoirs before start()");
        }
    }

    /** The downstream reservoirs, in the order they were added. */
    protected final List<Reservoir> downstream() {
        return downstream;
    }

    /** The downstream reservoirs as one {@link Partitions} view, for a thread whose module chooses among them. */
    protected final Partitions partitionsOf(List<Reservoir> reservoirs) {
        return new Partitions(name(), reservoirs);
    }

    /** Starts the thread (a platform thread named after the module). */
    public final synchronized void start() {
        checkNew();
        state = State.RUNNING;
        thread = Thread.ofPlatform().name("tigris-" + name()).start(this::run);
    }

    /**
     * Asks the thread to stop: a doOperation waiting on a reservoir gives up, no more are called,
     * and End of River goes downstream. Waits inside reservoirs see the stop and end with an
     * InterruptedException; only a module still busy elsewhere after a second is interrupted:
     * interrupting a thread in socket I/O would close the connection under the reservoir, and End
     * of River could no longer be sent.
     */
    public final void stop() {
        stopRequested = true;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
            // A platform thread: the interrupt must come even if pinned virtual threads hold every carrier.
            Thread.ofPlatform().daemon().name("tigris-stop-" + config.name()).start(() -> {
                try {
                    if (!done.await(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                        t.interrupt();
                    }
                } catch (InterruptedException ignored) {
                    // nothing to do
                }
            });
        }
    }

    /** True if the ModuleThread running on the calling thread has been asked to stop. */
    static boolean stopping() {
        ModuleThread t = CURRENT.get();
        return t != null && t.stopRequested;
    }

    /** Waits for the thread to end; true if it did within the time. */
    public final boolean await(long timeout, TimeUnit unit) throws InterruptedException {
        return done.await(timeout, unit);
    }

    public final State state() {
        return state;
    }

    /** What ended the thread if it {@link State#FAILED}, else null. */
    public final Throwable failure() {
        return failure;
    }

    /** Waters taken from upstream so far. */
    public final long watersIn() {
        return watersIn;
    }

    /** doOperation calls so far. */
    public final long operations() {
        return operations;
    }

    // ---- policy ---------------------------------------------------------------------------------

    /**
     * The downstream reservoir for the next doOperation, chosen among {@link #downstream()}
     * (never empty here); may wait for credit.
     */
    protected abstract Reservoir selectDownstream() throws InterruptedException;

    /** Parks until a credit may have come back to one of the downstream reservoirs. */
    protected final void awaitCredit() throws InterruptedException {
        for (Reservoir r : downstream) {
            if (r.credits() > 0) {
                return;
            }
        }
        Reservoir.pause(PARK_NANOS);
        checkStop();
    }

    private void checkStop() throws InterruptedException {
        if (stopRequested) {
            throw new InterruptedException("stopped");
        }
    }

    // ---- the loop -------------------------------------------------------------------------------

    private void run() {
        Reservoir sink = downstream.isEmpty() ? new NoDownstream(name()) : null;
        boolean initialized = false;
        CURRENT.set(this);
        // This thread is the only consumer of its upstream and producer of its downstream
        // reservoirs: it registers for their wake-ups once, before it first looks at them, so a
        // signal is never lost (one that comes before a park leaves the permit set).
        for (Reservoir r : upstream) {
            r.watchData(Thread.currentThread());
        }
        for (Reservoir r : downstream) {
            r.watchCredit(Thread.currentThread());
        }
        try {
            module.init(config);
            initialized = true;
            boolean source = upstream.isEmpty();
            while (true) {
                if (stopRequested) {
                    state = State.STOPPED;
                    break;
                }
                Water in = source ? null : nextInput();
                if (stopRequested) {
                    processed(in);
                    state = State.STOPPED;
                    break;
                }
                boolean last = in == null && !source;
                Reservoir out = sink != null ? sink : selectDownstream();
                try {
                    operations++;
                    module.doOperation(in, out);
                } catch (EndOfRiverException e) {
                    processed(in);
                    state = State.ENDED;
                    break;
                }
                processed(in);
                if (last) {
                    state = State.ENDED;
                    break;
                }
            }
        } catch (InterruptedException e) {
            state = stopRequested ? State.STOPPED : fail(e);
        } catch (Throwable t) {
            state = fail(t);
        } finally {
            for (Reservoir r : downstream) {
                try {
                    r.endOfRiver();
                } catch (Throwable t) {
                    if (failure == null) {
                        state = fail(t);
                    }
                }
            }
            if (initialized) {
                try {
                    module.destroy();
                } catch (Throwable t) {
                    if (failure == null) {
                        state = fail(t);
                    }
                }
            }
            CURRENT.remove();
            done.countDown();
        }
    }

    /**
     * The doOperation that got {@code in} is over: its reservoir gets the credit back (the credit
     * follows the hop, not the Water, which may already be in the next reservoir), and the buffers
     * go back to their spring unless the module passed the Water on.
     */
    private void processed(Water in) {
        if (in == null) {
            return;
        }
        Reservoir from = inputFrom;
        inputFrom = null;
        if (in.isOwned()) {
            in.release();
        }
        from.creditReturned();
    }

    private State fail(Throwable t) {
        failure = t;
        return State.FAILED;
    }

    /** The next Water, round-robin among upstream reservoirs that have one; null once all ended. */
    private Water nextInput() throws InterruptedException {
        int n = upstream.size();
        while (true) {
            int ended = 0;
            for (int k = 0; k < n; k++) {
                Reservoir r = upstream.get(nextUpstream);
                nextUpstream = nextUpstream + 1 == n ? 0 : nextUpstream + 1;
                Water w = r.poll();
                if (w != null) {
                    watersIn++;
                    inputFrom = r;
                    return w;
                }
                if (r.isEnded()) {
                    ended++;
                }
            }
            if (ended == n) {
                return null;
            }
            Reservoir.pause(PARK_NANOS);
            if (stopRequested) {
                return null;
            }
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name() + ", " + state + ", in " + watersIn + ", ops " + operations + "]";
    }

    /** The reservoir a module without downstream reservoirs gets: it refuses every put. */
    private static final class NoDownstream extends Reservoir {
        private final String module;

        NoDownstream(String module) {
            super(module + ".none", 1);
            this.module = module;
        }

        @Override
        public Spring spring() {
            return size -> {
                throw new IllegalStateException("module " + module + " has no downstream reservoir to make Waters for");
            };
        }

        @Override
        public int credits() {
            return 0;
        }

        @Override
        public void put(Water w) {
            throw new IllegalStateException("module " + module + " has no downstream reservoir");
        }

        @Override
        public Water get() {
            return null;
        }

        @Override
        public Water poll() {
            return null;
        }

        @Override
        public boolean isEnded() {
            return true;
        }

        @Override
        public void endOfRiver() {
        }

        @Override
        protected void creditReturned() {
        }

        @Override
        public void close() {
        }
    }
}
