package tigris;

import java.util.concurrent.locks.LockSupport;

/**
 * How one thread waits on reservoir ends: it parks, the other side of a reservoir unparks it, and
 * after every park it gives up if it was interrupted or its {@link StopCheck} says stop. A
 * ModuleThread attaches one Parker to each of its ends before it first looks at them, so that a
 * wake-up is never lost and a stop ends any wait inside a reservoir; reservoirs know nothing
 * else of who waits on them.
 */
public final class Parker {
    private final Thread owner;
    private final StopCheck stop;

    public Parker(Thread owner, StopCheck stop) {
        this.owner = java.util.Objects.requireNonNull(owner, "owner");
        this.stop = java.util.Objects.requireNonNull(stop, "stop");
    }

    /** A Parker of the calling thread that only an interrupt stops: for a thread outside any river. */
    public static Parker forCurrentThread() {
        return new Parker(Thread.currentThread(), StopCheck.NEVER);
    }

    /** The thread that parks. */
    public Thread owner() {
        return owner;
    }

    /**
     * Parks the calling thread, which must be the owner, at most {@code nanos}; it wakes early when
     * unparked.
     *
     * @throws InterruptedException if the thread was interrupted or its stop check says stop
     */
    public void park(long nanos) throws InterruptedException {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("parker of " + owner.getName() + " used by " + Thread.currentThread().getName());
        }
        LockSupport.parkNanos(nanos);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        if (stop.stopRequested()) {
            throw new InterruptedException("module thread stopped");
        }
    }

    /** Wakes the owner if it parks (or makes its next park return at once). */
    public void unpark() {
        LockSupport.unpark(owner);
    }
}
