/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.verbs;

import jaguar.ext.OffHeapBuffer;
import jaguar.verbs.Access;
import jaguar.verbs.CompletionChannel;
import jaguar.verbs.CompletionQueue;
import jaguar.verbs.MemoryRegion;
import jaguar.verbs.ProtectionDomain;
import jaguar.verbs.QueuePair;
import jaguar.verbs.QueuePairAddress;
import jaguar.verbs.QueuePairConfig;
import jaguar.verbs.Verbs;
import jaguar.verbs.VerbsContext;
import jaguar.verbs.WorkCompletions;

/**
 * Two RC queue pairs on the test device, connected to each other by hand (no rdma_cm), each with
 * its own completion queue and a registered 64 KiB buffer. The fixture of the verbs device tests.
 */
final class LoopbackPair implements AutoCloseable {
    static final String DEVICE = System.getProperty("jaguar.verbs.device", "rxe0");
    static final int PORT = 1;
    static final int SIZE = 1 << 16;

    final VerbsContext ctx;
    final ProtectionDomain pd;
    final CompletionQueue cqA, cqB;
    final QueuePair a, b;
    final OffHeapBuffer bufA, bufB;
    final MemoryRegion mrA, mrB;
    final WorkCompletions wc = new WorkCompletions(1);

    /** A's completion channel, or null. */
    final CompletionChannel channelA;

    LoopbackPair(QueuePairConfig config) {
        this(config, false);
    }

    LoopbackPair(QueuePairConfig config, boolean channelOnA) {
        this(config, config, channelOnA, 256);
    }

    /** A and B shaped (and their queues accessed) differently; each completion queue accessed as its queue pair. */
    LoopbackPair(QueuePairConfig configA, QueuePairConfig configB, boolean channelOnA, int cqEntries) {
        ctx = Verbs.open(DEVICE);
        pd = ctx.allocateProtectionDomain();
        channelA = channelOnA ? ctx.createCompletionChannel() : null;
        cqA = ctx.createCompletionQueue(cqEntries, channelA, configA.queueAccess());
        cqB = ctx.createCompletionQueue(cqEntries, null, configB.queueAccess());
        a = pd.createQueuePair(configA, cqA, cqA);
        b = pd.createQueuePair(configB, cqB, cqB);
        int gid = ctx.defaultGidIndex(PORT);
        QueuePairAddress addrA = a.localAddress(PORT, gid, 100);
        QueuePairAddress addrB = b.localAddress(PORT, gid, 200);
        a.connect(PORT, gid, addrA, addrB, Access.all());
        b.connect(PORT, gid, addrB, addrA, Access.all());
        bufA = OffHeapBuffer.allocateShared(SIZE);
        bufB = OffHeapBuffer.allocateShared(SIZE);
        mrA = pd.register(bufA, Access.all());
        mrB = pd.register(bufB, Access.all());
    }

    /** Waits for one completion on {@code cq}, checks it succeeded, and leaves it in {@link #wc} entry 0. */
    WorkCompletions one(CompletionQueue cq) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (cq.poll(wc) == 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no completion within 30 s");
            }
            Thread.onSpinWait();
        }
        wc.checkSuccess(0);
        return wc;
    }

    @Override
    public void close() {
        mrA.close();
        mrB.close();
        a.close();
        b.close();
        cqA.close();
        cqB.close();
        if (channelA != null) {
            channelA.close();
        }
        pd.close();
        ctx.close();
        bufA.close();
        bufB.close();
    }
}
