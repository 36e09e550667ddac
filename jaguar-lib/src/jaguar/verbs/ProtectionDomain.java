/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import jaguar.ext.BufferPin;
import jaguar.ext.ExternalBuffer;

import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * A protection domain ({@code struct ibv_pd}): memory regions and queue pairs made in the same one
 * may be used together.
 */
public final class ProtectionDomain implements AutoCloseable {
    final VerbsContext context;
    final MemorySegment pd;
    private volatile boolean closed;
    /** Regions and queue pairs made here and still open: close() closes them first. */
    private final java.util.Set<AutoCloseable> children = java.util.concurrent.ConcurrentHashMap.newKeySet();

    ProtectionDomain(VerbsContext context, MemorySegment pd) {
        this.context = context;
        this.pd = pd;
    }

    /**
     * The device the domain belongs to.
     *
     * @return the context that allocated this domain
     */
    public VerbsContext context() {
        return context;
    }

    /**
     * Registers all of {@code buffer} with the device, zero copy: the device then reads and
     * writes the buffer's own memory. The buffer is pinned until the region is closed (closing
     * the buffer first throws), so the device can never write into freed memory.
     *
     * @param buffer the buffer to register, open and usable by this thread; all of it is
     *               registered (register a {@link ExternalBuffer#slice} for part of one)
     * @param access what the device may do with the memory; none means local reads only (sends
     *               and RDMA-write sources)
     * @return the open region, which keeps {@code buffer} pinned until it is closed
     * @throws IllegalArgumentException if remote write or atomic access is asked without local
     *         write, or write access for a read-only buffer
     * @throws IllegalStateException if this domain, its context or the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws VerbsException if {@code ibv_reg_mr} fails (ENOMEM: often {@code ulimit -l} too low)
     */
    public MemoryRegion register(ExternalBuffer buffer, Access... access) {
        checkOpen();
        int flags = Access.flags(access);
        if ((flags & (VerbsAbi.IBV_ACCESS_REMOTE_WRITE | VerbsAbi.IBV_ACCESS_REMOTE_ATOMIC)) != 0
                && (flags & VerbsAbi.IBV_ACCESS_LOCAL_WRITE) == 0) {
            throw new IllegalArgumentException("remote write or atomic access needs LOCAL_WRITE too (verbs rule)");
        }
        if (buffer.isReadOnly() && (flags & VerbsAbi.IBV_ACCESS_LOCAL_WRITE) != 0) {
            throw new IllegalArgumentException("a read-only buffer cannot be registered for writing: " + buffer);
        }
        long address = buffer.address();
        long size = buffer.size();
        String what = size + " bytes at 0x" + Long.toHexString(address) + " on " + context.deviceName();
        BufferPin pin = buffer.pin("RDMA memory region (" + what + ")");
        try {
            MemorySegment mr = LibVerbs.Ibv.REG_MR.pointer(what, pd, MemorySegment.ofAddress(address), size, flags)
                    .reinterpret(VerbsAbi.IBV_MR.byteSize());
            MemoryRegion region = new MemoryRegion(this, mr, buffer, pin, address, size, mr.get(JAVA_INT, VerbsAbi.MR_LKEY),
                    mr.get(JAVA_INT, VerbsAbi.MR_RKEY), flags);
            children.add(region);
            return region;
        } catch (RuntimeException e) {
            pin.close();
            throw e;
        }
    }

    /**
     * A reliable-connected queue pair sending and receiving through these completion queues (may
     * be the same), in RESET state: connect it with {@link QueuePair#connect}. Direct queue access
     * is tried as {@link QueuePairConfig#queueAccess()} says.
     *
     * @param config the queue pair's shape, not null
     * @param sendCq the completion queue of its send requests, open, made on this domain's device
     * @param receiveCq the completion queue of its receives, open, made on this domain's device;
     *                  may be {@code sendCq}
     * @return the new queue pair, closed with this domain if not before
     * @throws IllegalStateException if this domain, its context or either completion queue is
     *         closed
     * @throws VerbsException if {@code ibv_create_qp} fails (e.g. EINVAL or ENOMEM for a shape
     *         beyond the device's limits)
     * @throws UnsupportedOperationException if {@link QueueAccess#DIRECT} was asked for and is not
     *         possible (the message says why)
     */
    public QueuePair createQueuePair(QueuePairConfig config, CompletionQueue sendCq, CompletionQueue receiveCq) {
        checkOpen();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ia = config.initAttributes(arena, sendCq, receiveCq);
            MemorySegment qp = LibVerbs.Ibv.CREATE_QP.pointer(config + " on " + context.deviceName(), pd, ia);
            QueuePair q = new QueuePair(this, qp, sendCq, receiveCq, config, null);
            children.add(q);
            return q;
        }
    }

    void checkOpen() {
        if (closed) {
            throw new IllegalStateException("protection domain on " + context.deviceName() + " is closed");
        }
        context.checkOpen();
    }

    /** A region or queue pair made here was closed. */
    void closed(AutoCloseable child) {
        children.remove(child);
    }

    /** Registers a queue pair rdma_cm made in this domain, so that close() closes it first. */
    void adopt(QueuePair qp) {
        children.add(qp);
    }

    /**
     * Closes the queue pairs and deregisters the memory regions still open in this domain (their
     * buffers stay open, unpinned), then frees the domain. Pending work on them must be over.
     * Closing twice does nothing.
     *
     * @throws VerbsException if destroying a queue pair, deregistering a region or
     *         {@code ibv_dealloc_pd} fails (the domain then stays open)
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        // Queue pairs first: a region may not be deregistered under a queue pair still using it.
        for (AutoCloseable c : children.toArray(AutoCloseable[]::new)) {
            if (c instanceof QueuePair q) {
                q.close();
            }
        }
        for (AutoCloseable c : children.toArray(AutoCloseable[]::new)) {
            if (c instanceof MemoryRegion r) {
                r.close();
            }
        }
        LibVerbs.Ibv.DEALLOC_PD.status(context.deviceName(), pd);
        closed = true;
    }
}
