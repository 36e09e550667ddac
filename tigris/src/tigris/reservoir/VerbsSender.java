/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;
import jaguar.verbs.Access;
import jaguar.verbs.ConnectionOptions;
import jaguar.verbs.MemoryRegion;
import jaguar.verbs.QueuePair;
import jaguar.verbs.QueuePairConfig;
import jaguar.verbs.RdmaConnection;
import jaguar.verbs.ReceiveRequest;
import jaguar.verbs.SendRequest;
import jaguar.verbs.VerbsException;
import jaguar.verbs.WorkCompletions;
import tigris.AbstractProducerEnd;
import tigris.ProducerEnd;
import tigris.ReservoirFailedException;
import tigris.Spring;
import tigris.Water;
import tigris.WaterPool;

/**
 * The producer's end of a verbs reservoir (doc/tigris.md, "Verbs reservoirs"): its
 * {@link #spring()} makes Waters in memory registered with the RDMA device, so a module builds
 * its PSOs where the device sends them from, and {@link #put} posts one send per Water, zero
 * copy. A Water's buffer comes back to the spring when its send completes. Credits are the
 * consumer's posted receive buffers; the consumer returns them as it re-posts. Completions are
 * polled by the producer's own thread, inside put, createWater and while waiting for credit: no
 * extra thread. One producer thread.
 */
public final class VerbsSender extends AbstractProducerEnd {
    private static final long CONTROL_WR = -1;
    private static final long END_WR = -2;

    private final RdmaConnection connection;
    private final QueuePair qp;
    private final String peer;
    private final int waterSize;
    private final OffHeapBuffer memory;
    private final MemoryRegion region;
    /** Where the control receives and the hello live: after the Water slots. */
    private final long controlBase;
    private final int controlBuffers;
    private final SlotSpring spring;
    private final AtomicInteger credits;
    private final SendRequest send = new SendRequest();
    private final ReceiveRequest controlReceive = new ReceiveRequest();
    private final WorkCompletions completions = new WorkCompletions(32);
    /** The Water each slot's send carries, until the send completes. */
    private final Water[] inFlight;
    private int inFlightCount;
    private boolean endPut;
    private boolean endCompleted;
    private long sent;
    private ReservoirFailedException failure;

    /** The river attempt this end belongs to (its hello says so), or null. */
    private final tigris.RiverAttempt attempt;
    /** The attempt's key, which the hello and the welcome prove, and the consumer's fresh value they cover (null: none). */
    private final tigris.AttemptKey key;
    private final byte[] nonce;

    private VerbsSender(String name, RdmaConnection connection, int window, int waterSize, tigris.RiverAttempt attempt, tigris.AttemptKey key,
                    byte[] nonce) {
        super(name, window);
        this.attempt = attempt;
        this.key = key;
        this.nonce = nonce;
        this.connection = connection;
        this.qp = connection.queuePair();
        this.peer = connection.peer().toString();
        this.waterSize = waterSize;
        int slots = 2 * window;
        this.controlBuffers = window + 4;
        this.controlBase = (long) slots * waterSize;
        // After the control receives, the hello's buffer, later the failure's cause (if any).
        this.memory = OffHeapBuffer.allocateShared(controlBase + (long) controlBuffers * VerbsProtocol.CONTROL
                        + Math.max(VerbsProtocol.CONTROL, ProducerEnd.MAX_CAUSE_BYTES));
        this.region = connection.protectionDomain().register(memory, Access.LOCAL_WRITE);
        this.spring = new SlotSpring(memory, slots, waterSize);
        this.inFlight = new Water[slots];
        this.credits = new AtomicInteger(0);
    }

    /**
     * Connects an end of no river ({@link #connect(String, InetSocketAddress, int, int, tigris.RiverAttempt, tigris.AttemptKey, byte[], Duration)}).
     *
     * @param name the reservoir's name, which the consumer's end must expect
     * @param to where the consumer's end accepts (its RDMA device's address and the listener's port)
     * @param window Waters in flight at most, 1 to 4096 (the consumer keeps that many buffers posted)
     * @param waterSize largest Water in bytes, 1 to 1 GiB
     * @param timeout how long connecting, and then the consumer's welcome, may each take
     * @return the producer's end, welcomed, with {@code window} credits
     * @throws IOException naming the peer if it cannot be reached, refuses the reservoir or does
     *         not answer in time
     * @throws IllegalArgumentException if {@code window} or {@code waterSize} is out of range, or
     *         {@code name} does not fit a hello (256 bytes in all)
     */
    public static VerbsSender connect(String name, InetSocketAddress to, int window, int waterSize, Duration timeout) throws IOException {
        return connect(name, to, window, waterSize, null, null, null, timeout);
    }

