/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * An rdma_cm event channel: where connection events of its ids arrive. {@link #await} waits for
 * one with a deadline ({@link FdPoll} on the channel's fd, since rdma_get_cm_event itself blocks for
 * ever), acknowledges it, and turns error events into exceptions that say what failed.
 */
final class CmEventChannel implements AutoCloseable {
    final MemorySegment channel;
    private boolean closed;

    CmEventChannel() {
        channel = LibVerbs.Cm.CREATE_EVENT_CHANNEL.pointer("").reinterpret(VerbsAbi.RDMA_EVENT_CHANNEL.byteSize());
    }

    /** One event as received: its type, status, the id it concerns (for a connect request: the new id). */
    record Event(int type, int status, MemorySegment id, MemorySegment listenId, int privateDataLength) {
        String typeName() {
            return ((MemorySegment) LibVerbs.Cm.EVENT_STR.plain(type)).reinterpret(64).getString(0);
        }
    }

    /** True if an event is ready now. */
    boolean ready() {
        return pollFd(0, "rdma_cm events");
    }

    /**
     * The next event, which must be {@code expected}; any other is an error naming {@code what}.
     *
     * @throws VerbsException on a timeout (ETIMEDOUT) or an unexpected event
     */
    Event await(int expected, Duration timeout, String what) {
        Event e = next(timeout, what);
        if (e.type() != expected) {
            String why = switch (e.type()) {
                case VerbsAbi.RDMA_CM_EVENT_REJECTED -> "rejected by the peer (nothing listening there?)";
                case VerbsAbi.RDMA_CM_EVENT_UNREACHABLE -> "peer unreachable";
                case VerbsAbi.RDMA_CM_EVENT_ADDR_ERROR -> "no RDMA device reaches that address";
                case VerbsAbi.RDMA_CM_EVENT_ROUTE_ERROR -> "no route";
                case VerbsAbi.RDMA_CM_EVENT_CONNECT_ERROR -> "connection failed";
                case VerbsAbi.RDMA_CM_EVENT_DISCONNECTED -> "peer disconnected";
                case VerbsAbi.RDMA_CM_EVENT_DEVICE_REMOVAL -> "RDMA device removed";
                default -> "unexpected event";
            };
            String status = e.status() == 0 ? "" : ", status " + (e.status() < 0 ? Errno.describe(-e.status()) : e.status());
            throw new VerbsException("rdma_cm", what + ": " + why + " (" + e.typeName() + status + ")");
        }
        return e;
    }

    Event next(Duration timeout, String what) {
        checkOpen();
        if (!pollFd(timeout.toMillis(), what)) {
            throw new VerbsException("rdma_get_cm_event", Errno.ETIMEDOUT, what + ": no event within " + timeout.toMillis() + " ms");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ADDRESS);
            LibVerbs.Cm.GET_CM_EVENT.status(what, channel, out);
            MemorySegment ev = out.get(ADDRESS, 0).reinterpret(VerbsAbi.RDMA_CM_EVENT.byteSize());
            Event e = new Event(ev.get(JAVA_INT, VerbsAbi.CMEV_EVENT), ev.get(JAVA_INT, VerbsAbi.CMEV_STATUS),
                    ev.get(ADDRESS, VerbsAbi.CMEV_ID), ev.get(ADDRESS, VerbsAbi.CMEV_LISTEN_ID),
                    ev.get(java.lang.foreign.ValueLayout.JAVA_BYTE, VerbsAbi.CMEV_PRIVATE_DATA_LEN) & 0xff);
            LibVerbs.Cm.ACK_CM_EVENT.status(what, ev);
            return e;
        }
    }

    private boolean pollFd(long millis, String what) {
        return FdPoll.readable(channel.get(JAVA_INT, VerbsAbi.EVCH_FD), millis, what);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("rdma_cm event channel closed");
        }
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            LibVerbs.Cm.DESTROY_EVENT_CHANNEL.plain(channel);
        }
    }
}
