/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.verbs;

import java.util.stream.Stream;

import jaguar.ext.OffHeapBuffer;
import jaguar.mapping.CodeMappings;
import jaguar.test.Warmup;
import jaguar.verbs.CompletionQueue;
import jaguar.verbs.QueueAccess;
import jaguar.verbs.QueuePair;
import jaguar.verbs.QueuePairConfig;
import jaguar.verbs.ReceiveRequest;
import jaguar.verbs.SendRequest;
import jaguar.verbs.Verbs;
import jaguar.verbs.VerbsContext;
import jaguar.verbs.VerbsException;
import jaguar.verbs.WorkCompletions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Direct queue access on rxe (QueueAccess.DIRECT): work requests written by Java into the rings
 * rxe shares with the kernel, completions copied out of them. Each side of a loopback pair is
 * direct or goes through the provider, in every combination, so the rings must be in exactly the
 * format the provider and the kernel use; indices must wrap; errors must be the provider's.
 */
@Tag("rdma-device")
class DirectQueueAccessTest {
    private static final QueuePairConfig DIRECT = QueuePairConfig.defaults().withQueueAccess(QueueAccess.DIRECT);
    private static final QueuePairConfig PROVIDER = QueuePairConfig.defaults().withQueueAccess(QueueAccess.PROVIDER);

    static Stream<Arguments> combinations() {
        return Stream.of(Arguments.of(DIRECT, DIRECT), Arguments.of(DIRECT, PROVIDER), Arguments.of(PROVIDER, DIRECT));
    }

    @Test
    void rxeQueuesAreAccessedDirectlyUnlessTheProviderIsAskedFor() {
        try (LoopbackPair p = new LoopbackPair(DIRECT, PROVIDER, false, 64)) {
            assertTrue(p.a.isDirect(), p.a.queueAccessDescription());
            assertTrue(p.cqA.isDirect(), p.cqA.queueAccessDescription());
            assertFalse(p.b.isDirect());
            assertFalse(p.cqB.isDirect());
            assertTrue(p.b.queueAccessDescription().contains("PROVIDER access was asked for"), p.b.queueAccessDescription());
        }
        try (VerbsContext ctx = Verbs.open(LoopbackPair.DEVICE); var pd = ctx.allocateProtectionDomain();
             CompletionQueue cq = ctx.createCompletionQueue(16, null)) {
            QueuePair qp = pd.createQueuePair(QueuePairConfig.defaults(), cq, cq);
            assertTrue(qp.isDirect() && cq.isDirect(), "AUTO is direct on rxe: " + qp.queueAccessDescription());
            qp.close();
        }
    }

