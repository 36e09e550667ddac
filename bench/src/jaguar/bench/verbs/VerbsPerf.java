/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.verbs;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;

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
 * protocol and defaults (rdma_cm connection; bandwidth: 128 sends in flight, a completion every
 * 100; latency: every send signalled and its completion awaited), so that bench/tools/verbs-perf.sh can run each beside the C tool on the same
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
 * minutes; it goes on until both JVMs have all but stopped compiling and collecting and, with
 * -Djaguar.mapping.strict=true, no code mapping's Java body runs on either side, see
 * {@link WarmUp}), then ITERS measured; it ends the run with a zero-length send, so the server needs
 * no count.
 */
public final class VerbsPerf {
    static final int INLINE = Integer.getInteger("jaguar.bench.inline", 0);
    static final int TX_DEPTH = 128;
    static final int RX_DEPTH = 512;
    static final int CQ_MOD = 100;
    /**
     * Latency sends per signalled one (-Djaguar.bench.latencyCqMod, default 1). perftest's
     * ib_send_lat runs with a send queue of depth 1, which caps its completion moderation at 1: it
     * signals every send and polls for that completion before it polls for the pong, on both
     * sides. VerbsPerf did so only every 100th send until probe 14, which spared Java a completion
     * per message that C waited for.
     */
    static final int LATENCY_CQ_MOD = Integer.getInteger("jaguar.bench.latencyCqMod", 1);
    /** send_bw: how often a server still running Java bodies tells the client its count. */
    static final int STATUS_EVERY = 100;
    /** Requests per warm-up round of the bandwidth tests. */
    static final int WARMUP_BATCH = 10 * CQ_MOD;
    /**
     * Runs with larger messages warm the JIT at {@link #PREWARM_SIZE} bytes first: under emulation
     * a 64 KiB message takes 1.5 ms, so four minutes are too few messages for the JIT to compile
     * the path (raw/verbs-gate-probe.txt, probe 9: both 64 KiB warm-ups ended at their limit with
     * Java bodies still running). The code is the same at every size; only a length differs.
     */
    static final int PREWARM_ABOVE = 1024;
    static final int PREWARM_SIZE = 8;
    /** After a pre-warm-up, the least time the run warms at its own size (then until quiet). */
    static final long AT_SIZE_MINIMUM_NANOS = 5_000_000_000L;
    /**
     * Measured parts per run (-Djaguar.bench.segments, default 1). Between two, the client sends a
     * {@link #PAUSE_LENGTH}-byte message; the server waits until its process is idle (under 2% of a
     * CPU over {@link #IDLE_NANOS}: no compiling, no collecting), answers with a message as long,
     * does both again, and sleeps on its completion channel; the client waits for both answers and
     * for its own JVM to be idle, prints
     * {@code PAUSED k} and waits until the file {@code <-Djaguar.bench.resumeFile>.k} exists, so
     * that bench/tools/verbs-perf.sh can run perftest on idle vCPUs; then it sends a
     * {@link #RESUME_LENGTH}-byte message (the server polls again) and warms until quiet for at least
     * {@link #RESUME_MINIMUM_NANOS}. Each measured part is paired with the C run beside it, in one
     * warm-up and one boot: the guest drifts too much between runs for single pairs.
     */
    static final int SEGMENTS = Integer.getInteger("jaguar.bench.segments", 1);
    static final String RESUME_FILE = System.getProperty("jaguar.bench.resumeFile", "");
    static final int PAUSE_LENGTH = 1;
    static final int RESUME_LENGTH = 2;
    static final long RESUME_MINIMUM_NANOS = 2_000_000_000L;
    static final long IDLE_NANOS = 2_000_000_000L;
    static final long IDLE_LIMIT_NANOS = 120_000_000_000L;