    /**
     * Connects to the consumer's end (a {@link VerbsReceiver} accepting on {@code to}) and
     * introduces this reservoir, of river attempt {@code attempt}, proving its key {@code key}
     * over the consumer's fresh value {@code nonce} from its endpoint (all three null: none): the
     * consumer refuses a producer of another attempt or without the key, and this end refuses a
     * consumer whose welcome does not prove the key.
     *
     * @param name the reservoir's name, which the consumer's end must expect
     * @param to where the consumer's end accepts (its RDMA device's address and the listener's port)
     * @param window Waters in flight at most, 1 to 4096 (the consumer keeps that many buffers posted)
     * @param waterSize largest Water in bytes, 1 to 1 GiB
     * @param attempt the river attempt this end belongs to; null: none
     * @param key the attempt's key, which the hello proves and the welcome must prove back; null
     *        exactly when {@code attempt} is
     * @param nonce the consumer's fresh value, from its endpoint; null exactly when {@code key} is
     * @param timeout how long connecting, and then the consumer's welcome, may each take
     * @return the producer's end, welcomed, with {@code window} credits
     * @throws IOException naming the peer if it cannot be reached, refuses the reservoir, does not
     *         answer in time or does not prove the key
     * @throws IllegalArgumentException if {@code window} or {@code waterSize} is out of range,
     *         {@code attempt}, {@code key} and {@code nonce} are not all null or all given, or the
     *         reservoir's and the river's names do not fit a hello (256 bytes in all)
     */
    public static VerbsSender connect(String name, InetSocketAddress to, int window, int waterSize, tigris.RiverAttempt attempt, tigris.AttemptKey key,
                    byte[] nonce, Duration timeout) throws IOException {
        if ((key == null) != (nonce == null) || (attempt == null) != (key == null)) {
            throw new IllegalArgumentException("reservoir " + name + ": an end of a river attempt has its key and the consumer's fresh value, an end outside any river neither");
        }
        if (window < 1 || window > VerbsProtocol.MAX_WINDOW || waterSize < 1 || waterSize > VerbsProtocol.MAX_WATER) {
            throw new IllegalArgumentException("reservoir " + name + ": window must be in 1.." + VerbsProtocol.MAX_WINDOW
                    + " and water size in 1.." + VerbsProtocol.MAX_WATER + "; got " + window + ", " + waterSize);
        }
        RdmaConnection c;
        try {
            c = RdmaConnection.connect(to, options(window), timeout);
        } catch (VerbsException e) {
            throw new IOException("reservoir " + name + ": cannot reach the consumer at " + to + ": " + e.getMessage(), e);
        }
        VerbsSender s = null;
        try {
            s = new VerbsSender(name, c, window, waterSize, attempt, key, nonce);
            s.introduce(timeout);
            return s;
        } catch (IOException | RuntimeException e) {
            if (s != null) {
                s.closeConnection();
            } else {
                c.close();
            }
            throw e;
        }
    }

    /** Queue depths for a window: a send per Water and per control message, a receive per credit message. */
    static ConnectionOptions options(int window) {
        return ConnectionOptions.of(QueuePairConfig.defaults().withDepth(2 * window + 4, window + 8));
    }

    private void introduce(Duration timeout) throws IOException {
        for (int i = 0; i < controlBuffers; i++) {
            qp.postReceive(controlReceive.into(region, controlBase + (long) i * VerbsProtocol.CONTROL, VerbsProtocol.CONTROL).id(i));
        }
        long hello = controlBase + (long) controlBuffers * VerbsProtocol.CONTROL;
        byte[] proof = VerbsProtocol.writeHello(memory, hello, name(), window(), waterSize, attempt, key, nonce);
        int length = VerbsProtocol.helloLength(name(), attempt, proof);
        qp.postSend(send.sendWithImmediate(region, hello, length, VerbsProtocol.imm(VerbsProtocol.HELLO, 0)).id(CONTROL_WR));
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            int n = connection.completionQueue().poll(completions);
            for (int i = 0; i < n; i++) {
                if (!completions.isSuccess(i)) {
                    throw new IOException("reservoir " + name() + ": introducing it to " + peer + " failed: "
                            + WorkCompletionsText.of(completions, i));
                }
                if (completions.opcode(i) == WorkCompletions.Opcode.RECV) {
                    int imm = completions.immediate(i);
                    int slot = (int) completions.workRequestId(i);
                    if (VerbsProtocol.type(imm) != VerbsProtocol.WELCOME) {
                        throw new IOException("reservoir " + name() + ": " + peer + " answered the hello with message type "
                                + VerbsProtocol.type(imm));
                    }
                    if (VerbsProtocol.value(imm) != 0) {
                        byte[] why = new byte[completions.byteLength(i)];
                        for (int k = 0; k < why.length; k++) {
                            why[k] = memory.getByte(controlBase + (long) slot * VerbsProtocol.CONTROL + k);
                        }
                        throw new IOException("reservoir " + name() + ": " + peer + " refused it: " + new String(why, StandardCharsets.UTF_8));
                    }
                    if (key != null) {
                        byte[] welcome = VerbsProtocol.bytes(memory, controlBase + (long) slot * VerbsProtocol.CONTROL, completions.byteLength(i));
                        if (!java.security.MessageDigest.isEqual(welcome, VerbsProtocol.welcomeProof(key, nonce, proof))) {
                            throw new IOException("reservoir " + name() + ": " + peer
                                            + "'s welcome does not prove the river attempt's key: it is not the node the agent named");
                        }
                    }
                    repostControl(slot);
                    credits.set(window());
                    return;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("reservoir " + name() + ": no welcome from " + peer + " within " + timeout.toMillis() + " ms");
            }
            Thread.onSpinWait();
        }
    }

