package jaguar.bench.verbs;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;

import jaguar.ext.OffHeapBuffer;
import jaguar.mapping.CodeMappings;
import jaguar.memory.NativeMemory;
import jaguar.verbs.Access;
import jaguar.verbs.CompletionQueue;
import jaguar.verbs.ConnectionOptions;
import jaguar.verbs.MemoryRegion;
import jaguar.verbs.QueuePair;
import jaguar.verbs.QueuePairConfig;
import jaguar.verbs.RdmaConnection;
import jaguar.verbs.RdmaListener;
import jaguar.verbs.ReceiveRequest;
import jaguar.verbs.RemoteBuffer;
import jaguar.verbs.SendRequest;
import jaguar.verbs.WorkCompletions;

/**
 * Java counterparts of perftest's ib_send_lat, ib_send_bw and ib_write_bw, with the same
 * protocol and defaults (rdma_cm connection, 128 sends in flight, a completion every 100 sends
 * for bandwidth), so that bench/tools/verbs-perf.sh can run each beside the C tool on the same
 * device and compare. Latency sends are inline up to -Djaguar.bench.inline bytes (default 0):
 * perftest turns inline off on devices it does not know to support it, rxe among them, and the
 * script passes both sides the same number. The queue pair's {@link jaguar.verbs.QueueAccess} is
 * the binding's default (AUTO: direct on rxe); -Djaguar.verbs.queueAccess=provider selects the
 * provider's calls.
 *
 * <pre>
 *   VerbsPerf server|client send_lat|send_bw|write_bw SIZE ITERS ADDRESS PORT WARMUP_SECONDS
 * </pre>
 *
 * The client prints one line: {@code RESULT test size iters typical_us avg_us p99_us} (latency:
 * half the round trip) or {@code RESULT test size iters MB_per_s Mpps}. The client first runs the
 * test for WARMUP_SECONDS unmeasured (C needs no warm-up, the JIT does: under emulation Graal takes
 * minutes; with -Djaguar.mapping.strict=true it goes on until no code mapping's Java body runs, see
 * {@link WarmUp}), then ITERS measured; it ends the run with a zero-length send, so the server needs
 * no count.
 */
public final class VerbsPerf {
    static final int INLINE = Integer.getInteger("jaguar.bench.inline", 0);
    /** -Djaguar.bench.clocks=true: a CLOCKS line (its two TSC reads count as Java bodies in the measured part). */
    static final boolean CLOCKS = Boolean.getBoolean("jaguar.bench.clocks");
    static final int TX_DEPTH = 128;
    static final int RX_DEPTH = 512;
    static final int CQ_MOD = 100;

    public static void main(String[] args) throws Exception {
        boolean server = args[0].equals("server");
        String test = args[1];
        int size = Integer.parseInt(args[2]);
        int iters = Integer.parseInt(args[3]);
        InetSocketAddress at = new InetSocketAddress(InetAddress.getByName(args[4]), Integer.parseInt(args[5]));
        long warmup = (long) (Double.parseDouble(args[6]) * 1e9);
        QueuePairConfig qp = new QueuePairConfig(TX_DEPTH, RX_DEPTH, 1, 1, test.equals("send_lat") ? INLINE : 0, 4, false);
        ConnectionOptions opts = new ConnectionOptions(qp, TX_DEPTH + RX_DEPTH, false);
        RdmaConnection c;
        RdmaListener listener = null;
        if (server) {
            listener = RdmaListener.bind(at, 1);
            System.out.println("LISTENING");
            System.out.flush();
            c = listener.accept(opts, Duration.ofMinutes(5));
        } else {
            c = connectWithRetry(at, opts);
        }
        long bufSize = 2L * size + 4096;
        try (OffHeapBuffer buf = OffHeapBuffer.allocateShared(bufSize)) {
            MemoryRegion mr = c.protectionDomain().register(buf, Access.all());
            Perf p = new Perf(c, mr, size);
            switch (test) {
                case "send_lat" -> p.sendLatency(server, warmup, iters);
                case "send_bw" -> p.sendBandwidth(server, warmup, iters);
                case "write_bw" -> p.writeBandwidth(server, warmup, iters);
                default -> throw new IllegalArgumentException("unknown test " + test);
            }
            mr.close();
        } finally {
            c.close();
            if (listener != null) {
                listener.close();
            }
        }
    }