    public static void main(String[] args) throws Exception {
        boolean server = args[0].equals("server");
        String test = args[1];
        int size = Integer.parseInt(args[2]);
        int iters = Integer.parseInt(args[3]);
        InetSocketAddress at = new InetSocketAddress(InetAddress.getByName(args[4]), Integer.parseInt(args[5]));
        long warmup = (long) (Double.parseDouble(args[6]) * 1e9);
        if (SEGMENTS > 1 && (size <= RESUME_LENGTH || RESUME_FILE.isEmpty())) {
            throw new IllegalArgumentException("-Djaguar.bench.segments=" + SEGMENTS + " needs -Djaguar.bench.resumeFile and messages"
                    + " longer than " + RESUME_LENGTH + " bytes (the pause and resume messages' lengths), not " + size);
        }
        QueuePairConfig qp = new QueuePairConfig(TX_DEPTH, RX_DEPTH, 1, 1, test.equals("send_lat") ? INLINE : 0, 4, false);
        // A completion channel, for a server that sleeps between measured parts (SEGMENTS).
        ConnectionOptions opts = new ConnectionOptions(qp, TX_DEPTH + RX_DEPTH, server && SEGMENTS > 1);
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
        /** The client's pause and resume messages (SEGMENTS). */
        final SendRequest pause = new SendRequest();
        final SendRequest resume = new SendRequest();

        Perf(RdmaConnection c, MemoryRegion mr, int size) {
            this.c = c;
            this.qp = c.queuePair();
            this.cq = c.completionQueue();
            this.mr = mr;
            this.size = size;
            pause.send(mr, 0, PAUSE_LENGTH).signaled(true);
            resume.send(mr, 0, RESUME_LENGTH).signaled(true);
            System.out.println("QUEUES qp: " + qp.queueAccessDescription() + "; cq: " + cq.queueAccessDescription());
        }

        /** ib_send_lat: ping-pong of sends, both sides keep receives posted; reports half the round trip. */
        void sendLatency(boolean server, long warmupNanos, int iters) {
            rr.into(mr, size, size);
            for (int i = 0; i < RX_DEPTH / 2; i++) {
                qp.postReceive(rr);
            }
            sr.send(mr, 0, size).inline(size <= INLINE && INLINE > 0).signaled(false);
            handshake(server);
            if (server) {
                ServerActivity activity = new ServerActivity(iters);   // the last ITERS: the client's measured part
                // The pong's stamp goes through FFM, not a code mapping, so that it is not itself a Java
                // body while the server loop is still interpreted (at 64 KiB it was, every message).
                MemorySegment reply = mr.buffer().asSegment();
                long runsAtGoodbye;
                int replyLength = size;
                while (true) {
                    awaitReceive();
                    if (lastReceiveLength == 0) {
                        runsAtGoodbye = CodeMappings.javaBodyRuns();   // before the teardown's own Java bodies
                        break;   // the client's goodbye
                    }
                    if (controlMessage(activity)) {
                        continue;   // a pause (slept through) or a resume: no pong
                    }
                    if (lastReceiveLength != replyLength) {   // the client's pre-warm-up and its end: pong as long as the ping
                        replyLength = lastReceiveLength;
                        sr.send(mr, 0, replyLength);
                    }
                    long word = activity.record();
                    if (size >= Long.BYTES) {
                        reply.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, word);   // the pong tells the client's warm-up how warm the server is
                    }
                    qp.postReceive(rr);
                    unsignaled = send(unsignaled);
                }
                drainSends(unsignaled);
                activity.print(runsAtGoodbye);
                return;
            }
            // Timed as perftest times it: one time-stamp counter read per round trip (a mapped rdtsc,
            // inlined), the round trip being the difference of consecutive stamps. Not System.nanoTime:
            // in the test VM the kernel's clocksource is the emulated HPET, and each read is a system
            // call and a device access of about 1.5 us, a tenth of the quantity measured.
            long[] stamps = new long[iters + 1];
            // The warm-up and the measured part run the same method, so that the measured part starts in
            // the code the warm-up compiled: a loop that branched on "warm yet?" was deoptimised at the
            // switch, and its rdtsc then ran as a Java body in every measured round trip. The server's
            // word comes from the last pong: nothing is in flight then.
            Runnable warmUpRound = () -> roundTrips(stamps, 0, 1);
            WarmUp warm = warmUp(warmupNanos, serverActivity(), warmUpRound, n -> sr.send(mr, 0, n));
            for (int segment = 1; ; segment++) {
                roundTrips(stamps, 1, iters + 1);
                reportLatency(warm, stamps, iters);
                if (segment == SEGMENTS) {
                    break;
                }
                warm = pauseAndResume(segment, warmupNanos, serverActivity(), warmUpRound);
            }
            goodbye();
        }

