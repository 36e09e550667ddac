/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * An open RDMA device ({@code struct ibv_context}): queries, and the factory of protection
 * domains, completion channels and completion queues. Closing it closes the device; resources made
 * from it must be closed first (libibverbs reports EBUSY otherwise, as a {@link VerbsException}).
 * A context that rdma_cm opened for a connection belongs to the connection and is not closed here.
 */
public final class VerbsContext implements AutoCloseable {
    final MemorySegment context;
    final DataPath dataPath;
    private final String deviceName;
    private final boolean owned;
    private volatile boolean closed;

    VerbsContext(MemorySegment context, String deviceName, boolean owned) {
        this.context = context.reinterpret(VerbsAbi.IBV_CONTEXT.byteSize());
        this.deviceName = deviceName;
        this.owned = owned;
        this.dataPath = new DataPath(this.context);
    }

    /** The context rdma_cm opened for a connection's device; not owned. */
    static VerbsContext ofCm(MemorySegment context) {
        MemorySegment ctx = context.reinterpret(VerbsAbi.IBV_CONTEXT.byteSize());
        MemorySegment device = ctx.get(java.lang.foreign.ValueLayout.ADDRESS, VerbsAbi.CTX_DEVICE);
        return new VerbsContext(ctx, Verbs.describe(device).name(), false);
    }

    /**
     * The device's name, which messages about it carry.
     *
     * @return the name, e.g. {@code rxe0}
     */
    public String deviceName() {
        return deviceName;
    }

