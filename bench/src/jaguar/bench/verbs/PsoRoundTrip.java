/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.verbs;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;

import jaguar.bench.pso.JavaNode;
import jaguar.bench.pso.MessageLists;
import jaguar.bench.pso.MessageNode;
import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSOContainer;
import jaguar.verbs.Access;
import jaguar.verbs.ConnectionOptions;
import jaguar.verbs.MemoryRegion;
import jaguar.verbs.QueuePair;
import jaguar.verbs.RdmaConnection;
import jaguar.verbs.RdmaListener;
import jaguar.verbs.ReceiveRequest;
import jaguar.verbs.SendRequest;
import jaguar.verbs.WorkCompletions;

/**
 * The thesis's Figure 9 over verbs: round trips of a list of NODES MessageNodes (the PSO-over-VIA
 * experiment's element, 32 bytes each). The client builds the list and sends it; the server
 * decodes it, adds one to every element's i0 and sends it back; the client decodes the reply and
 * checks it.
 *
 * <ul>
 * <li>{@code pso}: the list is PSOs in a container in registered memory. Sending is sending the
 *     container's bytes; the server reads and changes the PSOs where the device put them and sends
 *     the same bytes back; the client reads the reply in place. No copy and no encoding in Java.</li>
 * <li>{@code serialization}: the same list as Serializable JavaNodes, written with an
 *     ObjectOutputStream (one per message), copied into the registered buffer, and on the other
 *     side copied out and read with an ObjectInputStream; the server writes its reply the same way.</li>
 * </ul>
 *
 * <pre>  PsoRoundTrip server|client pso|serialization NODES ITERS ADDRESS PORT WARMUP_SECONDS</pre>
 * The client runs round trips unmeasured for at least WARMUP_SECONDS (the JIT's warm-up, until its
 * JVM is quiet: {@link WarmUp}), then ITERS measured, then sends a zero-length goodbye; it prints a
 * WARMUP line and {@code RESULT mode nodes bytes median_us p99_us} (the round trip).
 */
public final class PsoRoundTrip {
    static final int AREA = 1 << 16;

    public static void main(String[] args) throws Exception {
        boolean server = args[0].equals("server");
        boolean pso = args[1].equals("pso");
        int nodes = Integer.parseInt(args[2]);
        int iters = Integer.parseInt(args[3]);
        InetSocketAddress at = new InetSocketAddress(InetAddress.getByName(args[4]), Integer.parseInt(args[5]));
        long warmup = (long) (Double.parseDouble(args[6]) * 1e9);
        RdmaConnection c;
        RdmaListener listener = null;
        if (server) {
            listener = RdmaListener.bind(at, 1);
            c = listener.accept(ConnectionOptions.defaults(), Duration.ofMinutes(5));
        } else {
            c = connect(at);
        }
        try (OffHeapBuffer buf = OffHeapBuffer.allocateShared(3L * AREA)) {
            MemoryRegion mr = c.protectionDomain().register(buf, Access.LOCAL_WRITE);
            try {
                RoundTrip rt = new RoundTrip(c, buf, mr, nodes, pso);
                if (server) {
                    rt.serve();
                } else {
                    long[] t = rt.run(warmup, iters);
                    Arrays.sort(t);
                    System.out.printf("RESULT %s %d %d %.3f %.3f%n", args[1], nodes, rt.messageBytes, t[iters / 2] / 1e3,
                            t[(int) (iters * 0.99)] / 1e3);
                }
            } finally {
                mr.close();   // before the buffer: a registered buffer refuses to close
            }
        } finally {
            c.close();
            if (listener != null) {
                listener.close();
            }
        }
    }

    private static RdmaConnection connect(InetSocketAddress at) throws InterruptedException {
        return VerbsPerf.connectWithRetry(at, ConnectionOptions.defaults());
    }

    static final class RoundTrip {
        final QueuePair qp;
        final RdmaConnection c;
        final OffHeapBuffer buf;
        final MemoryRegion mr;
        final int nodes;
        final boolean pso;
        final SendRequest send = new SendRequest();
        final ReceiveRequest receive;
        final WorkCompletions wc = new WorkCompletions(1);
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(AREA);
        /** The send area (offset 0) as a container, for the PSO client. */
        final PSOContainer out;
        JavaNode javaList;
        int messageBytes;

        RoundTrip(RdmaConnection c, OffHeapBuffer buf, MemoryRegion mr, int nodes, boolean pso) {
            this.c = c;
            this.qp = c.queuePair();
            this.buf = buf;
            this.mr = mr;
            this.nodes = nodes;
            this.pso = pso;
            this.receive = new ReceiveRequest().into(mr, AREA, AREA);
            this.out = PSOContainer.format(buf, 0, AREA);
        }

        /**
         * Unmeasured round trips until the {@link WarmUp} is over (this JVM quiet), then
         * {@code iters} timed. The warm-up and the measured part run one method, so the measured
         * part starts in the code the warm-up compiled.
         */
        long[] run(long warmupNanos, int iters) throws IOException, ClassNotFoundException {
            long[] t = new long[iters];
            WarmUp warm = new WarmUp(warmupNanos, null);
            int seed = 0;
            do {
                roundTrips(t, 0, 1, -1 - (seed++ & 0xffff));   // unmeasured: negative seeds
            } while (!warm.over());
            roundTrips(t, 0, iters, 0);
            System.out.println(warm.report());
            qp.postSend(send.send(mr, 0, 0).signaled(true));   // goodbye
            awaitSend();
            return t;
        }