        /**
         * The WARMUP, TIMING and RESULT lines of a latency measured part that just ended ({@code
         * stamps[0]}: the end of the last warm-up round trip).
         */
        private void reportLatency(WarmUp warm, long[] stamps, int iters) {
            long measuredNanos = System.nanoTime() - warm.endNanos();
            // The counter's rate over the measured part, by the system clock: seconds of round trips, so
            // the two clock reads at its ends (a microsecond or two each) do not matter.
            double cyclesPerMicro = (stamps[iters] - stamps[0]) * 1e3 / measuredNanos;
            long[] rtt = new long[iters];
            for (int i = 0; i < iters; i++) {
                rtt[i] = stamps[i + 1] - stamps[i];
            }
            System.out.println(warm.report());
            System.out.printf("TIMING measured part %d ns by System.nanoTime, %d TSC cycles: %.1f cycles per us%n", measuredNanos,
                    stamps[iters] - stamps[0], cyclesPerMicro);
            Arrays.sort(rtt);
            double avg = Arrays.stream(rtt).average().orElse(0);
            double half = 2 * cyclesPerMicro;   // cycles of a round trip to microseconds of half of it
            System.out.printf("RESULT send_lat %d %d %.3f %.3f %.3f%n", size, iters, rtt[iters / 2] / half, avg / half,
                    rtt[(int) (iters * 0.99)] / half);
            System.out.flush();
        }

