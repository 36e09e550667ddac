/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * A completion channel ({@code struct ibv_comp_channel}): lets a thread sleep until an armed
 * completion queue has a completion, instead of polling.
 */
public final class CompletionChannel implements AutoCloseable {
    final VerbsContext context;
    private final MemorySegment channel;
    private volatile boolean closed;

    CompletionChannel(VerbsContext context, MemorySegment channel) {
        this.context = context;
        this.channel = channel.reinterpret(VerbsAbi.IBV_COMP_CHANNEL.byteSize());
    }

    /**
     * The channel's file descriptor, for event loops: it becomes readable when an armed queue has
     * a completion; {@link #awaitEvent} then returns without blocking. The channel owns it: do not
     * close it.
     *
     * @return the file descriptor to poll(2) or epoll on
     */
    public int fd() {
        return channel.get(JAVA_INT, VerbsAbi.CHANNEL_FD);
    }

    MemorySegment checkedChannel() {
        if (closed) {
            throw new IllegalStateException("completion channel is closed");
        }
        return channel;
    }

    /**
     * Blocks until an armed queue of this channel has a completion and returns that queue (an
     * event acknowledged, so the queue can be closed later). Re-arm the queue with
     * {@link CompletionQueue#requestNotification} before polling it empty, or events are lost.
     * Blocks in {@code ibv_get_cq_event} without a timeout (a virtual thread pins its carrier);
     * wait on {@link #fd()} first for a deadline.
     *
     * @param expected the queue the event must be for: this binding expects one armed queue per
     *                 channel
     * @return {@code expected}, now that its event has come
     * @throws IllegalStateException if the channel is closed, or the event was for another queue
     *         (that event is acknowledged and lost)
     * @throws VerbsException if {@code ibv_get_cq_event} fails
     */
    public CompletionQueue awaitEvent(CompletionQueue expected) {
        MemorySegment ch = checkedChannel();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cqOut = arena.allocate(ADDRESS);
            MemorySegment ctxOut = arena.allocate(ADDRESS);
            LibVerbs.Ibv.GET_CQ_EVENT.status("completion channel on " + context.deviceName(), ch, cqOut, ctxOut);
            MemorySegment cq = cqOut.get(ADDRESS, 0);
            LibVerbs.Ibv.ACK_CQ_EVENTS.plain(cq, 1);
            if (cq.address() != expected.cq.address()) {
                throw new IllegalStateException("event for another completion queue (0x" + Long.toHexString(cq.address()) + ")");
            }
            return expected;
        }
    }

    /**
     * Destroys the channel. Close the completion queues that use it first. Closing twice does
     * nothing.
     *
     * @throws VerbsException with EBUSY if a completion queue still uses the channel
     */
    @Override
    public synchronized void close() {
        if (!closed) {
            LibVerbs.Ibv.DESTROY_COMP_CHANNEL.status(context.deviceName() + " (close its completion queues first)", channel);
            closed = true;
        }
    }
}
