/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.verbs;

import jaguar.ext.OffHeapBuffer;
import jaguar.verbs.Access;
import jaguar.verbs.MemoryRegion;
import jaguar.verbs.RdmaConnection;
import jaguar.verbs.ReceiveRequest;
import jaguar.verbs.SendRequest;
import jaguar.verbs.WorkCompletions;

/**
 * The echo side of the rdma_cm tests: receives messages on a connection and sends each back with
 * its bytes incremented by one, until a zero-length message. Registers its own buffer.
 */
final class Echo {
    private Echo() {}

    static final int SLOT = 4096;
    static final int SLOTS = 16;

    /** Serves until the zero-length message; returns how many messages it echoed. */
    static int serve(RdmaConnection c) {
        try (OffHeapBuffer buf = OffHeapBuffer.allocateShared((long) SLOT * (SLOTS + 1))) {
            MemoryRegion mr = c.protectionDomain().register(buf, Access.LOCAL_WRITE);
            try {
                ReceiveRequest rr = new ReceiveRequest();
                for (int i = 0; i < SLOTS; i++) {
                    c.queuePair().postReceive(rr.into(mr, (long) i * SLOT, SLOT).id(i));
                }
                SendRequest sr = new SendRequest();
                WorkCompletions wc = new WorkCompletions(8);
                long reply = (long) SLOTS * SLOT;
                int echoed = 0;
                while (true) {
                    c.completionQueue().pollBlocking(wc);
                    for (int i = 0; i < wc.count(); i++) {
                        wc.checkSuccess(i);
                        if (wc.opcode(i) != WorkCompletions.Opcode.RECV) {
                            continue;   // our reply's send completion
                        }
                        int slot = (int) wc.workRequestId(i);
                        int len = wc.byteLength(i);
                        if (len == 0) {
                            return echoed;   // every reply was awaited: nothing is in flight
                        }
                        for (int k = 0; k < len; k++) {
                            buf.putByte(reply + k, (byte) (buf.getByte((long) slot * SLOT + k) + 1));
                        }
                        c.queuePair().postReceive(rr.into(mr, (long) slot * SLOT, SLOT).id(slot));
                        c.queuePair().postSend(sr.send(mr, reply, len).id(-1));
                        awaitSend(c);
                        echoed++;
                    }
                }
            } finally {
                mr.close();
            }
        }
    }

    private static void awaitSend(RdmaConnection c) {
        // One reply in flight at a time: the reply buffer is reused.
        WorkCompletions one = new WorkCompletions(1);
        while (true) {
            c.completionQueue().pollBlocking(one);
            one.checkSuccess(0);
            if (one.opcode(0) == WorkCompletions.Opcode.SEND) {
                return;
            }
            throw new AssertionError("a receive completed while awaiting a send: the client sent ahead");
        }
    }
}