    /** Connects to a server that may still be starting (also PsoRoundTrip's client). */
    static RdmaConnection connectWithRetry(InetSocketAddress at, ConnectionOptions opts) throws InterruptedException {
        // Under emulation a server JVM can take well over ten seconds to listen; give it two minutes.
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (true) {
            try {
                return RdmaConnection.connect(at, opts, Duration.ofSeconds(30));
            } catch (RuntimeException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(200);   // the server process is still starting
            }
        }
    }

    static final class Perf {
        final RdmaConnection c;
        final QueuePair qp;
        final CompletionQueue cq;
        final MemoryRegion mr;
        final int size;
        final SendRequest sr = new SendRequest();
        final ReceiveRequest rr = new ReceiveRequest();
        final WorkCompletions wc = new WorkCompletions(64);

        Perf(RdmaConnection c, MemoryRegion mr, int size) {
            this.c = c;
            this.qp = c.queuePair();
            this.cq = c.completionQueue();
            this.mr = mr;
            this.size = size;
            System.out.println("QUEUES qp: " + qp.queueAccessDescription() + "; cq: " + cq.queueAccessDescription());
        }

        /** ib_send_lat: ping-pong of sends, both sides keep receives posted; reports half the round trip. */
        void sendLatency(boolean server, long warmupNanos, int iters) {
            rr.into(mr, size, size);
            for (int i = 0; i < RX_DEPTH / 2; i++) {
                qp.postReceive(rr);
            }
            sr.send(mr, 0, size).inline(size <= INLINE && INLINE > 0).signaled(false);
            handshake();
            int unsignaled = 0;
            if (server) {
                // Java-body runs counted at each of the last ITERS messages: the client's measured part
                long[] runsAt = new long[iters];
                long messages = 0;
                // The pong's stamp goes through FFM, not a code mapping, so that it is not itself a Java
                // body while the server loop is still interpreted (at 64 KiB it was, every message).
                MemorySegment reply = mr.buffer().asSegment();
                long runsAtGoodbye;
                while (true) {
                    awaitReceive();
                    if (lastReceiveLength == 0) {
                        runsAtGoodbye = CodeMappings.javaBodyRuns();   // before the teardown's own Java bodies
                        break;   // the client's goodbye
                    }
                    long runs = CodeMappings.javaBodyRuns();
                    runsAt[(int) (messages++ % iters)] = runs;
                    if (size >= Long.BYTES) {
                        reply.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, runs);   // the pong tells the client's warm-up how warm the server is
                    }
                    qp.postReceive(rr);
                    unsignaled = send(unsignaled);
                }
                drainSends(unsignaled);
                if (messages >= iters) {
                    System.out.println("SERVER java bodies during the last " + iters + " messages "
                            + (runsAtGoodbye - runsAt[(int) (messages % iters)]) + ", whole run "
                            + WarmUp.since(new java.util.TreeMap<>()));
                }
                return;
            }
            long[] rtt = new long[iters];
            long measuredStart = 0, measuredStartTsc = 0;
            // The server's Java-body count from the last pong (nothing is in flight when it is read). Read
            // through FFM, not a code mapping: the rarely run check would otherwise count as a Java body itself.
            MemorySegment pong = mr.buffer().asSegment();
            WarmUp warm = new WarmUp(warmupNanos,
                    size >= Long.BYTES ? () -> pong.get(ValueLayout.JAVA_LONG_UNALIGNED, size) : null);
            for (int i = -1; i < iters; i++) {
                long t0 = System.nanoTime();
                unsignaled = send(unsignaled);
                awaitReceive();
                qp.postReceive(rr);
                if (i < 0) {
                    if (!warm.over()) {
                        i--;   // still warming up
                    } else if (CLOCKS) {
                        measuredStart = System.nanoTime();
                        measuredStartTsc = NativeMemory.timestampCounter();
                    }
                    continue;
                }
                rtt[i] = System.nanoTime() - t0;
            }
            long measuredTsc = CLOCKS ? NativeMemory.timestampCounter() - measuredStartTsc : 0;
            long measuredNanos = System.nanoTime() - measuredStart;
            System.out.println(warm.report());
            if (CLOCKS) {
                // The measured part by both clocks: what rate would convert perftest's -C cycles to
                // this clock's time while both processes are busy (under TCG: none, see the commentary).
                System.out.printf("CLOCKS measured part %d ns, %d TSC cycles: %.1f cycles per us%n", measuredNanos, measuredTsc,
                        measuredTsc * 1e3 / measuredNanos);
            }
            goodbye();
            Arrays.sort(rtt);
            double avg = Arrays.stream(rtt).average().orElse(0);
            System.out.printf("RESULT send_lat %d %d %.3f %.3f %.3f%n", size, iters, rtt[iters / 2] / 2e3, avg / 2e3,
                    rtt[(int) (iters * 0.99)] / 2e3);
        }

