/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Reference;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * A reliable-connected queue pair ({@code struct ibv_qp}). Connect it either through rdma_cm
 * ({@link RdmaConnection}, which does the state changes) or by hand: exchange
 * {@link #localAddress} with the peer out of band and call {@link #connect}. {@link #postSend}
 * and {@link #postReceive} are the data path, no allocation: either one call through the
 * provider, or, with direct queue access ({@link QueueAccess}), stores into the rings the device
 * shares with this process. Safe for several threads, as the provider's calls are.
 */
public final class QueuePair implements AutoCloseable {
    /**
     * The receiver-not-ready delay this side asks of a sender that finds no receive posted, in the
     * IB encoding of {@code ibv_qp_attr.min_rnr_timer}: 12 is 0.64 ms. rdma_cm leaves it at 0, which
     * encodes the longest, 655 ms (the kernel's ib_cm sets 0 at RTR), so a receiver that falls
     * behind for a moment stalls its sender for two thirds of a second per NAK.
     */
    public static final int MIN_RNR_TIMER = 12;

    final ProtectionDomain pd;
    final MemorySegment qp;
    private final long address;
    private final int number;
    private final MethodHandle postSend;
    private final MethodHandle postRecv;
    /** The rings when posting directly, else null. */
    private final RxeSendQueue directSend;
    private final RxeReceiveQueue directReceive;
    /** Why posting goes through the provider (null when direct). */
    private final String providerReason;
    private final CompletionQueue sendCq;
    private final CompletionQueue receiveCq;
    private final QueuePairConfig config;
    /** The rdma_cm id that made this queue pair (it destroys it), or null. */
    private final MemorySegment cmId;
    boolean closed;

    QueuePair(ProtectionDomain pd, MemorySegment qp, CompletionQueue sendCq, CompletionQueue receiveCq,
              QueuePairConfig config, MemorySegment cmId) {
        this.pd = pd;
        this.qp = qp.reinterpret(VerbsAbi.IBV_QP.byteSize());
        this.address = qp.address();
        this.number = this.qp.get(JAVA_INT, VerbsAbi.QP_NUM);
        this.postSend = pd.context.dataPath.postSend;
        this.postRecv = pd.context.dataPath.postRecv;
        this.sendCq = sendCq;
        this.receiveCq = receiveCq;
        this.config = config;
        this.cmId = cmId;
        RxeQueueFinder.QueuePairRings rings = null;
        String reason = config.queueAccess().providerOnlyReason();
        if (reason == null) {
            try {
                rings = RxeQueueFinder.queuePair(pd.context, this.qp);
            } catch (RxeQueueFinder.Unavailable e) {
                if (config.queueAccess() == QueueAccess.DIRECT) {
                    close();
                    throw new UnsupportedOperationException("QP " + number + ": direct queue access is not possible: " + e.getMessage());
                }
                reason = e.getMessage();
            }
        }
        this.directSend = rings == null ? null : rings.send();
        this.directReceive = rings == null ? null : rings.receive();
        this.providerReason = reason;
    }

    /**
     * Which path posts take, fixed at creation.
     *
     * @return true if posts go straight into the device's rings ({@link QueueAccess}), false if
     *         they call the provider's {@code post_send} and {@code post_recv}
     */
    public boolean isDirect() {
        return directSend != null;
    }

    /**
     * Which path posts take and why, for logs and benchmark output.
     *
     * @return {@code "direct (rxe rings)"}, or {@code "provider calls: "} followed by the reason
     *         direct access was not used (asked for, or the check that failed)
     */
    public String queueAccessDescription() {
        return directSend != null ? "direct (rxe rings)" : "provider calls: " + providerReason;
    }

    /**
     * The queue pair number peers address ({@code ibv_qp.qp_num}).
     *
     * @return the number, 24 bits, unique on the device
     */
    public int number() {
        return number;
    }

    /**
     * The shape asked for at creation (the device may have rounded depths up).
     *
     * @return the config given to {@link ProtectionDomain#createQueuePair} or in
     *         {@link ConnectionOptions}
     */
    public QueuePairConfig config() {
        return config;
    }

    /**
     * Where completions of this queue pair's send requests go.
     *
     * @return the send completion queue given at creation
     */
    public CompletionQueue sendCompletionQueue() {
        return sendCq;
    }

    /**
     * Where completions of this queue pair's receives go.
     *
     * @return the receive completion queue given at creation (for an {@link RdmaConnection}, the
     *         same as the send one)
     */
    public CompletionQueue receiveCompletionQueue() {
        return receiveCq;
    }

    /**
     * This queue pair's address on {@code port}, for a peer's {@link #connect}: queries the port's
     * LID and the GID at {@code gidIndex}.
     *
     * @param port the device port to talk through, from 1
     * @param gidIndex the index of this port's GID to address it by
     *                 ({@link VerbsContext#defaultGidIndex})
     * @param packetSequenceNumber the first packet sequence number this side will send with, 24
     *                             bits; give the same to this side's {@link #connect}
     * @return the address to send to the peer
     * @throws IllegalArgumentException if {@code port} is not 1 to 255 or the sequence number
     *         does not fit in 24 bits
     * @throws IllegalStateException if the device context is closed
     * @throws VerbsException if the port or GID query fails (no such port or GID index)
     */
    public QueuePairAddress localAddress(int port, int gidIndex, int packetSequenceNumber) {
        VerbsContext ctx = pd.context;
        return new QueuePairAddress(number, packetSequenceNumber, ctx.queryPort(port).lid(), ctx.gid(port, gidIndex));
    }

    /**
     * Takes the queue pair through INIT, RTR and RTS to talk to {@code remote}: after this, sends
     * and RDMA operations flow. {@code remoteAccess} is what the peer may do to this side's memory
     * regions (besides what each region allows). Retries: 7 transport retries 67 ms apart, and
     * receiver-not-ready retries for ever; asks the peer for a receiver-not-ready delay of
     * {@link #MIN_RNR_TIMER}.
     *
     * @param port the device port to talk through, from 1
     * @param gidIndex the index of this port's GID to send from (the one in {@code local})
     * @param local this queue pair's address, as given to the peer (its sequence number is used)
     * @param remote the peer's address, as it gave it
     * @param remoteAccess what the peer may do to this side's regions: {@link Access#REMOTE_WRITE}
     *                     and {@link Access#REMOTE_READ} for RDMA targets; none for send and
     *                     receive only
     * @throws IllegalStateException if the queue pair or its device context is closed
     * @throws IllegalArgumentException if {@code port} is not 1 to 255
     * @throws VerbsException naming the state (INIT, RTR or RTS) whose change failed, e.g. for a
     *         queue pair already connected or a wrong port
     */
    public void connect(int port, int gidIndex, QueuePairAddress local, QueuePairAddress remote, Access... remoteAccess) {
        checkOpen();
        PortAttributes portAttrs = pd.context.queryPort(port);
        String who = "QP " + number + " -> QP " + remote.queuePairNumber();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocate(VerbsAbi.IBV_QP_ATTR);
            a.set(JAVA_INT, VerbsAbi.QPA_QP_STATE, VerbsAbi.IBV_QPS_INIT);
            a.set(JAVA_SHORT, VerbsAbi.QPA_PKEY_INDEX, (short) 0);
            a.set(JAVA_BYTE, VerbsAbi.QPA_PORT_NUM, (byte) port);
            a.set(JAVA_INT, VerbsAbi.QPA_QP_ACCESS_FLAGS, Access.flags(remoteAccess));
            modify(a, VerbsAbi.IBV_QP_STATE | VerbsAbi.IBV_QP_PKEY_INDEX | VerbsAbi.IBV_QP_PORT | VerbsAbi.IBV_QP_ACCESS_FLAGS,
                    who + " to INIT");

            a.fill((byte) 0);
            a.set(JAVA_INT, VerbsAbi.QPA_QP_STATE, VerbsAbi.IBV_QPS_RTR);
            a.set(JAVA_INT, VerbsAbi.QPA_PATH_MTU, portAttrs.activeMtu());
            a.set(JAVA_INT, VerbsAbi.QPA_DEST_QP_NUM, remote.queuePairNumber());
            a.set(JAVA_INT, VerbsAbi.QPA_RQ_PSN, remote.packetSequenceNumber());
            a.set(JAVA_BYTE, VerbsAbi.QPA_MAX_DEST_RD_ATOMIC, (byte) config.readsInFlight());
            a.set(JAVA_BYTE, VerbsAbi.QPA_MIN_RNR_TIMER, (byte) MIN_RNR_TIMER);
            a.set(JAVA_SHORT, VerbsAbi.QPA_AH_DLID, (short) remote.lid());
            a.set(JAVA_BYTE, VerbsAbi.QPA_AH_PORT_NUM, (byte) port);
            if (portAttrs.isEthernet() || !remote.gid().isZero() && remote.lid() == 0) {
                // RoCE routes by GID only; so does InfiniBand across subnets.
                a.set(JAVA_BYTE, VerbsAbi.QPA_AH_IS_GLOBAL, (byte) 1);
                MemorySegment.copy(MemorySegment.ofArray(remote.gid().bytes()), 0, a, VerbsAbi.QPA_AH_DGID, 16);
                a.set(JAVA_BYTE, VerbsAbi.QPA_AH_SGID_INDEX, (byte) gidIndex);
                a.set(JAVA_BYTE, VerbsAbi.QPA_AH_HOP_LIMIT, (byte) 64);
            }
            modify(a, VerbsAbi.IBV_QP_STATE | VerbsAbi.IBV_QP_AV | VerbsAbi.IBV_QP_PATH_MTU | VerbsAbi.IBV_QP_DEST_QPN
                    | VerbsAbi.IBV_QP_RQ_PSN | VerbsAbi.IBV_QP_MAX_DEST_RD_ATOMIC | VerbsAbi.IBV_QP_MIN_RNR_TIMER, who + " to RTR");

            a.fill((byte) 0);
            a.set(JAVA_INT, VerbsAbi.QPA_QP_STATE, VerbsAbi.IBV_QPS_RTS);
            a.set(JAVA_BYTE, VerbsAbi.QPA_TIMEOUT, (byte) 14);    // 4.096 us * 2^14 = 67 ms per retry
            a.set(JAVA_BYTE, VerbsAbi.QPA_RETRY_CNT, (byte) 7);
            a.set(JAVA_BYTE, VerbsAbi.QPA_RNR_RETRY, (byte) 7);   // 7 = retry for ever while the peer posts no receive
            a.set(JAVA_INT, VerbsAbi.QPA_SQ_PSN, local.packetSequenceNumber());
            a.set(JAVA_BYTE, VerbsAbi.QPA_MAX_RD_ATOMIC, (byte) config.readsInFlight());
            modify(a, VerbsAbi.IBV_QP_STATE | VerbsAbi.IBV_QP_TIMEOUT | VerbsAbi.IBV_QP_RETRY_CNT | VerbsAbi.IBV_QP_RNR_RETRY
                    | VerbsAbi.IBV_QP_SQ_PSN | VerbsAbi.IBV_QP_MAX_QP_RD_ATOMIC, who + " to RTS");
        }
    }

    /**
     * The receiver-not-ready delay this queue pair asks of its peer's sends, in the encoding of
     * {@link #MIN_RNR_TIMER} ({@code ibv_query_qp}).
     *
     * @return the encoded delay, 0 to 31 ({@link #MIN_RNR_TIMER} once connected by this binding)
     * @throws IllegalStateException if the queue pair is closed
     * @throws VerbsException if {@code ibv_query_qp} fails
     */
    public int minRnrTimer() {
        checkOpen();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocate(VerbsAbi.IBV_QP_ATTR);
            MemorySegment init = arena.allocate(VerbsAbi.IBV_QP_INIT_ATTR);
            LibVerbs.Ibv.QUERY_QP.status("QP " + number + " receiver-not-ready timer", qp, a, VerbsAbi.IBV_QP_MIN_RNR_TIMER, init);
            return Byte.toUnsignedInt(a.get(JAVA_BYTE, VerbsAbi.QPA_MIN_RNR_TIMER));
        }
    }

    /**
     * Gives a queue pair rdma_cm has taken to RTS the receiver-not-ready delay {@link #connect}
     * gives hand-connected ones, {@link #MIN_RNR_TIMER} (an RTS to RTS change, which allows exactly
     * this attribute).
     */
    void useMinRnrTimer(String what) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocate(VerbsAbi.IBV_QP_ATTR);
            a.set(JAVA_BYTE, VerbsAbi.QPA_MIN_RNR_TIMER, (byte) MIN_RNR_TIMER);
            modify(a, VerbsAbi.IBV_QP_MIN_RNR_TIMER, what + ": QP " + number + " receiver-not-ready timer");
        }
    }

    private void modify(MemorySegment attr, int mask, String what) {
        LibVerbs.Ibv.MODIFY_QP.status(what, qp, attr, mask);
    }

    /**
     * Posts one send-queue request (send, RDMA write or read). {@code request} may be changed and
     * posted again as soon as this returns: the device has copied it. The memory it names must
     * stay as it is until the request completes, unless it was sent inline.
     *
     * @param request the request, set up with an operation ({@link SendRequest#send} and the
     *                others) on a region of this queue pair's protection domain
     * @throws VerbsException with ENOMEM when the send queue is full, EINVAL when an inline send
     *         exceeds the queue pair's inline size, or another errno the provider or kernel gives
     * @throws IllegalStateException if the queue pair is closed, the request has no operation yet,
     *         or its memory region is closed
     */
    public void postSend(SendRequest request) {
        checkOpen();
        request.checkPostable();
        RxeSendQueue direct = directSend;
        int rc = direct != null ? direct.post(request) : post(postSend, request.wrAddress, request.badAddress);
        // The request's native memory is freed with it: keep it until the device has copied it.
        Reference.reachabilityFence(request);
        if (rc != 0) {
            throw postFailed(direct != null ? "post_send (direct rxe ring)" : "ibv_post_send", rc, "send");
        }
    }

    /**
     * Posts one receive buffer: the next send (or write with immediate) from the peer consumes
     * it. {@code request} may be changed and posted again as soon as this returns; the memory it
     * names must not be touched until the receive completes.
     *
     * @param request the request, set up with {@link ReceiveRequest#into} a region of this queue
     *                pair's protection domain
     * @throws VerbsException with ENOMEM when the receive queue is full, EINVAL while the queue
     *         pair is in RESET (not yet connected)
     * @throws IllegalStateException if the queue pair is closed, the request has no buffer yet, or
     *         its memory region is closed
     */
    public void postReceive(ReceiveRequest request) {
        checkOpen();
        request.checkPostable();
        RxeReceiveQueue direct = directReceive;
        int rc = direct != null ? direct.post(request) : post(postRecv, request.wrAddress, request.badAddress);
        Reference.reachabilityFence(request);
        if (rc != 0) {
            throw postFailed(direct != null ? "post_recv (direct rxe ring)" : "ibv_post_recv", rc, "receive");
        }
    }

    private int post(MethodHandle provider, long wr, long bad) {
        try {
            return (int) provider.invokeExact(address, wr, bad);
        } catch (Throwable t) {
            throw new AssertionError(t);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    private VerbsException postFailed(String call, int rc, String queue) {
        return new VerbsException(call, rc, "QP " + number + (rc == Errno.ENOMEM ? ": " + queue + " queue full" : ""));
    }

    void checkOpen() {
        if (closed) {
            throw new IllegalStateException("queue pair " + number + " is closed");
        }
    }

    /**
     * Destroys the queue pair; work still outstanding on it is dropped. Closing twice does nothing;
     * closing its protection domain or its connection closes it too.
     *
     * @throws VerbsException if {@code ibv_destroy_qp} fails
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        if (cmId != null) {
            LibVerbs.Cm.DESTROY_QP.plain(cmId);
        } else {
            LibVerbs.Ibv.DESTROY_QP.status("QP " + number, qp);
        }
        closed = true;
        pd.closed(this);
    }

    /**
     * The queue pair for messages.
     *
     * @return its number, device and whether closed
     */
    @Override
    public String toString() {
        return "QueuePair[" + number + " on " + pd.context.deviceName() + (closed ? " closed" : "") + "]";
    }
}
