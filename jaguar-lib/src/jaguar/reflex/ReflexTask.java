/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import jaguar.ext.OffHeapBuffer;
import jaguar.memory.NativeMemory;
import jaguar.pso.PSO;
import jaguar.pso.PSOContainer;
import jaguar.pso.PSOContainerDescriptor;
import jaguar.sched.RealtimePriority;

/**
 * A Reflex (seed 001): a small time-critical task its scheduler runs, released every period or by
 * events, on a thread pinned to one CPU at real-time priority. Its memory is outside the
 * collector: stable state in a PSO container the task owns (it lasts as long as the task), and a
 * transient arena emptied after every invocation. Both are confined to the scheduler's thread:
 * no other thread reads or writes them.
 *
 * <p>A subclass sets up its stable state in {@link #initialize()} (on the scheduler's thread,
 * before the first release) and does its work in {@link #execute()}, which should allocate
 * nothing on the Java heap once warm. Each invocation is a transaction: an {@link #abort()} or an
 * exception undoes every write to the stable state's bytes in use (its objects: bytes of the
 * container beyond them are no one's state) and forgets the objects it allocated there.
 */
public abstract class ReflexTask {
    private final String name;
    private final int priority;
    private final OverrunPolicy overrun;
    private final long stableBytes;
    private final long transientBytes;
    private final ReflexCounters counters = new ReflexCounters();
    /** Releases not yet taken by a run (event-released tasks); from any thread. */
    private final AtomicLong pending = new AtomicLong();

    // Set when added, on the scheduler's thread; the scheduler's own from then on.
    private volatile ReflexScheduler scheduler;
    long periodNanos;
    long nextRelease;
    /** The release the current invocation runs for (System.nanoTime()). */
    long currentRelease;
    /** Its scheduler's ready stack: the task below this one (see ReflexScheduler.released). */
    ReflexTask nextReady;
    /** Detached once: it is never added again. */
    private boolean removed;
    /** When it was added to its scheduler, in order: of equal priorities, the one added first runs first. */
    long addedOrder;
    /** The next run was released before the run before it ended (RUN_LATE). */
    boolean late;
    private OffHeapBuffer stableBuffer;
    /** The stable state's bytes as the invocation found them, for its rollback. */
    private OffHeapBuffer undo;
    private PSOContainer stable;
    private TransientArena arena;
    private volatile Throwable lastFailure;
    /** The runtime's event space (null if it has none) and this task's operations on it in the current invocation. */
    private EventSpace space;
    private EventDelta delta;
    /** Operations of each kind one invocation may make on the event space. */
    private static final int MAX_EVENT_OPS = 64;

    // Atomic methods (roll-forward, after the paper's multiprocessor Reflexes): the version is even
    // while the task is idle, odd while it runs, and has LOCKED set while an ordinary thread commits
    // into its state; readers of the state outside the scheduler's thread are counted, so that the
    // memory is not freed under them.
    private static final long LOCKED = 1L << 62;
    private volatile long version;
    private static final VarHandle VERSION;
    private final AtomicInteger outsideReaders = new AtomicInteger();
    /** The stable state's address, for ordinary threads' copies (its buffer is confined to the scheduler's thread). */
    private volatile long stableAddress;
    private volatile Thread schedulerThread;