        /**
         * Between two measured parts (SEGMENTS): tells the server to sleep, says PAUSED, waits for the
         * script's resume file, wakes the server, and warms until quiet again (the JVMs may have
         * compiled meanwhile; the first messages after a sleep are slow). Returns that warm-up.
         */
        private WarmUp pauseAndResume(int segment, long warmupNanos, LongSupplier peer, Runnable round) {
            qp.postSend(pause);
            awaitSendCompletions(1);   // signalled: it also completes the unsignalled sends before it
            unsignaled = 0;
            long t0 = System.nanoTime();
            awaitServerAsleep();
            awaitServerAsleep();   // its second answer: idle again after its first
            long serverIdle = System.nanoTime() - t0;
            long idle = JvmActivity.awaitIdle(IDLE_NANOS, IDLE_LIMIT_NANOS);
            long compile = JvmActivity.compileMillis();
            long collections = JvmActivity.collections();
            long cpu = JvmActivity.processCpuNanos();
            System.out.printf("IDLE after measured part %d: server %.1f s, client %.1f s more%n", segment, serverIdle / 1e9, idle / 1e9);
            System.out.println("PAUSED " + segment);
            System.out.flush();
            Path go = Path.of(RESUME_FILE + "." + segment);
            try {
                while (!Files.exists(go)) {
                    Thread.sleep(200);   // seldom: each look costs this JVM CPU that its C partner should have
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException("interrupted while paused", e);
            }
            // What this JVM did while the C run beside it had the vCPUs (a pair's C figure is only fair without it).
            System.out.println("RESUMED " + segment + ", cpu during the pause " + (JvmActivity.processCpuNanos() - cpu) / 1_000_000
                    + " ms, compilation " + (JvmActivity.compileMillis() - compile) + " ms, collections "
                    + (JvmActivity.collections() - collections));
            qp.postSend(resume);
            awaitSendCompletions(1);
            WarmUp warm = new WarmUp(RESUME_MINIMUM_NANOS, 4 * warmupNanos, peer);
            do {
                round.run();
            } while (!warm.over());
            return warm;
        }

        /** Waits, sleeping between polls, for the server's answer to a pause: it is idle and about to sleep. */
        private void awaitServerAsleep() {
            try {
                while (true) {
                    while (pendingReceives == 0) {
                        pollOnce();
                        if (pendingReceives == 0) {
                            Thread.sleep(1);
                        }
                    }
                    pendingReceives--;
                    qp.postReceive(rr);
                    if (lastReceiveLength == PAUSE_LENGTH) {
                        return;
                    }   // else a late status message (send_bw): go on waiting
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException("interrupted while pausing", e);
            }
        }

        /**
         * Server side of {@link #pauseAndResume}: whether the message just received was a pause or a
         * resume (its receive reposted). At a pause the server prints its SERVER line for the
         * measured part that just ended ({@code activity} may be null), waits until its JVM is idle,
         * answers, and sleeps on the completion channel until the client's next message, the
         * resume, which it leaves to the caller's poll.
         */
        private boolean controlMessage(ServerActivity activity) {
            if (SEGMENTS == 1 || (lastReceiveLength != PAUSE_LENGTH && lastReceiveLength != RESUME_LENGTH)) {
                return false;
            }
            qp.postReceive(rr);
            if (lastReceiveLength == PAUSE_LENGTH) {
                if (activity != null) {
                    activity.print(CodeMappings.javaBodyRuns());
                }
                // Idle, answer, idle again, answer again: the first answer runs paths the measured part
                // did not (a send completion where send_bw's server sees only receives), whose traps and
                // recompilations can outlive -Xbatch's wait: HotSpot stops waiting for a JVMCI compilation
                // that shows no progress for a while (CompileBroker::wait_for_jvmci_completion) and lets it
                // finish in the background. In the first run of pairs such compilations ran for 1-5 s while
                // the C partner ran; the second answer comes after they ended.
                long idle = 0;
                for (int answer = 0; answer < 2; answer++) {
                    idle += JvmActivity.awaitIdle(IDLE_NANOS, IDLE_LIMIT_NANOS);
                    qp.postSend(pause);   // the client waits for both before its C partner runs
                    awaitSendCompletions(1);
                }
                long compile = JvmActivity.compileMillis();
                long collections = JvmActivity.collections();
                long cpu = JvmActivity.processCpuNanos();
                sleepUntilReceive();
                System.out.printf("SLEPT after %.1f s to go idle; cpu %d ms, compilation %d ms, collections %d%n", idle / 1e9,
                        (JvmActivity.processCpuNanos() - cpu) / 1_000_000, JvmActivity.compileMillis() - compile,
                        JvmActivity.collections() - collections);
            }
            return true;
        }

        /** Sleeps on the completion channel until a receive has completed (counted in pendingReceives, not taken). */
        private void sleepUntilReceive() {
            while (true) {
                cq.requestNotification(false);
                pollOnce();   // armed first, then polled: a completion that came before arming is not missed
                if (pendingReceives > 0) {
                    return;
                }
                cq.channel().awaitEvent(cq);
            }
        }

        /**
         * The server's {@link ServerActivity} word as last received (a pong, a status message: both
         * land at offset SIZE, where {@code rr} points), or null where messages are too short to carry it.
         * Read through FFM, not a code mapping: the rarely run check would otherwise count as a
         * Java body itself.
         */
        private LongSupplier serverActivity() {
            MemorySegment received = mr.buffer().asSegment();
            return size >= Long.BYTES ? () -> received.get(ValueLayout.JAVA_LONG_UNALIGNED, size) : null;
        }

        /**
         * Runs {@code round} unmeasured until the warm-up is over, and returns it for its report. A
         * run above {@link #PREWARM_ABOVE} bytes first warms at {@link #PREWARM_SIZE} ({@code resize}
         * sets the request's length) until quiet, then at its own size until quiet again; it prints a
         * PREWARM line for the first part.
         */
        private WarmUp warmUp(long warmupNanos, LongSupplier peer, Runnable round, IntConsumer resize) {
            WarmUp warm = new WarmUp(warmupNanos, peer);
            if (size > PREWARM_ABOVE) {
                resize.accept(PREWARM_SIZE);
                do {
                    round.run();
                } while (!warm.over());
                resize.accept(size);
                System.out.println(warm.prewarmReport(PREWARM_SIZE));
                warm = new WarmUp(AT_SIZE_MINIMUM_NANOS, 4 * warmupNanos, peer);
            }
            do {
                round.run();
            } while (!warm.over());
            return warm;
        }

        /** Round trips that store the time-stamp counter at the end of each in {@code stamps[from..to)}. */
        private void roundTrips(long[] stamps, int from, int to) {
            for (int i = from; i < to; i++) {
                unsignaled = send(unsignaled);
                awaitReceive();
                qp.postReceive(rr);
                stamps[i] = NativeMemory.timestampCounter();
            }
        }

        /** A zero-length signalled send: the end of the client's run (and of its unsignalled sends). */
        private void goodbye() {
            qp.postSend(new SendRequest().send(mr, 0, 0).signaled(true));
            awaitSendCompletions(1);
        }

        /** Posts one latency send; every LATENCY_CQ_MOD-th is signalled and its completion awaited (as perftest: each). */
        private int send(int unsignaled) {
            boolean signal = unsignaled >= LATENCY_CQ_MOD - 1;
            qp.postSend(sr.signaled(signal));
            if (signal) {
                awaitSendCompletions(1);
                return 0;
            }
            return unsignaled + 1;
        }

        /** Unsignalled sends since the last signalled one (latency test). */
        private int unsignaled;
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
        private void handshake(boolean server) {
            SendRequest hello = new SendRequest().send(mr, 0, 0).signaled(true);
            postAndAwait(hello, server);
            awaitReceive();
            qp.postReceive(rr);
        }

        /**
         * Posts a signalled request and waits for its completion; a server that will sleep between
         * pairs sleeps on the completion channel for it, so that the channel's downcalls are linked
         * before the warm-up: linked at the first pause, they took 3 s of CPU there, while the
         * C partner ran (probe 13).
         */
        private void postAndAwait(SendRequest request, boolean server) {
            boolean sleep = server && SEGMENTS > 1;
            if (sleep) {
                cq.requestNotification(false);
            }
            qp.postSend(request);
            if (sleep) {
                cq.channel().awaitEvent(cq);
            }
            awaitSendCompletions(1);
        }

        /** ib_send_bw: the client streams sends, TX_DEPTH in flight; the server keeps RX_DEPTH receives posted. */
        void sendBandwidth(boolean server, long warmup, int iters) {
            rr.into(mr, size, size);
            for (int i = 0; i < RX_DEPTH - 1; i++) {
                qp.postReceive(rr);
            }
            handshake(server);
            if (server) {
                // Activity at each of the last ITERS messages, as in send_lat. While its word still
                // changes (Java bodies, or busy turning quiet), every STATUS_EVERY-th message is answered
                // with it (the client's warm-up waits until it settles); a warm server sends nothing back.
                ServerActivity activity = new ServerActivity(iters);
                long messages = 0;
                long runsAtGoodbye;
                long wordSent = -1;
                int statuses = 0;
                MemorySegment reply = mr.buffer().asSegment();
                SendRequest status = new SendRequest().send(mr, 0, Long.BYTES).signaled(true);
                while (true) {
                    awaitReceive();
                    if (lastReceiveLength == 0) {
                        runsAtGoodbye = CodeMappings.javaBodyRuns();
                        break;   // the client's goodbye: everything before it has arrived
                    }
                    if (controlMessage(activity)) {
                        continue;
                    }
                    qp.postReceive(rr);
                    long word = activity.record();
                    if (++messages % STATUS_EVERY == 0 && word != wordSent && size >= Long.BYTES) {
                        // tell the client's warm-up how warm this side is; silent once that stops changing
                        reply.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, word);
                        qp.postSend(status);
                        wordSent = word;
                        statuses++;
                    }
                }
                // tell the client everything arrived; its completion comes after the status messages'
                qp.postSend(new SendRequest().send(mr, 0, 0).signaled(true));
                awaitSendCompletions(statuses + 1);
                activity.print(runsAtGoodbye);
                return;
            }
            sr.send(mr, 0, size);
            stream("send_bw", warmup, iters, serverActivity(), n -> sr.send(mr, 0, n));
            goodbye();
            do {
                awaitReceive();   // the server got them all (a late status message is 8 bytes, this is 0)
            } while (lastReceiveLength != 0);
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
                postAndAwait(new SendRequest().send(mr, 0, RemoteBuffer.BYTES).signaled(true), true);
                do {
                    awaitReceive();   // the client's "done" (busy, as perftest's server), or a pause or resume
                } while (controlMessage(null));
                return;
            }
            awaitReceive();
            for (int i = 0; i < RemoteBuffer.BYTES; i++) {
                wire.put(i, mr.buffer().getByte(mr.length() - 64 + i));
            }
            RemoteBuffer remote = RemoteBuffer.readFrom(wire);
            sr.write(mr, 0, size, remote, 0);
            stream("write_bw", warmup, iters, null, n -> sr.write(mr, 0, n, remote, 0));
            qp.postSend(new SendRequest().send(mr, 0, 0).signaled(true));   // done
            awaitSendCompletions(1);
        }