    /**
     * The device's firmware and limits ({@code ibv_query_device}).
     *
     * @return the attributes, queried now
     * @throws IllegalStateException if the context is closed
     * @throws VerbsException if the query fails
     */
    public DeviceAttributes queryDevice() {
        checkOpen();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocate(VerbsAbi.IBV_DEVICE_ATTR);
            LibVerbs.Ibv.QUERY_DEVICE.status(deviceName, context, a);
            byte[] fw = a.asSlice(VerbsAbi.DEVATTR_FW_VER, 64).toArray(JAVA_BYTE);
            int len = 0;
            while (len < fw.length && fw[len] != 0) {
                len++;
            }
            return new DeviceAttributes(new String(fw, 0, len, StandardCharsets.US_ASCII),
                    Long.reverseBytes(a.get(JAVA_LONG, VerbsAbi.DEVATTR_NODE_GUID)), a.get(JAVA_LONG, VerbsAbi.DEVATTR_MAX_MR_SIZE),
                    a.get(JAVA_INT, VerbsAbi.DEVATTR_VENDOR_ID), a.get(JAVA_INT, VerbsAbi.DEVATTR_VENDOR_PART_ID),
                    a.get(JAVA_INT, VerbsAbi.DEVATTR_MAX_QP), a.get(JAVA_INT, VerbsAbi.DEVATTR_MAX_QP_WR),
                    a.get(JAVA_INT, VerbsAbi.DEVATTR_MAX_SGE), a.get(JAVA_INT, VerbsAbi.DEVATTR_MAX_CQ),
                    a.get(JAVA_INT, VerbsAbi.DEVATTR_MAX_CQE), a.get(JAVA_INT, VerbsAbi.DEVATTR_MAX_MR),
                    a.get(JAVA_INT, VerbsAbi.DEVATTR_MAX_PD), a.get(JAVA_BYTE, VerbsAbi.DEVATTR_PHYS_PORT_CNT) & 0xff);
        }
    }

    /**
     * A port's state, MTU, LID and link layer ({@code ibv_query_port}).
     *
     * @param port the port number, from 1 to {@link DeviceAttributes#physicalPortCount()}
     * @return the attributes, queried now
     * @throws IllegalStateException if the context is closed
     * @throws IllegalArgumentException if {@code port} is not 1 to 255
     * @throws VerbsException if the query fails (e.g. EINVAL for a port the device lacks)
     */
    public PortAttributes queryPort(int port) {
        checkOpen();
        checkPort(port);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocate(VerbsAbi.IBV_PORT_ATTR);
            LibVerbs.Ibv.QUERY_PORT.status(deviceName + " port " + port, context, (byte) port, a);
            return new PortAttributes(a.get(JAVA_INT, VerbsAbi.PORT_STATE), a.get(JAVA_INT, VerbsAbi.PORT_MAX_MTU),
                    a.get(JAVA_INT, VerbsAbi.PORT_ACTIVE_MTU), a.get(JAVA_INT, VerbsAbi.PORT_GID_TBL_LEN),
                    Integer.toUnsignedLong(a.get(JAVA_INT, VerbsAbi.PORT_MAX_MSG_SZ)),
                    a.get(JAVA_SHORT, VerbsAbi.PORT_LID) & 0xffff, a.get(JAVA_BYTE, VerbsAbi.PORT_LINK_LAYER) & 0xff);
        }
    }

    /**
     * The GID at {@code index} of a port's GID table ({@code ibv_query_gid}).
     *
     * @param port the port number, from 1 to {@link DeviceAttributes#physicalPortCount()}
     * @param index the table index, from 0 to {@link PortAttributes#gidTableLength()} - 1
     * @return the GID; all zeros for an unused entry on some providers
     * @throws IllegalStateException if the context is closed
     * @throws IllegalArgumentException if {@code port} is not 1 to 255
     * @throws VerbsException if the query fails (an index past the table, or an empty entry on
     *         providers that report one as an error)
     */
    public Gid gid(int port, int index) {
        checkOpen();
        checkPort(port);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment g = arena.allocate(VerbsAbi.GID_SIZE, 8);
            LibVerbs.Ibv.QUERY_GID.status(deviceName + " port " + port + " index " + index, context, (byte) port, index, g);
            return new Gid(g.toArray(JAVA_BYTE));
        }
    }

    /**
     * The GID index to address this port by: on RoCE the first IPv4-mapped GID (RoCE v2 over
     * IPv4, routable), else index 0.
     *
     * @param port the port number, from 1
     * @return the GID index, for {@link QueuePair#localAddress} and {@link QueuePair#connect}
     * @throws IllegalStateException if the context is closed
     * @throws IllegalArgumentException if {@code port} is not 1 to 255
     * @throws VerbsException if a RoCE port has no IPv4 address yet, or the port query fails
     */
    public int defaultGidIndex(int port) {
        PortAttributes attrs = queryPort(port);
        if (!attrs.isEthernet()) {
            return 0;
        }
        for (int i = 0; i < attrs.gidTableLength(); i++) {
            Gid g;
            try {
                g = gid(port, i);
            } catch (VerbsException e) {
                continue;   // empty table entries answer EINVAL or ENODATA
            }
            if (g.ipv4() != null) {
                return i;
            }
        }
        throw new VerbsException("ibv_query_gid", deviceName + " port " + port
                + " has no IPv4-mapped GID: give its network interface an IPv4 address");
    }

    /**
     * A new protection domain on this device ({@code ibv_alloc_pd}), to register memory and make
     * queue pairs in.
     *
     * @return the domain; close it before this context
     * @throws IllegalStateException if the context is closed
     * @throws VerbsException if {@code ibv_alloc_pd} fails
     */
    public ProtectionDomain allocateProtectionDomain() {
        checkOpen();
        return new ProtectionDomain(this, LibVerbs.Ibv.ALLOC_PD.pointer(deviceName, context));
    }

    /**
     * A new completion channel ({@code ibv_create_comp_channel}), for threads that sleep until a
     * completion queue has work.
     *
     * @return the channel; pass it to {@link #createCompletionQueue}, close it after its queues
     * @throws IllegalStateException if the context is closed
     * @throws VerbsException if {@code ibv_create_comp_channel} fails
     */
    public CompletionChannel createCompletionChannel() {
        checkOpen();
        return new CompletionChannel(this, LibVerbs.Ibv.CREATE_COMP_CHANNEL.pointer(deviceName, context));
    }

    /**
     * A completion queue of at least {@code entries} entries; {@code channel} (may be null)
     * receives its events once {@link CompletionQueue#requestNotification} arms it. Polled directly
     * where possible ({@link QueueAccess#AUTO}).
     *
     * @param entries the least depth, at least 1: enough for every completion that may be
     *                outstanding on the queue pairs using it, or the queue overflows
     * @param channel the channel for its events, or null for none
     * @return the new queue
     * @throws IllegalStateException if the context or the channel is closed
     * @throws IllegalArgumentException if {@code entries} is less than 1
     * @throws VerbsException if {@code ibv_create_cq} fails (e.g. more entries than the device's
     *         {@link DeviceAttributes#maxCompletionQueueEntries()})
     */
    public CompletionQueue createCompletionQueue(int entries, CompletionChannel channel) {
        return createCompletionQueue(entries, channel, QueueAccess.AUTO);
    }

    /**
     * A completion queue polled as {@code access} says ({@link QueueAccess}).
     *
     * @param entries the least depth, at least 1: enough for every completion that may be
     *                outstanding on the queue pairs using it, or the queue overflows
     * @param channel the channel for its events, or null for none
     * @param access how polls reach the queue, not null
     * @return the new queue
     * @throws IllegalStateException if the context or the channel is closed
     * @throws IllegalArgumentException if {@code entries} is less than 1 or {@code access} is null
     * @throws VerbsException if {@code ibv_create_cq} fails (e.g. more entries than the device's
     *         {@link DeviceAttributes#maxCompletionQueueEntries()})
     * @throws UnsupportedOperationException if {@link QueueAccess#DIRECT} was asked for and is not
     *         possible (the message says why)
     */
    public CompletionQueue createCompletionQueue(int entries, CompletionChannel channel, QueueAccess access) {
        checkOpen();
        if (access == null) {
            throw new IllegalArgumentException("access is null (AUTO, PROVIDER or DIRECT)");
        }
        if (entries < 1) {
            throw new IllegalArgumentException("a completion queue needs at least 1 entry, not " + entries);
        }
        MemorySegment ch = channel == null ? MemorySegment.NULL : channel.checkedChannel();
        MemorySegment cq = LibVerbs.Ibv.CREATE_CQ.pointer(deviceName + " " + entries + " entries",
                context, entries, MemorySegment.NULL, ch, 0);
        return new CompletionQueue(this, cq, channel, access);
    }

    void checkOpen() {
        if (closed) {
            throw new IllegalStateException("verbs context of " + deviceName + " is closed");
        }
    }

    private void checkPort(int port) {
        if (port < 1 || port > 255) {
            throw new IllegalArgumentException("port numbers run from 1, not " + port);
        }
    }

    /**
     * Whether the context is still open.
     *
     * @return false once {@link #close()} has succeeded
     */
    public boolean isOpen() {
        return !closed;
    }

    /**
     * Closes the device ({@code ibv_close_device}); a context rdma_cm opened for a connection is
     * only marked closed. Close what was made from it first. Closing twice does nothing.
     *
     * @throws VerbsException if {@code ibv_close_device} fails (the context then stays open)
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        if (owned) {
            LibVerbs.Ibv.CLOSE_DEVICE.status(deviceName, context);
        }
        closed = true;
    }

    /**
     * The context for messages.
     *
     * @return the device name and whether closed
     */
    @Override
    public String toString() {
        return "VerbsContext[" + deviceName + (closed ? " closed" : "") + "]";
    }
}
