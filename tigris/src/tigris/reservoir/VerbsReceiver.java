/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentLinkedQueue;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;
import jaguar.verbs.Access;
import jaguar.verbs.MemoryRegion;
import jaguar.verbs.QueuePair;
import jaguar.verbs.RdmaConnection;
import jaguar.verbs.RdmaListener;
import jaguar.verbs.ReceiveRequest;
import jaguar.verbs.SendRequest;
import jaguar.verbs.VerbsException;
import jaguar.verbs.WorkCompletions;
import tigris.AbstractConsumerEnd;
import tigris.ProducerEnd;
import tigris.ReservoirFailedException;
import tigris.Recycler;
import tigris.Water;

/**
 * The consumer's end of a verbs reservoir (doc/tigris.md, "Verbs reservoirs"): one registered
 * buffer per Water in the window, each with a receive posted, so the device writes every Water
 * straight into the buffer the consumer then reads its PSOs from: zero copy. When a Water taken
 * from here is released (by this consumer or, if passed on, further down the river), its buffer is
 * posted again and its credit goes back to the producer. Completions are polled by the
 * consumer's thread, in {@link #poll}. One consumer thread.
 */
public final class VerbsReceiver extends AbstractConsumerEnd {
    private static final long CONTROL_WR = -1;
    private static final long HELLO_WR = -3;
    /** How often an idle consumer asks rdma_cm whether the producer is still connected. */
    private static final long LIVENESS_NANOS = 20_000_000;

    private final RdmaConnection connection;
    /** The producer's window, agreed at the hello: Water buffers this end keeps posted. */
    private final int window;
    private final QueuePair qp;
    private final String peer;
    private final int waterSize;
    private final OffHeapBuffer memory;
    private final MemoryRegion region;
    private final ExternalBuffer[] slots;
    private final long base;
    private final ConcurrentLinkedQueue<Integer> recycled = new ConcurrentLinkedQueue<>();
    private final ArrayDeque<Water> inbox;
    private final ReceiveRequest receive = new ReceiveRequest();
    private final SendRequest control = new SendRequest();
    private final WorkCompletions completions = new WorkCompletions(32);
    /** Where received Waters' buffers come back, from any thread (a Water may be released downstream); the consumer's thread re-posts. */
    private final Recycler recycler = this::recycle;
    /** Consumer thread only: slots whose Water was released, or whose operation was credited back; re-posted when both. */
    private final boolean[] released;
    private final boolean[] credited;
    /** Consumer thread only: slots of Waters taken and not yet credited back, oldest first. */
    private final ArrayDeque<Integer> awaitingCredit = new ArrayDeque<>();
    private final int creditBatch;
    private int pendingCredits;
    private boolean endSeen;
    private boolean ended;
    private long received;
    private long lastLivenessCheck = System.nanoTime();
    private ReservoirFailedException failure;

    private VerbsReceiver(String name, RdmaConnection connection, int window, int waterSize) {
        super(name);
        this.window = window;
        this.connection = connection;
        this.qp = connection.queuePair();
        this.peer = connection.peer().toString();
        this.waterSize = waterSize;
        // window buffers for Waters and one for End of River, which needs no credit.
        int count = window + 1;
        this.memory = OffHeapBuffer.allocateShared((long) count * waterSize + VerbsProtocol.CONTROL);
        this.region = connection.protectionDomain().register(memory, Access.LOCAL_WRITE);
        this.slots = new ExternalBuffer[count];
        for (int i = 0; i < count; i++) {
            slots[i] = memory.slice((long) i * waterSize, waterSize);
        }
        this.base = slots[0].address();
        this.inbox = new ArrayDeque<>(count);
        this.released = new boolean[count];
        this.credited = new boolean[count];
        this.creditBatch = Math.max(1, window / 4);
    }

    /**
     * Accepts the producer of reservoir {@code expectedName} on {@code listener}, an end outside any
     * river: reads its hello, registers its window of Water buffers, posts a receive on each and
     * welcomes it. A peer that is not a verbs reservoir producer, introduces another reservoir or
     * one of a river, or asks for more than this end allows is refused, told why, and this end goes
     * on accepting until its own producer comes or {@code timeout} passes.
     *
     * @param listener where producers connect; this end takes one connection from it
     * @param expectedName the reservoir's name, which the producer's hello must say
     * @param maxWindow the largest window this end accepts (its queue depth), 1 to 4096
     * @param timeout how long to wait for a producer it takes
     * @return the consumer's end, its buffers posted and the producer welcomed
     * @throws IOException naming the listener and every peer refused, if no producer was taken
     *         within {@code timeout} or the listener failed
     * @throws IllegalArgumentException if {@code maxWindow} is out of range
     */
    public static VerbsReceiver accept(RdmaListener listener, String expectedName, int maxWindow, Duration timeout) throws IOException {
        return accept(listener, expectedName, null, null, null, maxWindow, timeout);
    }