        /**
         * Streams the prepared request: unmeasured rounds of WARMUP_BATCH until the warm-up is over
         * ({@code peer}: the server's activity word, as last heard; {@code resize}: the request at
         * another length, for the pre-warm-up), then {@code iters}
         * requests timed. Both run the same method, so the measured part starts in the code the
         * warm-up compiled (a loop that branched on "warm yet?" was deoptimised at the switch and
         * then ran its doorbell as a Java body). Prints the rate of the measured part.
         */
        private void stream(String test, long warmupNanos, int iters, LongSupplier peer, IntConsumer resize) {
            completionStamps = new long[Math.max(iters, WARMUP_BATCH) / CQ_MOD + 2];
            Runnable warmUpRound = () -> streamRequests(WARMUP_BATCH);
            WarmUp warm = warmUp(warmupNanos, peer, warmUpRound, resize);
            for (int segment = 1; ; segment++) {
                long t0 = System.nanoTime();
                streamRequests(iters);
                long nanos = System.nanoTime() - t0;
                double seconds = nanos / 1e9;
                System.out.println(warm.report());
                System.out.println(stalls(nanos));
                System.out.printf("RESULT %s %d %d %.2f %.6f%n", test, size, iters,
                        (double) iters * size / seconds / (1 << 20), iters / seconds / 1e6);
                System.out.flush();
                if (segment == SEGMENTS) {
                    break;
                }
                warm = pauseAndResume(segment, warmupNanos, peer, warmUpRound);
            }
        }