    @ParameterizedTest
    @MethodSource("combinations")
    void everyOperationMovesTheSameBytesEitherWay(QueuePairConfig configA, QueuePairConfig configB) {
        try (LoopbackPair p = new LoopbackPair(configA.withInlineData(64), configB.withInlineData(64), false, 64)) {
            for (int i = 0; i < 8192; i++) {
                p.bufA.putByte(i, (byte) (i * 13 + 1));
            }
            // send with immediate, A -> B
            p.b.postReceive(new ReceiveRequest().into(p.mrB, 100, 4096).id(11));
            p.a.postSend(new SendRequest().sendWithImmediate(p.mrA, 0, 4096, 0x1234_5678).id(12));
            assertEquals(12, p.one(p.cqA).workRequestId(0));
            WorkCompletions r = p.one(p.cqB);
            assertEquals(11, r.workRequestId(0));
            assertEquals(WorkCompletions.Opcode.RECV, r.opcode(0));
            assertEquals(4096, r.byteLength(0));
            assertEquals(0x1234_5678, r.immediate(0));
            assertEquals(-1, p.bufA.asSegment().asSlice(0, 4096).mismatch(p.bufB.asSegment().asSlice(100, 4096)));

            // inline send, B -> A: the bytes are copied into the ring at post time
            p.bufB.putLong(20000, 0xABCD_EF01_2345_6789L);
            p.a.postReceive(new ReceiveRequest().into(p.mrA, 30000, 64).id(21));
            p.b.postSend(new SendRequest().send(p.mrB, 20000, 40).inline(true).id(22));
            p.bufB.putLong(20000, 0);   // after the post: an inline send has its bytes already
            p.one(p.cqB);
            assertEquals(40, p.one(p.cqA).byteLength(0));
            assertEquals(0xABCD_EF01_2345_6789L, p.bufA.getLong(30000));

            // RDMA write, RDMA read, write with immediate, A -> B
            p.a.postSend(new SendRequest().write(p.mrA, 0, 8192, p.mrB.remote(), 40000).id(31));
            assertEquals(WorkCompletions.Opcode.RDMA_WRITE, p.one(p.cqA).opcode(0));
            assertEquals(-1, p.bufA.asSegment().asSlice(0, 8192).mismatch(p.bufB.asSegment().asSlice(40000, 8192)));
            p.a.postSend(new SendRequest().read(p.mrA, 50000, 8192, p.mrB.remote(), 40000).id(32));
            assertEquals(WorkCompletions.Opcode.RDMA_READ, p.one(p.cqA).opcode(0));
            assertEquals(-1, p.bufA.asSegment().asSlice(0, 8192).mismatch(p.bufA.asSegment().asSlice(50000, 8192)));
            p.b.postReceive(new ReceiveRequest().into(p.mrB, 0, 0).id(33));
            p.a.postSend(new SendRequest().writeWithImmediate(p.mrA, 8, 8, p.mrB.remote(), 8, -7).id(34));
            p.one(p.cqA);
            WorkCompletions w = p.one(p.cqB);
            assertEquals(WorkCompletions.Opcode.RECV_RDMA_WITH_IMM, w.opcode(0));
            assertEquals(-7, w.immediate(0));
            assertEquals(p.bufA.getLong(8), p.bufB.getLong(8));
        }
    }

    @ParameterizedTest
    @MethodSource("combinations")
    void ringsWrapAroundManyTimesInOrder(QueuePairConfig configA, QueuePairConfig configB) {
        int depth = 8;
        int n = 600;   // 75 laps of the work queues, 37 of the 16-slot completion rings
        try (LoopbackPair p = new LoopbackPair(configA.withDepth(depth, depth), configB.withDepth(depth, depth), false, 15)) {
            ReceiveRequest rr = new ReceiveRequest();
            SendRequest sr = new SendRequest();
            WorkCompletions wc = new WorkCompletions(5);
            int posted = 0;
            for (; posted < depth; posted++) {
                p.b.postReceive(rr.into(p.mrB, (posted % depth) * 128L, 128).id(posted));
            }
            int sent = 0, sendDone = 0, received = 0;
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (received < n) {
                assertTrue(System.nanoTime() < deadline, "stalled at " + received + " of " + n);
                while (sent < n && sent - sendDone < depth && sent - received < depth) {
                    p.bufA.putInt((sent % depth) * 128L, sent * 3);
                    p.a.postSend(sr.send(p.mrA, (sent % depth) * 128L, 128).id(sent));
                    sent++;
                }
                int k = p.cqA.poll(wc);
                for (int i = 0; i < k; i++) {
                    wc.checkSuccess(i);
                    assertEquals(sendDone + i, wc.workRequestId(i), "send completions in posting order");
                }
                sendDone += k;
                k = p.cqB.poll(wc);
                for (int i = 0; i < k; i++) {
                    wc.checkSuccess(i);
                    assertEquals(received, wc.workRequestId(i), "receive completions in posting order");
                    assertEquals(received * 3, p.bufB.getInt((received % depth) * 128L));
                    received++;
                    if (posted < n) {
                        p.b.postReceive(rr.into(p.mrB, (posted % depth) * 128L, 128).id(posted));
                        posted++;
                    }
                }
            }
            assertEquals(0, p.cqA.poll(wc) + p.cqB.poll(wc), "nothing extra");
        }
    }