    static {
        try {
            VERSION = MethodHandles.lookup().findVarHandle(ReflexTask.class, "version", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Describes the task; its memory is made only when it is added to a runtime.
     *
     * @param name what reports and errors call it
     * @param priority among the tasks of one scheduler, the higher runs first when several are
     *        released; any int (not the thread's real-time priority, which is the scheduler's)
     * @param overrun what a periodic task's scheduler does when a run ends past the next release
     * @param stableBytes the stable state's container, in bytes, header included: at least 32
     * @param transientBytes the transient arena in bytes (half raw bytes, half a PSO container),
     *        0 or more; at least 128 are made
     * @throws IllegalArgumentException if {@code stableBytes} is below a container header or
     *         {@code transientBytes} is negative
     * @throws NullPointerException if {@code overrun} is null
     */
    protected ReflexTask(String name, int priority, OverrunPolicy overrun, long stableBytes, long transientBytes) {
        if (stableBytes < PSOContainer.HEADER_SIZE || transientBytes < 0) {
            throw new IllegalArgumentException("task " + name + ": stable state of at least " + PSOContainer.HEADER_SIZE
                            + " bytes (a container's header) and a transient arena of 0 or more, not " + stableBytes + " and " + transientBytes);
        }
        this.name = name;
        this.priority = priority;
        this.overrun = java.util.Objects.requireNonNull(overrun, "overrun");
        this.stableBytes = stableBytes;
        this.transientBytes = transientBytes;
    }

    /**
     * Sets up the stable state; on the scheduler's thread, before the first release. Runs inside
     * {@link ReflexRuntime#add}, which throws what this throws (and the task is then never run).
     * The default does nothing.
     */
    protected void initialize() {
    }

    /**
     * One invocation, on the scheduler's thread, as a transaction: {@link #abort()} or an
     * exception rolls back its writes to the stable state, and a failure is kept in
     * {@link #lastFailure()}. It should allocate nothing on the heap once warm, and not block:
     * the scheduler's other tasks wait for it.
     */
    protected abstract void execute();

    /**
     * The task's stable state: a PSO container that lasts as long as the task.
     *
     * @return the container, confined to the scheduler's thread; null before the task is added
     */
    protected final PSOContainer stable() {
        return stable;
    }

    /**
     * The task's transient memory, emptied after every invocation.
     *
     * @return the arena, confined to the scheduler's thread; null before the task is added
     */
    protected final TransientArena arena() {
        return arena;
    }

    // ---- the event space ------------------------------------------------------------------------

    /**
     * The runtime's event space.
     *
     * @return the space given to {@link ReflexRuntime#start(String, java.util.List, int, EventSpace)}
     * @throws IllegalStateException if the task's runtime has no event space
     */
    protected final EventSpace space() {
        if (space == null) {
            throw new IllegalStateException("task " + name + ": its runtime has no event space (ReflexRuntime.start with an EventSpace)");
        }
        return space;
    }

    private EventDelta delta() {
        space();
        return delta;
    }

    /**
     * Writes a copy of {@code event} into the space when this invocation commits; the copy is
     * taken now, so later changes to {@code event} are not in it.
     *
     * @param event the event; its class has no reference fields and fits the space's slots
     * @throws IllegalStateException if the task's runtime has no event space
     *         or this invocation has written 64 events already
     * @throws IllegalArgumentException if the event's class has reference fields or is larger
     *         than the space's slots
     */
    protected final void write(PSO event) {
        delta().write(event);
    }

    /**
     * Takes an event {@code template} matches into {@code into}, for good when this invocation commits; false if there is none.
     * Events this invocation took already are not found again. If another thread or task takes
     * the same event before the commit, this invocation is rolled back instead.
     *
     * @param <E> the event class
     * @param template which events qualify
     * @param into a PSO of the template's class, overwritten with the event now (even if the
     *        invocation later rolls back)
     * @return {@code true} if an event was found and copied into {@code into}
     * @throws IllegalStateException if the task's runtime has no event space
     *         or this invocation has made 64 takes (or 64 tests, a take that finds nothing
     *         counting as one) already
     * @throws IllegalArgumentException if {@code into}'s class is not the template's
     */
    protected final <E extends PSO> boolean take(EventTemplate<E> template, E into) {
        return delta().take(template, into);
    }

    /**
     * Whether the space holds an event {@code template} matches (that this invocation has not taken); checked again at commit.
     * If the answer would differ at commit, the invocation is rolled back.
     *
     * @param template which events qualify
     * @return {@code true} if a matching event is in the space and not taken by this invocation
     * @throws IllegalStateException if the task's runtime has no event space
     *         or this invocation has made 64 tests already
     */
    protected final boolean test(EventTemplate<?> template) {
        return delta().test(template);
    }

    /**
     * Writes a copy of {@code event} now, outside the transaction: an abort does not take it back (the paper's open nesting).
     *
     * @param event the event to copy in, as {@link EventSpace#writeNow}
     * @throws IllegalStateException if the task's runtime has no event space
     *         or the space is full
     * @throws IllegalArgumentException if the event's class has reference fields or is larger
     *         than the space's slots
     */
    protected final void writeNow(PSO event) {
        space().writeNow(event);
    }

    /**
     * Takes an event now, outside the transaction: an abort does not put it back.
     *
     * @param <E> the event class
     * @param template which events qualify
     * @param into a PSO of the template's class, overwritten with the event taken
     * @return {@code true} if an event was taken
     * @throws IllegalStateException if the task's runtime has no event space
     * @throws IllegalArgumentException if {@code into}'s class is not the template's
     */
    protected final <E extends PSO> boolean takeNow(EventTemplate<E> template, E into) {
        return space().takeNow(template, into);
    }

    /**
     * Whether the space holds an event {@code template} matches now, outside the transaction: the
     * answer is not checked again at commit.
     *
     * @param template which events qualify
     * @return {@code true} if at least one does
     * @throws IllegalStateException if the task's runtime has no event space
     */
    protected final boolean testNow(EventTemplate<?> template) {
        return space().testNow(template);
    }

    /**
     * From {@link #initialize()}: this task, if released by events, is released whenever an event
     * {@code template} matches is inserted into the space. A periodic task's subscription
     * releases nothing: it runs at its next release and finds the event then. The subscription
     * lasts until the task is removed.
     *
     * @param template which inserted events release the task
     * @throws IllegalStateException if the task's runtime has no event space
     */
    protected final void subscribe(EventTemplate<?> template) {
        space().subscribe(this, template);
    }

    /** An event this task subscribed to was inserted: an event task is released, a periodic one runs at its next release anyway. */
    final void releaseIfRunning() {
        ReflexScheduler s = scheduler;
        if (s != null && periodNanos == 0) {
            s.released(this, pending.getAndIncrement() == 0);
        }
    }

    /**
     * When the current invocation was released, on {@link System#nanoTime()}'s clock: a periodic
     * task's scheduled release (not when it started: the difference is its lateness), an event
     * task's when its scheduler took the release. Valid in {@link #execute()}.
     *
     * @return the release time in ns of {@link System#nanoTime()}'s clock
     */
    protected final long releaseTime() {
        return currentRelease;
    }

    /**
     * Ends this invocation and rolls it back; counted as an abort. It throws a preallocated,
     * stackless exception that {@link #execute()} must let through (not catch); it allocates
     * nothing. Call it from {@link #execute()} only.
     */
    protected final void abort() {
        throw ReflexAbort.INSTANCE;
    }

    /**
     * The task's name.
     *
     * @return the name given to the constructor
     */
    public final String name() {
        return name;
    }

    /**
     * The task's priority among its scheduler's tasks.
     *
     * @return the priority given to the constructor; the higher runs first
     */
    public final int priority() {
        return priority;
    }

    /**
     * What happens when a periodic run ends past the next release.
     *
     * @return the policy given to the constructor
     */
    public final OverrunPolicy overrun() {
        return overrun;
    }

    /**
     * The task's counters: releases, runs, misses, aborts and the worst times.
     *
     * @return the task's one counters object, readable from any thread
     */
    public final ReflexCounters counters() {
        return counters;
    }

    /**
     * What the last invocation that failed threw (it was rolled back); null if none has.
     *
     * @return the exception or error, as thrown; readable from any thread
     */
    public final Throwable lastFailure() {
        return lastFailure;
    }

    /**
     * Releases a task that runs on events (from any thread): it runs once soon, taking every
     * release pending by then.
     *
     * @throws IllegalStateException if the task is periodic or not running
     */
    public final void release() {
        ReflexScheduler s = scheduler;
        if (s == null) {
            throw new IllegalStateException("task " + name + " is not running: add it to a ReflexRuntime first");
        }
        if (periodNanos != 0) {
            throw new IllegalStateException("task " + name + " is periodic: its scheduler releases it");
        }
        s.released(this, pending.getAndIncrement() == 0);
    }

    /** Releases pending now, taken. */
    final boolean runsOn(ReflexScheduler s) {
        return scheduler == s;
    }

    final long takePending() {
        return pending.getAndSet(0);
    }

    final boolean hasPending() {
        return pending.get() != 0;
    }

    /** On the scheduler's thread: the task's memory, then its initialize. */
    final void attach(ReflexScheduler s, Release release, long now, EventSpace space) {
        if (scheduler != null) {
            throw new IllegalStateException("task " + name + " runs already");
        }
        if (removed) {
            // Its memory is freed, and a release racing with the removal may still be on its old scheduler's stack.
            throw new IllegalStateException("task " + name + " was removed (or its initialize failed): a task is added once; add a new instance");
        }
        stableBuffer = OffHeapBuffer.allocate(stableBytes);
        undo = OffHeapBuffer.allocate(stableBytes);
        stable = PSOContainer.format(stableBuffer);
        stableAddress = stableBuffer.address();
        schedulerThread = Thread.currentThread();
        arena = new TransientArena(transientBytes);
        this.space = space;
        this.delta = space == null ? null : new EventDelta(space, MAX_EVENT_OPS);
        periodNanos = release instanceof Release.Periodic p ? p.periodNanos() : 0;
        try {
            initialize();
            if (delta != null && !delta.commit()) {
                throw new IllegalStateException("task " + name + ": its initialize's event operations conflicted with another's");
            }
        } catch (RuntimeException | Error e) {
            detach();
            throw e;
        }
        nextRelease = now + periodNanos;
        scheduler = s;
    }

    /**
     * On the scheduler's thread: runs execute once as a transaction; false if it aborted. The
     * stable state's used bytes are copied aside first and copied back on an abort, so every write
     * is undone whatever wrote it (a PSO field, the buffer, an atomic): a copy of the bytes in use
     * (tens of ns for a few KiB), not a log of each write.
     */
    final boolean invoke() {
        long v = enterRun();
        try {
            return transaction();
        } finally {
            VERSION.setRelease(this, v + 2);
        }
    }

    /** Marks the task running (version odd), first waiting out an ordinary thread's commit; the wait is counted. */
    private long enterRun() {
        long v = (long) VERSION.getAcquire(this);
        if ((v & LOCKED) == 0 && VERSION.compareAndSet(this, v, v + 1)) {
            return v;
        }
        long since = System.nanoTime();
        while (true) {
            SpinThenPark.step(since);   // a commit writes a few words: longer is a committer the kernel preempted
            v = (long) VERSION.getAcquire(this);
            if ((v & LOCKED) == 0 && VERSION.compareAndSet(this, v, v + 1)) {
                counters.lockedOut(System.nanoTime() - since);
                return v;
            }
        }
    }

    private boolean transaction() {
        long used = stable.used();
        Words.copy(stableBuffer, 0, undo, 0, used);
        try {
            execute();
            if (delta != null && !delta.commit()) {
                rollBack(used);   // another's operations on the space conflicted with this one's
                counters.aborted(false);
                return false;
            }
            return true;
        } catch (ReflexAbort a) {
            rollBack(used);
            counters.aborted(false);
            return false;
        } catch (RuntimeException | Error e) {
            rollBack(used);
            counters.aborted(true);
            lastFailure = e;
            return false;
        } finally {
            arena.reset();
        }
    }

    private void rollBack(long used) {
        if (delta != null) {
            delta.clear();
        }
        Words.copy(undo, 0, stableBuffer, 0, used);
        if (stable.used() != used) {
            stable.rollBackTo(used);   // objects the run allocated in the stable state are forgotten
        }
    }

    /**
     * Runs {@code body} for an ordinary thread against the task's stable state, atomically: on a
     * copy taken while the task was not running, whose changed words are written back only if the
     * task has not run since (else it runs again on a fresh copy). The task is kept from starting
     * only while those words are written (its scheduler spins meanwhile, counted in
     * {@link ReflexCounters#worstLockoutNanos()}): a time proportional to what the body changed,
     * never to what it did. What the body throws is thrown here, and nothing is written.
     *
     * <p>The committing thread is raised to the scheduler's real-time priority for its stores
     * where it may be, so that the task waits for the stores and not for the kernel.
     *
     * @param <R> what the body returns
     * @param body the code to run on a copy of the state; it may run several times, so it must
     *        have no other effects
     * @return what the body returned on the run that committed
     * @throws IllegalStateException on the task's own thread (its invocations are transactions
     *         already), if the task is not running, or if the body allocated in the state
     */
    protected final <R> R atomic(AtomicBody<R> body) {
        if (Thread.currentThread() == schedulerThread) {
            throw new IllegalStateException("task " + name + ": atomic methods are for ordinary threads; the task's own invocations are transactions");
        }
        while (true) {
            long base = enterOutside();
            long v;
            long used;
            OffHeapBuffer copy;
            OffHeapBuffer pristine;
            try {
                v = (long) VERSION.getAcquire(this);
                if ((v & (LOCKED | 1)) != 0) {
                    Thread.onSpinWait();   // running or another commit: look again (a wait, not a conflict: nothing was redone)
                    continue;
                }
                used = NativeMemory.getLong(base + PSOContainerDescriptor.USED_OFFSET);
                used = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN ? used : Long.reverseBytes(used);
                copy = OffHeapBuffer.allocate(stableBytes);
                pristine = OffHeapBuffer.allocate(stableBytes);
                for (long i = 0; i < used; i += Long.BYTES) {
                    long w = NativeMemory.getLong(base + i);
                    copy.putLong(i, w);
                    pristine.putLong(i, w);
                }
                VarHandle.acquireFence();
                if ((long) VERSION.getAcquire(this) != v) {
                    copy.close();
                    pristine.close();
                    counters.conflicted();   // the task ran while the copy was taken: it may be torn
                    continue;
                }
            } finally {
                outsideReaders.decrementAndGet();
            }
            try {
                PSOContainer state = PSOContainer.open(copy);
                R result = body.run(state);
                if (state.used() != used) {
                    throw new IllegalStateException("task " + name + ": an atomic method may not allocate in the stable state (it grew from " + used
                                    + " to " + state.used() + " bytes)");
                }
                if (commit(v, copy, pristine, used)) {
                    return result;
                }
                counters.conflicted();
            } finally {
                copy.close();
                pristine.close();
            }
        }
    }

    /** Writes the words the body changed into the state if the task's version is still {@code v}; false if the task ran since. */
    private boolean commit(long v, OffHeapBuffer copy, OffHeapBuffer pristine, long used) {
        // The changed words are found before the task is locked out: the lock-out writes only them.
        long[] at = new long[16];
        long[] words = new long[16];
        int n = 0;
        for (long i = 0; i < used; i += Long.BYTES) {
            long w = copy.getLong(i);
            if (w != pristine.getLong(i)) {
                if (n == at.length) {
                    at = java.util.Arrays.copyOf(at, n * 2);
                    words = java.util.Arrays.copyOf(words, n * 2);
                }
                at[n] = i;
                words[n++] = w;
            }
        }
        long base = enterOutside();
        boolean boosted = boostForCommit();
        try {
            if (!VERSION.compareAndSet(this, v, v | LOCKED)) {
                return false;
            }
            try {
                for (int k = 0; k < n; k++) {
                    NativeMemory.putLong(base + at[k], words[k]);
                }
            } finally {
                VERSION.setRelease(this, v + 2);
            }
            counters.committedAtomic();
            return true;
        } finally {
            if (boosted) {
                RealtimePriority.setNormal();   // the task, if released meanwhile, preempts this thread here
            }
            outsideReaders.decrementAndGet();
        }
    }

    /**
     * Raises the committing thread to its task's real-time priority for the few stores of the
     * commit (the priority ceiling): a task released on the committer's CPU would otherwise preempt
     * it holding the lock and wait for it, and the kernel may give the CPU to any other ordinary
     * thread first (Figure 11 saw lock-outs of 300 µs). At the same SCHED_FIFO priority the task
     * waits for the stores, not for the kernel. Only from the normal class, and only where the task
     * runs real-time and this process may raise threads; else nothing changes.
     */
    private boolean boostForCommit() {
        ReflexScheduler s = scheduler;
        int priority = s == null ? 0 : s.realtimePriority();
        if (priority == 0 || !RealtimePriority.isNormal()) {
            return false;
        }
        try {
            RealtimePriority.setFifo(priority);
            return true;
        } catch (SecurityException notAllowed) {
            return false;
        }
    }

    /**
     * Counts a thread that reads or writes the state's memory from outside and returns the state's
     * address, to use until it is counted out; throws if the task is gone. Counted first, address
     * read second, where detach clears the address first and reads the count second: one of the
     * two sees the other.
     */
    private long enterOutside() {
        outsideReaders.incrementAndGet();
        long base = stableAddress;
        if (base == 0) {
            outsideReaders.decrementAndGet();
            throw new IllegalStateException("task " + name + " is not running: its state is gone");
        }
        return base;
    }

    /** On the scheduler's thread: frees the task's memory. */
    final void detach() {
        // No ordinary thread reads or writes the memory once the address is cleared and the count is 0 (enterOutside).
        stableAddress = 0;
        removed = true;
        while (outsideReaders.get() != 0) {
            Thread.onSpinWait();
        }
        scheduler = null;
        if (space != null) {
            space.unsubscribeAll(this);
        }
        if (delta != null) {
            delta.close();
        }
        if (arena != null) {
            arena.close();
        }
        if (stableBuffer != null) {
            stableBuffer.close();
            undo.close();
        }
    }

    @Override
    public String toString() {
        return "task " + name + " (priority " + priority + ", " + overrun + "): " + counters;
    }
}
