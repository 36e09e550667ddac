/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import tigris.events.CreditBackEvent;
import tigris.events.ModuleOperationEvent;
import tigris.events.ReservoirWaitEvent;

/**
 * Runs one module (the thesis's Figure 13): repeatedly takes a Water from one of its upstream
 * ends and calls the module's doOperation with it and the downstream end(s) the subclass hands
 * it ({@link ChoosingModuleThread}: one, chosen by a policy, which is what makes a ModuleThread
 * with several downstream reservoirs a Distributed Queue; {@link tigris.dq.PartitionModuleThread}:
 * all of them). The upstream is chosen round-robin among those that have a Water.
 *
 * <p>End of River: when every upstream reservoir has ended, the module gets one last call with a
 * null Water; when the module throws {@link EndOfRiverException} (or returns from that last call)
 * the thread puts End of River into every downstream reservoir, destroys the module and ends.
 * A failure in the module ends the thread too, and ends its downstream reservoirs with that
 * failure ({@link ProducerEnd#endWithFailure}), so that the modules downstream fail in turn, naming
 * it, instead of taking what came before it for the whole stream or waiting forever; {@link
 * #failure()} says what happened. A thread {@link #stop() stopped} ends its reservoirs with End
 * of River (the stream ends where it was stopped: stopping an endless source lets the river
 * drain); one stopped {@link #stop(String) because the river cannot complete} ends them with that
 * cause, as a failure would.
 */
public abstract class ModuleThread {
    /** Longest a thread parks waiting for data or credit before looking again. */
    private static final long PARK_NANOS = 200_000;
    /** Longest a thread sleeps on an end that wakes it across processes before it looks at its stop again. */
    private static final long SLEEP_NANOS = 20_000_000;

    /** A thread's life; STOPPING: asked to stop, not yet out of its loop. */
    public enum State {
        /** Made, its reservoirs being added; not started. */
        NEW,
        /** Started: initialising its module, or calling it. */
        RUNNING,
        /** Asked to stop ({@link ModuleThread#stop()}), not yet out of its loop. */
        STOPPING,
        /** Ended by End of River: every upstream ended, or the module threw {@link EndOfRiverException}. */
        ENDED,
        /** Ended by a stop, before End of River. */
        STOPPED,
        /** Ended by a failure, in its module or upstream: {@link ModuleThread#failure()} says which. */
        FAILED
    }

    /**
     * Grace a stopped thread gets to leave a reservoir wait or finish what it is doing before it is
     * interrupted (the control agent waits a little longer for a stopped river to settle).
     */
    public static final long STOP_GRACE_MILLIS = 1000;

    private final ModuleLifecycle module;
    private final ModuleConfig config;
    private final List<ConsumerEnd> upstream = new ArrayList<>();
    /** The input port each upstream end leads into, by index (null: not named). */
    private final List<String> upstreamPorts = new ArrayList<>();
    private final List<ProducerEnd> downstream = new ArrayList<>();
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile State state = State.NEW;
    private volatile Throwable failure;
    /** Why the river is being stopped, if it cannot complete ({@link #stop(String)}); null for a plain stop. */
    private volatile String stopCause;
    private volatile boolean stopRequested;
    private volatile long watersIn;
    private volatile long operations;
    private Thread thread;
    /** How the thread waits on its reservoirs: it gives up when the thread is stopped. */
    private Parker parker;
    private Scheduling scheduling = Scheduling.NORMAL;
    private int nextUpstream;
    /** The end the current input Water came from: it gets the credit back. */
    private ConsumerEnd inputFrom;

    /**
     * Makes the thread of one module instance, not yet started and with no reservoirs.
     *
     * @param module the module it runs, not yet initialised: the thread calls its {@code init},
     *        operations and {@code destroy}, all on the thread itself
     * @param config the instance's name, node and parameters, handed to the module's {@code init}
     * @throws NullPointerException if either is null
     */
    protected ModuleThread(ModuleLifecycle module, ModuleConfig config) {
        this.module = Objects.requireNonNull(module, "module");
        this.config = Objects.requireNonNull(config, "config");
    }