    @Test
    void errorsAreTheProvidersErrors() {
        try (LoopbackPair p = new LoopbackPair(DIRECT.withDepth(4, 4).withInlineData(32), DIRECT.withDepth(4, 4), false, 64)) {
            // inline beyond the queue pair's inline size
            int maxInline = p.a.config().maxInlineData();
            VerbsException tooBig = assertThrows(VerbsException.class,
                    () -> p.a.postSend(new SendRequest().send(p.mrA, 0, 4096).inline(true)));
            assertTrue(tooBig.getMessage().contains("EINVAL"), tooBig.getMessage());
            assertTrue(maxInline < 4096);
            // a full receive queue: the ring holds its depth (4, or what the kernel rounded it to)
            int accepted = 0;
            VerbsException full = null;
            ReceiveRequest rr = new ReceiveRequest().into(p.mrB, 0, 64);
            for (int i = 0; i < 64 && full == null; i++) {
                try {
                    p.b.postReceive(rr);
                    accepted++;
                } catch (VerbsException e) {
                    full = e;
                }
            }
            assertTrue(full != null && full.getMessage().contains("ENOMEM") && full.getMessage().contains("receive queue full"),
                    String.valueOf(full));
            assertTrue(accepted >= 4 && accepted < 64, "accepted " + accepted);
        }
        // a receive posted before the queue pair left RESET, as the provider refuses it
        try (VerbsContext ctx = Verbs.open(LoopbackPair.DEVICE); var pd = ctx.allocateProtectionDomain();
             CompletionQueue cq = ctx.createCompletionQueue(16, null, QueueAccess.DIRECT);
             OffHeapBuffer buf = OffHeapBuffer.allocateShared(4096)) {
            QueuePair qp = pd.createQueuePair(DIRECT, cq, cq);
            var mr = pd.register(buf, jaguar.verbs.Access.LOCAL_WRITE);
            VerbsException reset = assertThrows(VerbsException.class, () -> qp.postReceive(new ReceiveRequest().into(mr, 0, 64)));
            assertTrue(reset.getMessage().contains("EINVAL"), reset.getMessage());
            mr.close();
            qp.close();
        }
    }

    @Test
    void compiledPostsAndPollsRunTheTemplates() {
        if (!Boolean.getBoolean("jaguar.mapping.strict")) {
            throw new org.opentest4j.TestAbortedException("needs -Djaguar.mapping.strict=true (make test-verbs sets it)");
        }
        try (LoopbackPair p = new LoopbackPair(DIRECT, DIRECT, false, 64)) {
            SendRequest sr = new SendRequest();
            ReceiveRequest rr = new ReceiveRequest();
            WorkCompletions wc = new WorkCompletions(4);
            long[] sum = {0};
            int[] next = {0};
            Runnable round = () -> {
                for (int i = 0; i < 50; i++) {
                    sum[0] += pingOnce(p, sr, rr, wc, next[0]++);
                }
            };
            int rounds = Warmup.untilMapped(round, 300);
            CodeMappings.setStrict(true);
            try {
                long before = sum[0];
                int first = next[0];
                for (int i = 0; i < 100; i++) {
                    sum[0] += pingOnce(p, sr, rr, wc, next[0]++);
                }
                long want = 0;
                for (int i = first; i < first + 100; i++) {
                    want += i;
                }
                assertEquals(want, sum[0] - before, "compiled direct posts moved every value (after " + rounds + " warm-up rounds)");
            } finally {
                CodeMappings.setStrict(false);
            }
        }
    }

    /** One message A -> B through the direct rings; returns the value B received. */
    private static int pingOnce(LoopbackPair p, SendRequest sr, ReceiveRequest rr, WorkCompletions wc, int value) {
        p.b.postReceive(rr.into(p.mrB, 0, 64).id(value));
        p.bufA.putInt(0, value);
        p.a.postSend(sr.send(p.mrA, 0, 64).id(value));
        while (p.cqA.poll(wc) == 0) {
            Thread.onSpinWait();
        }
        wc.checkSuccess(0);
        while (p.cqB.poll(wc) == 0) {
            Thread.onSpinWait();
        }
        wc.checkSuccess(0);
        return p.bufB.getInt(0);
    }
}