        /** A zero-length signalled send: the end of the client's run (and of its unsignalled sends). */
        private void goodbye() {
            qp.postSend(new SendRequest().send(mr, 0, 0).signaled(true));
            awaitSendCompletions(1);
        }

        /** Posts one send; every CQ_MOD-th is signalled and its completion awaited, so the send queue never fills. */
        private int send(int unsignaled) {
            boolean signal = unsignaled == CQ_MOD - 1;
            qp.postSend(sr.signaled(signal));
            if (signal) {
                awaitSendCompletions(1);
                return 0;
            }
            return unsignaled + 1;
        }

        private int pendingReceives;
        private int pendingSends;
        private int lastReceiveLength;

        private void awaitReceive() {
            while (pendingReceives == 0) {
                pollOnce();
            }
            pendingReceives--;
        }

        private void awaitSendCompletions(int n) {
            while (pendingSends < n) {
                pollOnce();
            }
            pendingSends -= n;
        }

        private void pollOnce() {
            int k = cq.poll(wc);
            for (int j = 0; j < k; j++) {
                wc.checkSuccess(j);
                if (wc.opcode(j) == WorkCompletions.Opcode.RECV || wc.opcode(j) == WorkCompletions.Opcode.RECV_RDMA_WITH_IMM) {
                    pendingReceives++;
                    lastReceiveLength = wc.byteLength(j);
                } else {
                    pendingSends++;
                }
            }
        }

        private void drainSends(int unsignaled) {
            if (unsignaled > 0) {
                qp.postSend(sr.send(mr, 0, 0).inline(false).signaled(true));
                awaitSendCompletions(1);
            }
        }

        /** Both sides send one zero-length message and wait for the other's: both are ready. */
        private void handshake() {
            SendRequest hello = new SendRequest().send(mr, 0, 0).signaled(true);
            qp.postSend(hello);
            awaitSendCompletions(1);
            awaitReceive();
            qp.postReceive(rr);
        }

        /** ib_send_bw: the client streams sends, TX_DEPTH in flight; the server keeps RX_DEPTH receives posted. */
        void sendBandwidth(boolean server, long warmup, int iters) {
            rr.into(mr, size, size);
            for (int i = 0; i < RX_DEPTH - 1; i++) {
                qp.postReceive(rr);
            }
            handshake();
            if (server) {
                while (true) {
                    awaitReceive();
                    if (lastReceiveLength == 0) {
                        break;   // the client's goodbye: everything before it has arrived
                    }
                    qp.postReceive(rr);
                }
                // tell the client everything arrived
                qp.postSend(new SendRequest().send(mr, 0, 0).signaled(true));
                awaitSendCompletions(1);
                return;
            }
            sr.send(mr, 0, size);
            stream("send_bw", warmup, iters);
            goodbye();
            awaitReceive();   // the server got them all
        }

