package jaguar.reflex;

import java.util.concurrent.atomic.AtomicLong;

import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSOContainer;

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
    /** The next run was released before the run before it ended (RUN_LATE). */
    boolean late;
    private OffHeapBuffer stableBuffer;
    /** The stable state's bytes as the invocation found them, for its rollback. */
    private OffHeapBuffer undo;
    private PSOContainer stable;
    private TransientArena arena;
    private volatile Throwable lastFailure;

    /**
     * @param name what reports and errors call it
     * @param priority among the tasks of one scheduler, the higher runs first when several are released
     * @param overrun what a periodic task's scheduler does when a run ends past the next release
     * @param stableBytes the stable state's container
     * @param transientBytes the transient arena (half raw bytes, half a PSO container)
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

    /** Sets up the stable state; on the scheduler's thread, before the first release. */
    protected void initialize() {
    }

    /** One invocation. */
    protected abstract void execute();

    /** The task's stable state: a PSO container that lasts as long as the task. */
    protected final PSOContainer stable() {
        return stable;
    }

    /** The task's transient memory, emptied after every invocation. */
    protected final TransientArena arena() {
        return arena;
    }

    /** Ends this invocation and rolls it back; counted as an abort. */
    protected final void abort() {
        throw ReflexAbort.INSTANCE;
    }

    public final String name() {
        return name;
    }

    public final int priority() {
        return priority;
    }

    public final OverrunPolicy overrun() {
        return overrun;
    }

    public final ReflexCounters counters() {
        return counters;
    }

    /** What the last invocation that failed threw (it was rolled back); null if none has. */
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
        pending.incrementAndGet();
        s.wake();
    }

    /** Releases pending now, taken. */
    final long takePending() {
        return pending.getAndSet(0);
    }

    final boolean hasPending() {
        return pending.get() != 0;
    }

    /** On the scheduler's thread: the task's memory, then its initialize. */
    final void attach(ReflexScheduler s, Release release, long now) {
        if (scheduler != null) {
            throw new IllegalStateException("task " + name + " runs already");
        }
        stableBuffer = OffHeapBuffer.allocate(stableBytes);
        undo = OffHeapBuffer.allocate(stableBytes);
        stable = PSOContainer.format(stableBuffer);
        arena = new TransientArena(transientBytes);
        periodNanos = release instanceof Release.Periodic p ? p.periodNanos() : 0;
        try {
            initialize();
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
        long used = stable.used();
        copyWords(stableBuffer, undo, used);
        try {
            execute();
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

    /**
     * Copies the first {@code bytes} (a multiple of 8: a container's use is) a word at a time: the
     * bulk copy through MemorySegment.copy left an object behind most invocations here.
     */
    private static void copyWords(OffHeapBuffer from, OffHeapBuffer to, long bytes) {
        for (long i = 0; i < bytes; i += Long.BYTES) {
            to.putLong(i, from.getLong(i));
        }
    }

    private void rollBack(long used) {
        copyWords(undo, stableBuffer, used);
        if (stable.used() != used) {
            stable.rollBackTo(used);   // objects the run allocated in the stable state are forgotten
        }
    }

    /** On the scheduler's thread: frees the task's memory. */
    final void detach() {
        scheduler = null;
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