        /**
         * Round trips {@code from..to}, round trip i with seed {@code seed + i - from}, each timed
         * into {@code t[i]}. By System.nanoTime, not the TSC: a clock read in the test VM costs
         * about 1.5 us, a thousandth of these round trips.
         */
        private void roundTrips(long[] t, int from, int to, int seed) throws IOException, ClassNotFoundException {
            for (int i = from; i < to; i++) {
                long t0 = System.nanoTime();
                roundTrip(seed + i - from);
                t[i] = System.nanoTime() - t0;
            }
        }

        /** One message there and back, the reply checked. */
        private void roundTrip(int seed) throws IOException, ClassNotFoundException {
            qp.postReceive(receive);
            int len = pso ? buildPso(seed) : buildSerialized(seed);
            messageBytes = len;
            qp.postSend(send.send(mr, 0, len).signaled(true));
            int got = awaitReceiveAndSend();
            long sum = pso ? sumPso(AREA, got) : sumSerialized(AREA, got);
            // i0 of element k was seed + k, plus one from the server
            long expect = (long) nodes * seed + (long) nodes * (nodes - 1) / 2 + nodes;
            if (sum != expect) {
                throw new IllegalStateException("reply to message " + seed + ": sum " + sum + ", expected " + expect);
            }
        }

        /**
         * Two receive areas, always one posted: the client's next message never finds the server
         * without a receive (a receiver-not-ready retry costs milliseconds).
         */
        void serve() throws IOException, ClassNotFoundException {
            ReceiveRequest[] areas = {new ReceiveRequest().into(mr, AREA, AREA).id(0), new ReceiveRequest().into(mr, 2L * AREA, AREA).id(1)};
            qp.postReceive(areas[0]);
            qp.postReceive(areas[1]);
            while (true) {
                int got = awaitReceive();
                if (got == 0) {
                    return;   // the client's goodbye
                }
                int area = receivedArea;
                long at = (area + 1L) * AREA;
                int len;
                long offset;
                if (pso) {
                    // read and change the PSOs where the device wrote them, and send those very bytes back
                    PSOContainer in = PSOContainer.open(buf, at, got);
                    for (MessageNode n = in.root(MessageNode.class); n != null; n = n.next) {
                        n.i0 = n.i0 + 1;
                    }
                    len = got;
                    offset = at;
                } else {
                    JavaNode head = readSerialized(at, got);
                    for (JavaNode n = head; n != null; n = n.next) {
                        n.i0 = n.i0 + 1;
                    }
                    len = writeSerialized(head);
                    offset = 0;
                }
                qp.postSend(send.send(mr, offset, len).signaled(true));
                awaitSend();
                qp.postReceive(areas[area]);
            }
        }

        private int buildPso(int seed) {
            return (int) MessageLists.buildPso(out, nodes, seed).used();
        }

        private int buildSerialized(int seed) throws IOException {
            return writeSerialized(JavaNode.list(nodes, seed));
        }

        /** Serializes the list and copies it into the send area; returns its length. */
        private int writeSerialized(JavaNode head) throws IOException {
            bytes.reset();
            try (ObjectOutputStream o = new ObjectOutputStream(bytes)) {
                o.writeObject(head);
            }
            byte[] b = bytes.toByteArray();
            if (b.length > AREA) {
                throw new IllegalStateException("message of " + b.length + " bytes exceeds " + AREA);
            }
            buf.put(0, b, 0, b.length);
            return b.length;
        }

        private JavaNode readSerialized(long offset, int len) throws IOException, ClassNotFoundException {
            byte[] b = new byte[len];
            buf.get(offset, b, 0, len);
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b))) {
                return (JavaNode) in.readObject();
            }
        }

        private long sumPso(long offset, int len) {
            long s = 0;
            for (MessageNode n = PSOContainer.open(buf, offset, len).root(MessageNode.class); n != null; n = n.next) {
                s += n.i0;
            }
            return s;
        }

        private long sumSerialized(long offset, int len) throws IOException, ClassNotFoundException {
            long s = 0;
            for (JavaNode n = readSerialized(offset, len); n != null; n = n.next) {
                s += n.i0;
            }
            return s;
        }

        /** Waits for the reply and for the send's completion; returns the reply's length. */
        private int awaitReceiveAndSend() {
            int got = -1;
            boolean sent = false;
            while (got < 0 || !sent) {
                int k = c.completionQueue().poll(wc);
                for (int j = 0; j < k; j++) {
                    wc.checkSuccess(j);
                    if (wc.opcode(j) == WorkCompletions.Opcode.RECV) {
                        got = wc.byteLength(j);
                    } else {
                        sent = true;
                    }
                }
            }
            return got;
        }

        /** The area (wr_id) of the receive awaitReceive returned. */
        private int receivedArea;
        /** A receive that completed while the server awaited its send (the client is quick): its length, or -1. */
        private int stashedLength = -1;
        private int stashedArea;

        private int awaitReceive() {
            if (stashedLength >= 0) {
                int len = stashedLength;
                stashedLength = -1;
                receivedArea = stashedArea;
                return len;
            }
            while (true) {
                if (c.completionQueue().poll(wc) == 1) {
                    wc.checkSuccess(0);
                    if (wc.opcode(0) == WorkCompletions.Opcode.RECV) {
                        receivedArea = (int) wc.workRequestId(0);
                        return wc.byteLength(0);
                    }
                }
            }
        }

        private void awaitSend() {
            while (true) {
                if (c.completionQueue().poll(wc) == 1) {
                    wc.checkSuccess(0);
                    if (wc.opcode(0) == WorkCompletions.Opcode.SEND) {
                        return;
                    }
                    stashedLength = wc.byteLength(0);
                    stashedArea = (int) wc.workRequestId(0);
                }
            }
        }
    }
}
