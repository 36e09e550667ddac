/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.util.concurrent.locks.LockSupport;

/**
 * How one thread waits on reservoir ends: it parks, the other side of a reservoir unparks it, and
 * after every park it gives up if it was interrupted or its {@link StopCheck} says stop. A
 * ModuleThread attaches one Parker to each of its ends before it first looks at them, so that a
 * wake-up is never lost and a stop ends any wait inside a reservoir; reservoirs know nothing
 * else of who waits on them.
 *
 * <p>A signal costs one load while the owner is not parking: {@link #unpark} unparks the thread
 * only if it said it is about to park. The owner says so ({@link #prepare}), looks once more at
 * what it waits for, and then parks or takes back what it said ({@link #cancel}); a signal after
 * the announcement unparks it, before or during the park (the thread's permit keeps it). What a
 * signal does not order is the signaller's own store of what it signals, which a core may hold
 * for nanoseconds while it reads the announcement: a wake-up lost in those nanoseconds is caught by
 * the park's bound, as any other lost one would be. No fence is paid on the hand-off's path.
 */
public final class Parker {
    private final Thread owner;
    private final StopCheck stop;
    /** What a signal does instead of unparking the owner, for an owner that never parks ({@link #signalling}); null: unpark it. */
    private final Runnable onSignal;
    /** The owner is about to park or parked: a signal must unpark it. */
    private volatile boolean parking;

    /**
     * Makes the Parker of {@code owner}, which only that thread may park on.
     *
     * @param owner the thread that waits; not null
     * @param stop asked after every park whether the wait should give up; not null
     *        ({@link StopCheck#NEVER} if only an interrupt stops the thread)
     * @throws NullPointerException if either is null
     */
    public Parker(Thread owner, StopCheck stop) {
        this(owner, stop, null);
    }

    private Parker(Thread owner, StopCheck stop, Runnable onSignal) {
        this.owner = java.util.Objects.requireNonNull(owner, "owner");
        this.stop = java.util.Objects.requireNonNull(stop, "stop");
        this.onSignal = onSignal;
    }

    /**
     * The Parker of a thread that must never wait on a reservoir: a Reflex scheduler's, which runs
     * a time-critical stage ({@code tigris.reflex.ReflexStage}). A signal after {@link #prepare}
     * runs {@code onSignal} (the stage's task is released) instead of unparking the thread, and a
     * wait inside an end ({@link #park}) throws instead of blocking it. Such a signal pays a fence:
     * with no park whose bound would catch a lost wake-up, the signaller's store of what it
     * signals must be ordered before its read of the announcement.
     *
     * @param owner the scheduler's thread; not null
     * @param onSignal what a signal runs while the owner has {@linkplain #prepare announced} it
     *        looks again; called on the signalling thread, so it must be quick and must not block
     * @return the Parker
     * @throws NullPointerException if either is null
     */
    public static Parker signalling(Thread owner, Runnable onSignal) {
        return new Parker(owner, StopCheck.NEVER, java.util.Objects.requireNonNull(onSignal, "onSignal"));
    }

    /** {@return a Parker of the calling thread that only an interrupt stops: for a thread outside any river} */
    public static Parker forCurrentThread() {
        return new Parker(Thread.currentThread(), StopCheck.NEVER);
    }

    /** {@return the thread that parks on this Parker} */
    public Thread owner() {
        return owner;
    }

    /**
     * Parks the calling thread, which must be the owner, at most {@code nanos}; it wakes early when
     * unparked.
     *
     * @param nanos the longest park in nanoseconds; it may end sooner, spuriously too, so the
     *        caller looks again at what it waits for
     * @throws IllegalStateException if the calling thread is not the owner, or this is a
     *         {@link #signalling} Parker, which never parks
     * @throws InterruptedException if the thread was interrupted or its stop check says stop
     */
    public void park(long nanos) throws InterruptedException {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("parker of " + owner.getName() + " used by " + Thread.currentThread().getName());
        }
        if (onSignal != null) {
            throw new IllegalStateException("thread " + owner.getName() + " runs a time-critical stage and never waits on a reservoir: "
                            + "a wait here would block its Reflex scheduler");
        }
        if (!parking) {
            parking = true;   // a timed wait nobody signals, or a caller that did not prepare
        }
        LockSupport.parkNanos(nanos);
        parking = false;
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        if (stop.stopRequested()) {
            throw new InterruptedException("module thread stopped");
        }
    }

    /**
     * Says the owner is about to park (the owner only): from now on signals unpark it. It then looks
     * once more at what it waits for, and {@link #park parks} or {@link #cancel cancels}.
     */
    public void prepare() {
        parking = true;
    }

    /** Takes back {@link #prepare}: what the owner waits for came after all (the owner only). */
    public void cancel() {
        parking = false;
    }

    /** Wakes the owner if it is parking (or makes its park that follows {@link #prepare} return at once). */
    public void unpark() {
        if (onSignal != null) {
            java.lang.invoke.VarHandle.fullFence();   // see signalling(): no wake-up may be lost
            if (parking) {
                onSignal.run();
            }
            return;
        }
        if (parking) {
            LockSupport.unpark(owner);
        }
    }
}