    private void repostControl(int i) {
        qp.postReceive(controlReceive.into(region, controlBase + (long) i * VerbsProtocol.CONTROL, VerbsProtocol.CONTROL).id(i));
    }

    @Override
    public Spring spring() {
        return spring;
    }

    @Override
    public int credits() {
        return credits.get();
    }

    @Override
    public void put(Water w) throws InterruptedException {
        checkFailed();
        if (endPut) {
            throw new IllegalStateException("reservoir " + name() + ": put after End of River");
        }
        recordPut(w);
        int slot = spring.slotOf(w);
        if (slot < 0) {
            // Not one of ours (another spring, several buffers): one copy into a registered slot.
            int total = 0;
            for (int i = 0; i < w.bufferCount(); i++) {
                total = Math.addExact(total, w.length(i));
            }
            if (total > waterSize) {
                throw new IllegalArgumentException("reservoir " + name() + " carries Waters of up to " + waterSize
                        + " bytes; this one has " + total);
            }
            Water copy = copyIntoSlot(w, total);
            w.release();
            w = copy;
            slot = spring.slotOf(w);
        }
        int length = w.length();
        int kind = Byte.toUnsignedInt(w.kind());
        handOff(w);
        takeCredit(credits, this::progressOrFail);
        inFlight[slot] = w;
        inFlightCount++;
        try {
            qp.postSend(send.sendWithImmediate(region, spring.offsetOf(slot), length, VerbsProtocol.imm(VerbsProtocol.DATA, kind))
                    .id(slot));
        } catch (VerbsException e) {
            throw fail("posting Water " + (sent + 1) + " failed", e);
        }
        sent++;
        progress();
    }

    private Water copyIntoSlot(Water w, int total) throws InterruptedException {
        Water copy = createWaterWaiting(Math.max(1, total));
        copyBytes(w, copy);
        return copy;
    }

    /** A Water from a free slot, polling completions (and waiting) until a send frees one. */
    private Water createWaterWaiting(int size) throws InterruptedException {
        while (true) {
            Water w = spring.tryCreate(size);
            if (w != null) {
                return w;
            }
            if (inFlightCount == 0) {
                throw new IllegalStateException("reservoir " + name() + ": all " + inFlight.length
                        + " send buffers are held by Waters not yet put or released");
            }
            progressOrFail();
            pause(50_000);
        }
    }

    @Override
    public void endOfRiver() {
        if (endPut || failure != null) {
            return;
        }
        endPut = true;
        try {
            // The consumer keeps one receive beyond the window for this: it needs no credit.
            qp.postSend(send.sendWithImmediate(region, 0, 0, VerbsProtocol.imm(VerbsProtocol.END, 0)).id(END_WR));
        } catch (VerbsException e) {
            throw fail("sending End of River failed", e);
        }
    }

    /**
     * Sends the producer's failure in place of End of River, from the buffer the hello used (long
     * sent), into the consumer's spare receive, as End of River would go.
     */
    @Override
    public void endWithFailure(String cause) {
        if (endPut || failure != null) {
            return;
        }
        endPut = true;
        byte[] why = causeBytes(cause, waterSize);   // into one of the consumer's Water buffers
        int n = why.length;
        long at = controlBase + (long) controlBuffers * VerbsProtocol.CONTROL;
        memory.put(at, why, 0, n);
        try {
            qp.postSend(send.sendWithImmediate(region, at, n, VerbsProtocol.imm(VerbsProtocol.FAILED, 0)).id(END_WR));
        } catch (VerbsException e) {
            fail("sending the producer's failure failed", e);   // the consumer then sees the disconnect
        }
    }

    /**
     * Waters put so far: each posted as a send, completed or not.
     *
     * @return the count; the producer's thread's own
     */
    public long sent() {
        return sent;
    }