    /**
     * As {@link #accept(RdmaListener, String, int, Duration)}, for an end of river attempt
     * {@code attempt} whose producer must prove the attempt's key {@code key} over this end's
     * fresh value {@code nonce} (all three null: an end outside any river). A producer that
     * does not (a stranger, another river or attempt, a stale one above all, another reservoir,
     * impossible sizes) is refused, told why, and this end goes on accepting until its own
     * producer comes or {@code timeout} passes.
     *
     * @param listener where producers connect; this end takes one connection from it
     * @param expectedName the reservoir's name, which the producer's hello must say
     * @param attempt the river attempt this end belongs to; null: none
     * @param key the attempt's key, which the producer's hello must prove and this end's welcome
     *        proves back; null exactly when {@code attempt} is
     * @param nonce this end's fresh value, which its endpoint gave the producer; null exactly when
     *        {@code key} is
     * @param maxWindow the largest window this end accepts (its queue depth), 1 to 4096
     * @param timeout how long to wait for a producer it takes
     * @return the consumer's end, its buffers posted and the producer welcomed
     * @throws IOException naming what was refused if no producer was taken within {@code timeout},
     *         or the listener failed
     * @throws IllegalArgumentException if {@code maxWindow} is out of range, or {@code attempt},
     *         {@code key} and {@code nonce} are not all null or all given
     */
    public static VerbsReceiver accept(RdmaListener listener, String expectedName, tigris.RiverAttempt attempt, tigris.AttemptKey key, byte[] nonce,
                    int maxWindow, Duration timeout) throws IOException {
        if (maxWindow < 1 || maxWindow > VerbsProtocol.MAX_WINDOW) {
            throw new IllegalArgumentException("maxWindow must be in 1.." + VerbsProtocol.MAX_WINDOW + ", got " + maxWindow);
        }
        if ((key == null) != (nonce == null) || (attempt == null) != (key == null)) {
            throw new IllegalArgumentException("reservoir " + expectedName + ": an end of a river attempt has its key and a fresh value, an end outside any river neither");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> refused = new ArrayList<>();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new IOException("reservoir " + expectedName + ": no producer connected on " + listener.address() + " within " + timeout.toMillis()
                                + " ms" + (refused.isEmpty() ? "" : "; refused: " + String.join("; ", refused)));
            }
            RdmaConnection c;
            try {
                c = listener.accept(VerbsSender.options(maxWindow), Duration.ofNanos(left));
            } catch (VerbsException e) {
                throw new IOException("reservoir " + expectedName + ": no producer connected on " + listener.address() + ": " + e.getMessage()
                                + (refused.isEmpty() ? "" : "; refused: " + String.join("; ", refused)), e);
            }
            String peer = c.peer().toString();
            VerbsProtocol.Hello hello;
            try (OffHeapBuffer helloBuffer = OffHeapBuffer.allocateShared(VerbsProtocol.CONTROL)) {
                MemoryRegion helloRegion = c.protectionDomain().register(helloBuffer, Access.LOCAL_WRITE);
                try {
                    c.queuePair().postReceive(new ReceiveRequest().into(helloRegion, 0, VerbsProtocol.CONTROL).id(HELLO_WR));
                    WorkCompletions wc = new WorkCompletions(1);
                    long helloDeadline = System.nanoTime() + Math.min(timeout.toNanos(), Math.max(left, 1_000_000_000L));
                    while (c.completionQueue().poll(wc) == 0) {
                        if (System.nanoTime() > helloDeadline) {
                            throw new IOException(peer + " sent no hello within " + timeout.toMillis() + " ms");
                        }
                        Thread.onSpinWait();
                    }
                    if (!wc.isSuccess(0) || VerbsProtocol.type(wc.immediate(0)) != VerbsProtocol.HELLO) {
                        throw new IOException(peer + " is not a Tigris verbs reservoir producer ("
                                + (wc.isSuccess(0) ? "message type " + VerbsProtocol.type(wc.immediate(0)) : WorkCompletionsText.of(wc, 0)) + ")");
                    }
                    hello = VerbsProtocol.Hello.read(helloBuffer, 0, wc.byteLength(0), peer);
                    String other = tigris.RiverAttempt.refusal(attempt, hello.attempt());
                    String refusal = other != null ? other
                            : !hello.name().equals(expectedName)
                            ? "this end expects reservoir '" + expectedName + "', not '" + hello.name() + "'"
                            : hello.window() < 1 || hello.window() > maxWindow ? "window " + hello.window() + " is not in 1.." + maxWindow
                            : hello.waterSize() < 1 || hello.waterSize() > VerbsProtocol.MAX_WATER ? "bad water size " + hello.waterSize()
                            : key != null && !MessageDigest.isEqual(hello.proof(), VerbsProtocol.helloProof(key, hello.signed(), nonce))
                            ? "the hello does not prove the river attempt's key: this end takes it only from a node of the attempt"
                            : null;
                    if (refusal != null) {
                        refuse(c, helloBuffer, helloRegion, refusal);
                        throw new IOException(refusal);
                    }
                } finally {
                    helloRegion.close();
                }
            } catch (IOException | RuntimeException e) {
                c.close();
                // A stranger or a producer of another attempt: refused, and this end waits on for its own.
                refused.add(peer + ": " + e.getMessage());
                System.err.println("reservoir " + expectedName + ": refused the producer at " + peer + ": " + e.getMessage());
                continue;
            }
            VerbsReceiver r;
            try {
                r = new VerbsReceiver(hello.name(), c, hello.window(), hello.waterSize());
                r.start(key == null ? new byte[0] : VerbsProtocol.welcomeProof(key, nonce, hello.proof()));
            } catch (RuntimeException e) {
                c.close();
                throw e;
            }
            return r;
        }
    }

    private static void refuse(RdmaConnection c, OffHeapBuffer buffer, MemoryRegion region, String why) {
        byte[] b = why.getBytes(StandardCharsets.UTF_8);
        int n = Math.min(b.length, VerbsProtocol.CONTROL);
        for (int i = 0; i < n; i++) {
            buffer.putByte(i, b[i]);
        }
        c.queuePair().postSend(new SendRequest().sendWithImmediate(region, 0, n, VerbsProtocol.imm(VerbsProtocol.WELCOME, 1)));
        WorkCompletions wc = new WorkCompletions(1);
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (c.completionQueue().poll(wc) == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
    }

    /** Posts every Water buffer, then welcomes the producer with this end's proof of the attempt's key (empty: none). */
    private void start(byte[] proof) {
        for (int i = 0; i < slots.length; i++) {
            post(i);
        }
        long welcome = (long) slots.length * waterSize;
        for (int i = 0; i < proof.length; i++) {
            memory.putByte(welcome + i, proof[i]);
        }
        qp.postSend(control.sendWithImmediate(region, welcome, proof.length, VerbsProtocol.imm(VerbsProtocol.WELCOME, 0)).id(CONTROL_WR));
    }

    private void post(int slot) {
        qp.postReceive(receive.into(region, (long) slot * waterSize, waterSize).id(slot));
    }

    @Override
    public Water poll() {
        if (ended) {
            return null;
        }
        repostRecycled();
        Water w = inbox.poll();
        if (w == null) {
            progress();
            w = inbox.poll();
        }
        if (w != null) {
            awaitingCredit.addLast((int) ((w.buffer().address() - base) / waterSize));
            return takeOver(w);
        }
        if (endSeen) {
            ended = true;
            return null;
        }
        if (failure != null) {
            throw failure.again();
        }
        checkLiveness();
        return null;
    }

    @Override
    public boolean isEnded() {
        return ended;
    }

    /**
     * The oldest Water taken and not credited has been processed: its buffer is posted again, and
     * its credit goes back, once it is released too (a Water passed on downstream still holds it).
     */
    @Override
    public void creditBack() {
        Integer slot = awaitingCredit.pollFirst();
        if (slot == null) {
            throw new IllegalStateException("reservoir " + name() + ": a credit back, but no Water taken from it awaits one");
        }
        credited[slot] = true;
        repostIfDone(slot);
        repostRecycled();
    }

    /**
     * Waters in flight at most, as agreed with the producer.
     *
     * @return the window the producer's hello asked for, 1 to the {@code maxWindow} this end accepted
     */
    public int window() {
        return window;
    }

    /**
     * Waters received so far: their receives completed, taken by the consumer or not.
     *
     * @return the count; the consumer's thread's own, which polls the completions
     */
    public long received() {
        return received;
    }

    /** Takes in the slots released since (from any thread), re-posts those whose operations are over, and sends credits in batches. */
    private void repostRecycled() {
        Integer slot;
        while ((slot = recycled.poll()) != null) {
            released[slot] = true;
            repostIfDone(slot);
        }
        if (pendingCredits >= creditBatch || pendingCredits > 0 && inbox.isEmpty()) {
            int n = pendingCredits;
            pendingCredits = 0;
            try {
                qp.postSend(control.sendWithImmediate(region, 0, 0, VerbsProtocol.imm(VerbsProtocol.CREDIT, n)).id(CONTROL_WR));
            } catch (VerbsException e) {
                fail("returning " + n + " credits failed", e);
            }
        }
    }

    private void recycle(ExternalBuffer[] buffers) {
        for (ExternalBuffer b : buffers) {
            long i = (b.address() - base) / waterSize;
            if (i >= 0 && i < slots.length && slots[(int) i] == b) {
                recycled.add((int) i);
            }
        }
    }

    /** Posts {@code slot}'s buffer again once its Water is both released and credited back. */
    private void repostIfDone(int slot) {
        if (released[slot] && credited[slot]) {
            released[slot] = false;
            credited[slot] = false;
            if (!endSeen && failure == null) {
                post(slot);
                pendingCredits++;
            }
        }
    }

    private void progress() {
        int n;
        try {
            n = connection.completionQueue().poll(completions);
        } catch (VerbsException e) {
            fail("polling completions failed", e);
            return;
        }
        for (int i = 0; i < n; i++) {
            if (!completions.isSuccess(i)) {
                if (!endSeen) {
                    fail(WorkCompletionsText.of(completions, i), null);
                }
                continue;
            }
            if (completions.opcode(i) != WorkCompletions.Opcode.RECV) {
                continue;   // a credit or welcome sent
            }
            int imm = completions.immediate(i);
            int slot = (int) completions.workRequestId(i);
            switch (VerbsProtocol.type(imm)) {
                case VerbsProtocol.DATA -> {
                    if (failure != null) {
                        continue;   // nothing counts after the producer's failure (or a broken reservoir)
                    }
                    Water w = new Water(recycler, slots[slot]);
                    w.setLength(completions.byteLength(i));
                    w.setKind((byte) VerbsProtocol.value(imm));
                    inbox.add(w);
                    received++;
                }
                case VerbsProtocol.END -> endSeen |= failure == null;
                case VerbsProtocol.FAILED -> {
                    int length = completions.byteLength(i);
                    if (failure != null || endSeen) {
                        continue;   // only the first end counts
                    }
                    if (length > ProducerEnd.MAX_CAUSE_BYTES) {
                        fail("protocol error: a failure's cause of " + length + " bytes, more than " + ProducerEnd.MAX_CAUSE_BYTES, null);
                        continue;
                    }
                    byte[] why = new byte[length];
                    slots[slot].get(0, why, 0, length);
                    failure = producerFailed(new String(why, java.nio.charset.StandardCharsets.UTF_8));
                    signalData();
                }
                default -> fail("protocol error: message type " + VerbsProtocol.type(imm) + " from the producer", null);
            }
        }
    }

    private void checkLiveness() {
        long now = System.nanoTime();
        if (now - lastLivenessCheck < LIVENESS_NANOS) {
            return;
        }
        lastLivenessCheck = now;
        if (!connection.isConnected()) {
            progress();   // what arrived before the disconnect still counts
            if (inbox.isEmpty() && !endSeen) {
                fail("the producer disconnected before End of River", null);
                throw failure.again();
            }
        }
    }

    private void fail(String what, Throwable cause) {
        if (failure == null) {
            failure = new ReservoirFailedException("reservoir " + name() + " from " + peer + ": " + what + " after " + received
                    + " Waters" + (cause == null ? "" : ": " + cause.getMessage()), cause);
        }
        signalData();
    }

    /** Disconnects and frees the buffers; Waters still held downstream become unusable (closed buffers). */
    @Override
    public void close() {
        connection.close();   // deregisters the region
        memory.close();
    }

    @Override
    public String toString() {
        return "VerbsReceiver[" + name() + " from " + peer + ", received " + received + (ended ? ", ended" : "") + "]";
    }
}