        /**
         * Posts {@code n} requests, at most TX_DEPTH in flight, every CQ_MOD-th and the last one
         * signalled (a completion covers every request before it: one queue completes in order),
         * and returns once all completed. Receives (the server's status) are reposted.
         */
        private void streamRequests(long n) {
            long posted = 0, completed = 0;
            int stamps = 0;
            completionStamps[stamps++] = NativeMemory.timestampCounter();
            while (completed < n) {
                while (posted < n && posted - completed < TX_DEPTH) {
                    posted++;
                    qp.postSend(sr.signaled(posted % CQ_MOD == 0 || posted == n));
                }
                int k = cq.poll(wc);
                for (int j = 0; j < k; j++) {
                    wc.checkSuccess(j);
                    if (wc.opcode(j) == WorkCompletions.Opcode.RECV) {
                        qp.postReceive(rr);
                        continue;
                    }
                    completed = Math.min(completed + CQ_MOD, n);
                    completionStamps[stamps++] = NativeMemory.timestampCounter();
                }
            }
            completionCount = stamps;
        }

        /**
         * Time-stamp counter at the start of the last {@link #streamRequests} and at each of its send
         * completions (one per CQ_MOD requests and the last): where a measured part stalled.
         */
        private long[] completionStamps;
        private int completionCount;

        /**
         * The STALLS line of a bandwidth measured part that took {@code nanos}: the intervals between
         * its send completions (CQ_MOD requests each), their median and longest, how much of the part
         * went to intervals over four times the median, and the rate the median interval gives. A
         * part slowed by a few stalls (the JVM's threads, the host) and one slower throughout look
         * alike in the rate alone; a C run cannot be split so.
         */
        private String stalls(long nanos) {
            int k = completionCount - 1;
            if (k < 1) {
                return "STALLS none: fewer than two completions";
            }
            double cyclesPerMicro = (completionStamps[k] - completionStamps[0]) * 1e3 / nanos;
            long[] gaps = new long[k];
            for (int i = 0; i < k; i++) {
                gaps[i] = completionStamps[i + 1] - completionStamps[i];
            }
            long[] sorted = gaps.clone();
            Arrays.sort(sorted);
            long median = sorted[k / 2];
            long slow = 0;
            int slowCount = 0;
            for (long g : gaps) {
                if (g > 4 * median) {
                    slow += g;
                    slowCount++;
                }
            }
            return String.format("STALLS intervals %d (%d requests each), median %.1f us, longest %.1f us, over 4x the median %d"
                    + " taking %.1f ms of %.1f ms; rate at the median interval %.6f Mpps", k, CQ_MOD, median / cyclesPerMicro,
                    sorted[k - 1] / cyclesPerMicro, slowCount, slow / cyclesPerMicro / 1e3, nanos / 1e6,
                    CQ_MOD / (median / cyclesPerMicro));
        }
    }
}