    private void progressOrFail() {
        checkFailed();
        progress();
        if (credits.get() == 0 && !connection.isConnected()) {
            throw fail("the consumer disconnected", null);
        }
    }

    /** Polls completions: finished sends give their slots back, credit messages add credits. */
    private void progress() {
        int n;
        try {
            n = connection.completionQueue().poll(completions);
        } catch (VerbsException e) {
            throw fail("polling completions failed", e);
        }
        for (int i = 0; i < n; i++) {
            if (!completions.isSuccess(i)) {
                throw fail(WorkCompletionsText.of(completions, i), null);
            }
            long id = completions.workRequestId(i);
            if (completions.opcode(i) == WorkCompletions.Opcode.RECV) {
                int imm = completions.immediate(i);
                if (VerbsProtocol.type(imm) != VerbsProtocol.CREDIT || VerbsProtocol.value(imm) > window()) {
                    throw fail("protocol error: message type " + VerbsProtocol.type(imm) + " value " + VerbsProtocol.value(imm)
                            + " from the consumer", null);
                }
                repostControl((int) id);
                credits.addAndGet(VerbsProtocol.value(imm));
                signalCredit();
            } else if (id >= 0) {
                Water w = reclaim(inFlight[(int) id]);
                inFlight[(int) id] = null;
                inFlightCount--;
                w.release();   // the slot goes back to the spring
            } else if (id == END_WR) {
                endCompleted = true;
            }
        }
    }

    private void checkFailed() {
        ReservoirFailedException f = failure;
        if (f != null) {
            throw f.again();
        }
    }

    private ReservoirFailedException fail(String what, Throwable cause) {
        if (failure == null) {
            failure = new ReservoirFailedException("reservoir " + name() + " to " + peer + ": " + what + " after " + sent
                    + " Waters" + (cause == null ? "" : ": " + cause.getMessage()), cause);
        }
        signalCredit();
        return failure;
    }

    /**
     * After End of River: waits (up to 30 s) until every send has completed, so no Water is lost
     * in a queue torn down under it; then disconnects and frees the buffers.
     */
    @Override
    public void close() {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (endPut && failure == null && (inFlightCount > 0 || !endCompleted) && System.nanoTime() < deadline) {
            try {
                progress();
            } catch (ReservoirFailedException e) {
                break;
            }
            Thread.onSpinWait();
        }
        closeConnection();
    }

    private void closeConnection() {
        connection.close();   // deregisters the region
        memory.close();
        spring.overflow.drain();
    }

    @Override
    public String toString() {
        return "VerbsSender[" + name() + " to " + peer + ", credits " + credits() + "/" + window() + ", sent " + sent + "]";
    }

    /** The spring of a verbs sender: Waters in its registered slots. */
    static final class SlotSpring implements Spring {
        private final ExternalBuffer[] slots;
        private final int waterSize;
        private final long base;
        private final ConcurrentLinkedQueue<Integer> free = new ConcurrentLinkedQueue<>();
        /** For Waters asked for while every slot is in flight. */
        final WaterPool overflow;

        SlotSpring(ExternalBuffer memory, int count, int waterSize) {
            this.overflow = new WaterPool(waterSize, 2);
            this.slots = new ExternalBuffer[count];
            this.waterSize = waterSize;
            for (int i = 0; i < count; i++) {
                slots[i] = memory.slice((long) i * waterSize, waterSize);
                free.add(i);
            }
            this.base = slots[0].address();
        }

        @Override
        public Water createWater(int size) {
            Water w = tryCreate(size);
            // Every slot is in flight: an ordinary Water, copied into a slot at put (which waits for one).
            return w != null ? w : overflow.createWater(size);
        }

        Water tryCreate(int size) {
            if (size < 1 || size > waterSize) {
                throw new IllegalArgumentException("this spring makes Waters of up to " + waterSize + " bytes; asked for " + size);
            }
            Integer slot = free.poll();
            return slot == null ? null : new Water(this, slots[slot]);
        }

        /** The slot of a single-buffer Water made here, else -1. */
        int slotOf(Water w) {
            if (w.bufferCount() != 1) {
                return -1;
            }
            ExternalBuffer b = w.buffer();
            long i = (b.address() - base) / waterSize;
            return i >= 0 && i < slots.length && slots[(int) i] == b ? (int) i : -1;
        }

        long offsetOf(int slot) {
            return (long) slot * waterSize;
        }

        @Override
        public void recycle(ExternalBuffer[] buffers) {
            for (ExternalBuffer b : buffers) {
                long i = (b.address() - base) / waterSize;
                if (i >= 0 && i < slots.length && slots[(int) i] == b) {
                    free.add((int) i);
                }
            }
        }
    }
}