    /** {@return the module this thread runs} */
    public final ModuleLifecycle module() {
        return module;
    }

    /** {@return the module instance's name ({@code "sort#3"}): its config's, and the thread's after {@code "tigris-"}} */
    public final String name() {
        return config.name();
    }

    /**
     * Adds an upstream reservoir's consumer end, leading into no named port; only before {@link #start()}.
     *
     * @param r the end; this thread becomes its one consumer and gives each credit back
     * @return this thread, to add more
     * @throws IllegalStateException if the thread was started
     * @throws NullPointerException if {@code r} is null
     */
    public final synchronized ModuleThread addUpstream(ConsumerEnd r) {
        return addUpstream(r, null);
    }

    /**
     * Adds an upstream reservoir's consumer end that leads into the module's input port
     * {@code port}: each Water taken from it tells the module so ({@link Water#inputPort()}).
     * Only before {@link #start()}.
     *
     * @param r the end; this thread becomes its one consumer and gives each credit back
     * @param port the input port's name ({@code "in"}), or null if it has none
     * @return this thread, to add more
     * @throws IllegalStateException if the thread was started
     * @throws NullPointerException if {@code r} is null
     */
    public final synchronized ModuleThread addUpstream(ConsumerEnd r, String port) {
        checkNew();
        upstream.add(Objects.requireNonNull(r, "reservoir"));
        upstreamPorts.add(port);
        return this;
    }

    /**
     * Adds a downstream reservoir's producer end; only before {@link #start()}. The order of
     * adding is the order the thread hands the ends out (a partitioner's {@code outs.get(i)}).
     *
     * @param r the end; this thread becomes its one producer and ends it when the thread ends
     * @return this thread, to add more
     * @throws IllegalStateException if the thread was started
     * @throws NullPointerException if {@code r} is null
     */
    public final synchronized ModuleThread addDownstream(ProducerEnd r) {
        checkNew();
        downstream.add(Objects.requireNonNull(r, "reservoir"));
        return this;
    }

    private void checkNew() {
        if (state != State.NEW) {
            throw new IllegalStateException("module thread " + name() + " is " + state + "; connect reservoirs before start()");
        }
    }

    /** {@return the downstream ends, in the order they were added; the live list, not to be changed} */
    protected final List<ProducerEnd> downstream() {
        return downstream;
    }

    /** {@return the upstream ends, in the order they were added; the live list, not to be changed} */
    protected final List<ConsumerEnd> upstream() {
        return upstream;
    }

    /**
     * Counts {@code w}, just taken from upstream end {@code i} by a subclass that takes Waters
     * itself ({@link #operate()}), and tells it the input port that end leads into ({@link Water#inputPort()}).
     *
     * @param w the Water taken, owned by the calling thread
     * @param i the end's index in {@link #upstream()}
     */
    protected final void tookWater(Water w, int i) {
        watersIn++;
        w.arrivedAt(upstreamPorts.get(i));
    }

    /** {@return whether this thread was asked to stop ({@link #stop()}, {@link #stop(String)})} */
    protected final boolean stopRequested() {
        return stopRequested;
    }

    /** Counts a doOperation call, for a subclass that makes them itself ({@link #operate()}). */
    protected final void countOperation() {
        operations++;
    }

    /**
     * Sets how the thread is to be scheduled (before {@link #start()}); {@link Scheduling#NORMAL}
     * unless set. A priority the process may not give is reported on standard error when the
     * thread starts, and the thread runs at the process's own.
     *
     * @param s the scheduling class
     * @throws IllegalStateException if the thread was started
     * @throws NullPointerException if {@code s} is null
     */
    public final synchronized void scheduling(Scheduling s) {
        checkNew();
        scheduling = java.util.Objects.requireNonNull(s, "scheduling");
    }

