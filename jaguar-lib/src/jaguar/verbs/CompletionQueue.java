/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Reference;

/**
 * A completion queue ({@code struct ibv_cq}). {@link #poll} is the data path, no allocation:
 * one call through the provider's poll_cq, or, with direct queue access ({@link QueueAccess}),
 * a copy out of the ring the device shares with this process. Safe for several threads.
 */
public final class CompletionQueue implements AutoCloseable {
    final VerbsContext context;
    final MemorySegment cq;
    private final long address;
    private final MethodHandle pollCq;
    private final MethodHandle reqNotifyCq;
    private final CompletionChannel channel;
    /** The ring when polling directly, else null. */
    private final RxeCompletionQueue direct;
    /** Why polling goes through the provider (null when direct). */
    private final String providerReason;
    boolean closed;

    CompletionQueue(VerbsContext context, MemorySegment cq, CompletionChannel channel, QueueAccess access) {
        this.context = context;
        this.cq = cq.reinterpret(VerbsAbi.IBV_CQ.byteSize());
        this.address = cq.address();
        this.pollCq = context.dataPath.pollCq;
        this.reqNotifyCq = context.dataPath.reqNotifyCq;
        this.channel = channel;
        RxeCompletionQueue ring = null;
        String reason = access.providerOnlyReason();
        if (reason == null) {
            try {
                ring = RxeQueueFinder.completionQueue(context, this.cq);
            } catch (RxeQueueFinder.Unavailable e) {
                if (access == QueueAccess.DIRECT) {
                    close();
                    throw new UnsupportedOperationException("completion queue on " + context.deviceName()
                            + ": direct queue access is not possible: " + e.getMessage());
                }
                reason = e.getMessage();
            }
        }
        this.direct = ring;
        this.providerReason = reason;
    }

    /**
     * Which path polls take, fixed at creation.
     *
     * @return true if polls read the device's ring directly ({@link QueueAccess}), false if they
     *         call the provider's {@code poll_cq}
     */
    public boolean isDirect() {
        return direct != null;
    }

    /**
     * Which path polls take and why, for logs and benchmark output.
     *
     * @return {@code "direct (rxe ring)"}, or {@code "provider calls: "} followed by the reason
     *         direct access was not used (asked for, or the check that failed)
     */
    public String queueAccessDescription() {
        return direct != null ? "direct (rxe ring)" : "provider calls: " + providerReason;
    }

    /**
     * The queue's depth ({@code ibv_cq.cqe}).
     *
     * @return the number of entries the device gave the queue: at least what was asked for
     */
    public int entries() {
        return cq.get(java.lang.foreign.ValueLayout.JAVA_INT, VerbsAbi.CQ_CQE);
    }

    /**
     * Moves up to {@code into.capacity()} completions into {@code into}, oldest first, and sets
     * {@code into.count()}. Does not block, allocates nothing.
     *
     * @param into where the completions go; its previous contents are overwritten
     * @return how many completions were moved, 0 if none is ready
     * @throws IllegalStateException if the queue is closed
     * @throws VerbsException if the provider reports an error ({@code into.count()} is then 0)
     */
    public int poll(WorkCompletions into) {
        checkOpen();
        int n;
        RxeCompletionQueue ring = direct;
        try {
            n = ring != null ? ring.poll(into.capacity, into.address) : (int) pollCq.invokeExact(address, into.capacity, into.address);
        } catch (Throwable t) {
            throw new AssertionError(t);
        } finally {
            Reference.reachabilityFence(into);
        }
        if (n < 0) {
            into.count = 0;
            throw new VerbsException("ibv_poll_cq", "the completion queue of " + context.deviceName() + " failed (" + n + ")");
        }
        into.count = n;
        return n;
    }

    /**
     * Polls until at least one completion arrives, spinning ({@link Thread#onSpinWait()}) without
     * a timeout: for latency-critical loops. Threads that may wait long sleep on a
     * {@link CompletionChannel} instead.
     *
     * @param into where the completions go, as for {@link #poll}
     * @return how many completions were moved, at least 1
     * @throws IllegalStateException if the queue is closed
     * @throws VerbsException if the provider reports an error
     */
    public int pollBlocking(WorkCompletions into) {
        int n;
        while ((n = poll(into)) == 0) {
            Thread.onSpinWait();
        }
        return n;
    }

    /**
     * Arms the queue: its channel gets an event at the next completion (the next solicited one
     * if {@code solicitedOnly}). One event per arming: arm again after each event, before
     * polling the queue empty.
     *
     * @param solicitedOnly true to be woken only by completions of solicited sends
     *                      ({@link SendRequest#solicited}) and by errors, false for every completion
     * @throws IllegalStateException if the queue is closed or was made without a completion channel
     * @throws VerbsException if {@code ibv_req_notify_cq} fails
     */
    public void requestNotification(boolean solicitedOnly) {
        checkOpen();
        if (channel == null) {
            throw new IllegalStateException("completion queue has no completion channel to notify");
        }
        int rc;
        try {
            rc = (int) reqNotifyCq.invokeExact(address, solicitedOnly ? 1 : 0);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        if (rc != 0) {
            throw new VerbsException("ibv_req_notify_cq", rc, context.deviceName());
        }
    }

    /**
     * The channel this queue's events go to.
     *
     * @return the channel given at creation, or null if the queue has none
     */
    public CompletionChannel channel() {
        return channel;
    }

    void checkOpen() {
        if (closed) {
            throw new IllegalStateException("completion queue is closed");
        }
    }

    /**
     * Destroys the queue. Close the queue pairs that use it first. Closing twice does nothing.
     *
     * @throws VerbsException with EBUSY if a queue pair still uses the queue
     */
    @Override
    public synchronized void close() {
        if (!closed) {
            LibVerbs.Ibv.DESTROY_CQ.status(context.deviceName() + " (close its queue pairs first)", cq);
            closed = true;
        }
    }
}