        /** ib_write_bw: the client streams RDMA writes into the server's buffer; the server only waits. */
        void writeBandwidth(boolean server, long warmup, int iters) {
            rr.into(mr, mr.length() - 64, 64);   // control messages: the RemoteBuffer, "done"
            qp.postReceive(rr);
            qp.postReceive(rr);
            ByteBuffer wire = ByteBuffer.allocate(RemoteBuffer.BYTES);
            if (server) {
                // publish the buffer: a send carrying the 20-byte RemoteBuffer at offset 0
                ByteBuffer b = ByteBuffer.allocate(RemoteBuffer.BYTES);
                mr.remote().writeTo(b);
                for (int i = 0; i < RemoteBuffer.BYTES; i++) {
                    mr.buffer().putByte(i, b.get(i));
                }
                qp.postSend(new SendRequest().send(mr, 0, RemoteBuffer.BYTES).signaled(true));
                awaitSendCompletions(1);
                awaitReceive();   // the client's "done"
                return;
            }
            awaitReceive();
            for (int i = 0; i < RemoteBuffer.BYTES; i++) {
                wire.put(i, mr.buffer().getByte(mr.length() - 64 + i));
            }
            RemoteBuffer remote = RemoteBuffer.readFrom(wire);
            sr.write(mr, 0, size, remote, 0);
            stream("write_bw", warmup, iters);
            qp.postSend(new SendRequest().send(mr, 0, 0).signaled(true));   // done
            awaitSendCompletions(1);
        }

        /**
         * Streams the prepared request: at most TX_DEPTH in flight, one signalled per CQ_MOD (a
         * completion covers every request before it: one queue completes in order). It streams
         * unmeasured for {@code warmupNanos}, lets that drain, then times {@code iters} requests.
         * Prints the rate of the measured part.
         */
        private void stream(String test, long warmupNanos, int iters) {
            WarmUp warm = new WarmUp(warmupNanos);
            long[] signalled = new long[TX_DEPTH + 1];   // ring of the indexes (1-based) of signalled requests in flight
            int head = 0, tail = 0;
            long posted = 0, completed = 0, t0 = 0;
            long warmup = -1;   // requests in the warm-up, once it is over
            long total = Long.MAX_VALUE;
            while (completed < total) {
                if (warmup < 0 && warm.over()) {
                    // the warm-up ends at the next signalled request, so that its completion is seen
                    warmup = (posted + CQ_MOD - 1) / CQ_MOD * CQ_MOD;
                    total = warmup + iters;
                    if (completed == warmup) {
                        t0 = System.nanoTime();
                    }
                }
                long limit = warmup < 0 ? Long.MAX_VALUE : completed < warmup ? warmup : total;
                while (posted < limit && posted - completed < TX_DEPTH) {
                    long p = ++posted;
                    boolean signal = p % CQ_MOD == 0 || p == total;
                    qp.postSend(sr.signaled(signal));
                    if (signal) {
                        signalled[tail] = p;
                        tail = (tail + 1) % signalled.length;
                    }
                }
                int k = cq.poll(wc);
                for (int j = 0; j < k; j++) {
                    wc.checkSuccess(j);
                    if (wc.opcode(j) == WorkCompletions.Opcode.RECV) {
                        pendingReceives++;
                        continue;
                    }
                    completed = signalled[head];
                    head = (head + 1) % signalled.length;
                    if (warmup >= 0 && completed == warmup && t0 == 0) {
                        t0 = System.nanoTime();
                    }
                }
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            System.out.println(warm.report());
            System.out.printf("RESULT %s %d %d %.2f %.6f%n", test, size, iters,
                    (double) iters * size / seconds / (1 << 20), iters / seconds / 1e6);
        }
    }
}