    /**
     * Starts the thread (a platform thread named {@code "tigris-"} and the instance's name), which
     * initialises the module and runs it until its river ends for it.
     *
     * @throws IllegalStateException if the thread was started already
     */
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
        wake();
    }

    /**
     * As {@link #stop()}, because the river cannot complete ({@code cause}: a module failed elsewhere,
     * a node was lost, the river timed out): the downstream reservoirs end with a failure that says
     * so, not End of River, so no module takes what came before for the whole stream; and a
     * failure from upstream that reaches this thread while it stops ends it {@code STOPPED}.
     *
     * @param cause why the river cannot complete, in words that go into the downstream failure
     *        ("module NAME was stopped: CAUSE")
     * @throws NullPointerException if {@code cause} is null
     */
    public final void stop(String cause) {
        stopCause = java.util.Objects.requireNonNull(cause, "cause");
        stopRequested = true;
        wake();
    }

    private void wake() {
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

    /**
     * Waits for the thread to end: its reservoirs ended and its module destroyed.
     *
     * @param timeout the longest wait, in {@code unit}s
     * @param unit the unit of {@code timeout}
     * @return true if it ended within the time (or had ended), false if it still runs
     * @throws InterruptedException if the waiting thread is interrupted
     */
    public final boolean await(long timeout, TimeUnit unit) throws InterruptedException {
        return done.await(timeout, unit);
    }

    /**
     * {@return where the thread is in its life now: {@link State#STOPPING} while it runs after a
     * stop was asked}
     */
    public final State state() {
        State s = state;
        return s == State.RUNNING && stopRequested ? State.STOPPING : s;
    }

    /** {@return what ended the thread if it {@link State#FAILED}, else null} */
    public final Throwable failure() {
        return failure;
    }

    /**
     * This thread's status for its node's report: a module's report that throws is reported as
     * such, and one of a class outside Tigris (a user's jar, which the agent may not have)
     * travels as its text.
     *
     * @return the status now; safe to call from any thread while this one runs
     */
    public final ThreadStatus status() {
        Report r;
        try {
            r = report();
            if (r == null) {
                r = TextReport.EMPTY;
            } else if (r.getClass().getModule() != ModuleThread.class.getModule()) {
                r = new TextReport(r.toString());
            }
        } catch (RuntimeException e) {
            r = new TextReport("(report failed: " + e + ")");
        }
        Throwable f = failure;
        List<EndStatus> outputs = new ArrayList<>();
        synchronized (this) {
            for (ProducerEnd p : downstream) {
                try {
                    outputs.add(p.status());
                } catch (RuntimeException e) {
                    // An end that cannot say (a closed ring) must not cost the node its whole status.
                    outputs.add(new EndStatus(p.name() + " (no status: " + e.getMessage() + ")", 0, 0, 0, p.window()));
                }
            }
        }
        return new ThreadStatus(name(), state(), watersIn, operations, f == null ? null : Failure.of(f), r, outputs);
    }

    /**
     * What the thread's status carries of the module: its own {@link ModuleLifecycle#report()}
     * here; a stage that runs it adds what it counts of its own ({@code tigris.reflex.ReflexStage}).
     *
     * @return the report, or null for none; called from whatever thread asks for the status
     */
    protected Report report() {
        return module.report();
    }

    /** {@return the Waters taken from upstream so far} */
    public final long watersIn() {
        return watersIn;
    }

    /** {@return the doOperation calls so far (a source's, and the last call at End of River, included)} */
    public final long operations() {
        return operations;
    }

    // ---- policy ---------------------------------------------------------------------------------

    /**
     * Calls the module's doOperation with {@code in} (null at End of River or for a source) and
     * the downstream end(s) this kind of thread hands it.
     *
     * @param in the Water taken, owned by this thread; null at End of River or for a source
     * @throws EndOfRiverException if the module says it has nothing more to produce
     * @throws InterruptedException if a wait for credit gave up because the thread was stopped
     *         or interrupted
     */
    protected abstract void doOperation(Water in) throws EndOfRiverException, InterruptedException;

    /**
     * Parks until a credit may have come back to one of the downstream reservoirs (at most 0.2 ms;
     * the caller looks again); returns at once if one has credit now.
     *
     * @throws InterruptedException if the thread was stopped or interrupted
     */
    protected final void awaitCredit() throws InterruptedException {
        for (ProducerEnd r : downstream) {
            if (r.credits() > 0) {
                return;
            }
        }
        parker.prepare();   // one more look: a credit back from now on unparks this thread
        for (ProducerEnd r : downstream) {
            if (r.credits() > 0) {
                parker.cancel();
                return;
            }
        }
        ReservoirWaitEvent wait = new ReservoirWaitEvent();
        wait.begin();
        parker.park(PARK_NANOS);
        waited(wait, downstream, "credit");
        checkStop();
    }

    /** Records a wait on {@code ends} that began with {@code wait} (null: there was none), if it was long enough. */
    private void waited(ReservoirWaitEvent wait, List<? extends AutoCloseable> ends, String what) {
        if (wait != null && wait.shouldCommit()) {
            wait.module = name();
            StringBuilder sb = new StringBuilder();
            for (AutoCloseable e : ends) {
                sb.append(sb.isEmpty() ? "" : ", ").append(e instanceof ProducerEnd p ? p.name() : ((ConsumerEnd) e).name());
            }
            wait.reservoir = sb.toString();
            wait.waitingFor = what;
            wait.commit();
        }
    }

    /** Bytes in use in {@code w}'s buffers (0 for no Water). */
    private static long bytesOf(Water w) {
        long n = 0;
        if (w != null) {
            for (int i = 0; i < w.bufferCount(); i++) {
                n += w.length(i);
            }
        }
        return n;
    }

    private void checkStop() throws InterruptedException {
        if (stopRequested) {
            throw new InterruptedException("stopped");
        }
    }

    // ---- the loop -------------------------------------------------------------------------------

    private void run() {
        boolean initialized = false;
        // This thread is the only consumer of its upstream and producer of its downstream
        // reservoirs: it attaches its Parker once, before it first looks at them, so a signal is
        // never lost (one that comes before a park leaves the permit set) and a stop ends any
        // wait inside them.
        parker = new Parker(Thread.currentThread(), () -> stopRequested);
        String unscheduled = scheduling.applyToCurrentThread();
        if (unscheduled != null) {
            System.err.println("tigris: module " + name() + " runs at its process's priority, not " + scheduling.name().toLowerCase(java.util.Locale.ROOT)
                            + " (nice " + scheduling.nice() + "): " + unscheduled);
        }
        for (ConsumerEnd r : upstream) {
            r.attachConsumer(parker);
        }
        for (ProducerEnd r : downstream) {
            r.attachProducer(parker);
        }
        try {
            if (upstream.isEmpty() && downstream.isEmpty()) {
                throw new IllegalStateException("module " + name() + " has no downstream reservoir and no upstream one: it would run for nothing");
            }
            module.init(config);
            initialized = true;
            State end = operate();
            if (end != State.ENDED && end != State.STOPPED) {
                throw new IllegalStateException("module " + name() + ": its run ended " + end + ", where only ENDED or STOPPED may be returned");
            }
            state = end;
        } catch (InterruptedException e) {
            state = stopRequested ? State.STOPPED : fail(e);
        } catch (UpstreamFailedException t) {
            // Being stopped because the river cannot complete, this thread met the same end upstream.
            state = stopCause != null ? State.STOPPED : fail(t);
        } catch (Throwable t) {
            state = fail(t);
        } finally {
            String cause = endCause();
            for (ProducerEnd r : downstream) {
                try {
                    if (cause != null) {
                        r.endWithFailure(cause);
                    } else {
                        r.endOfRiver();
                    }
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
            done.countDown();
        }
    }

    /**
     * Runs the module, once initialized, until its river ends for it: here, the loop of this
     * thread that takes each Water and calls {@link #doOperation}. A stage that runs its module
     * elsewhere (a time-critical module as a Reflex task: {@code tigris.reflex.ReflexStage})
     * overrides it. What it returns or throws ends the thread as the loop's own would: End of
     * River or the failure goes downstream, and the module is destroyed, on this thread.
     *
     * @return {@link State#ENDED} (End of River) or {@link State#STOPPED}
     * @throws Exception what failed the module; an {@link InterruptedException} after a stop, or
     *         an {@link UpstreamFailedException} while the river is stopped for a cause, ends the
     *         thread stopped, not failed
     */
    protected State operate() throws Exception {
        boolean source = upstream.isEmpty();
        while (true) {
            if (stopRequested) {
                return State.STOPPED;
            }
            Water in = source ? null : nextInput();
            if (stopRequested) {
                processed(in);
                return State.STOPPED;
            }
            boolean last = in == null && !source;
            ModuleOperationEvent op = new ModuleOperationEvent();
            if (op.isEnabled()) {
                op.module = name();
                op.from = inputFrom == null ? "" : inputFrom.name();
                op.bytes = bytesOf(in);
            }
            op.begin();
            try {
                operations++;
                doOperation(in);
            } catch (EndOfRiverException e) {
                op.commit();
                processed(in);
                return State.ENDED;
            }
            op.commit();
            processed(in);
            if (last) {
                return State.ENDED;
            }
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
        ConsumerEnd from = inputFrom;
        inputFrom = null;
        if (in.isOwned()) {
            in.release();
        }
        from.creditBack();
        if (!CreditBackEvent.TYPE.isEnabled()) {
            return;
        }
        CreditBackEvent e = new CreditBackEvent();
        if (e.shouldCommit()) {
            e.module = name();
            e.reservoir = from.name();
            e.commit();
        }
    }

    /** What the downstream reservoirs end with: null for End of River, else the failure they carry on. */
    private String endCause() {
        if (state == State.FAILED) {
            // A failure from upstream is passed on as it began, not wrapped once more per module.
            return failure instanceof UpstreamFailedException u ? u.upstreamCause() : "module " + name() + " failed: " + Failure.of(failure);
        }
        String stopped = stopCause;
        return state == State.STOPPED && stopped != null ? "module " + name() + " was stopped: " + stopped : null;
    }

    private State fail(Throwable t) {
        failure = t;
        return State.FAILED;
    }

    /** The next Water, round-robin among upstream reservoirs that have one; null once all ended. */
    private Water nextInput() throws InterruptedException {
        int n = upstream.size();
        ReservoirWaitEvent wait = null;
        boolean prepared = false;
        while (true) {
            int ended = 0;
            for (int k = 0; k < n; k++) {
                int from = nextUpstream;
                ConsumerEnd r = upstream.get(from);
                nextUpstream = nextUpstream + 1 == n ? 0 : nextUpstream + 1;
                Water w;
                try {
                    w = r.poll();
                } catch (RuntimeException e) {
                    parker.cancel();
                    throw e;
                }
                if (w != null) {
                    if (prepared) {
                        parker.cancel();
                    }
                    watersIn++;
                    inputFrom = r;
                    w.arrivedAt(upstreamPorts.get(from));
                    waited(wait, upstream, "Water");
                    return w;
                }
                if (r.isEnded()) {
                    ended++;
                }
            }
            if (ended == n) {
                parker.cancel();
                waited(wait, upstream, "Water");
                return null;
            }
            if (!prepared) {
                parker.prepare();   // then one more pass: a Water from now on unparks this thread
                prepared = true;
                for (ProducerEnd d : downstream) {
                    d.flush();      // about to wait: what was put must not wait for more to follow
                }
                continue;
            }
            if (wait == null) {
                wait = new ReservoirWaitEvent();
                wait.begin();
            }
            // One upstream end that sleeps across processes (a shared-memory stream) is slept on;
            // any other wait parks, woken by the ends of this JVM.
            if (n == 1 && upstream.getFirst().awaitData(SLEEP_NANOS)) {
                parker.cancel();
            } else {
                parker.park(PARK_NANOS);
            }
            prepared = false;
            if (stopRequested) {
                return null;
            }
        }
    }

    /** {@return the thread's class, instance name, state and counts, for logs} */
    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name() + ", " + state + ", in " + watersIn + ", ops " + operations + "]";
    }
}
