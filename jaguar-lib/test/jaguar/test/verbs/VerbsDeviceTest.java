/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.verbs;

import java.util.List;

import jaguar.ext.OffHeapBuffer;
import jaguar.verbs.Access;
import jaguar.verbs.CompletionQueue;
import jaguar.verbs.DeviceAttributes;
import jaguar.verbs.MemoryRegion;
import jaguar.verbs.PortAttributes;
import jaguar.verbs.QueuePairConfig;
import jaguar.verbs.RdmaDevice;
import jaguar.verbs.ReceiveRequest;
import jaguar.verbs.RemoteBuffer;
import jaguar.verbs.SendRequest;
import jaguar.verbs.Verbs;
import jaguar.verbs.VerbsContext;
import jaguar.verbs.VerbsException;
import jaguar.verbs.WorkCompletions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The binding on a real verbs device (Soft-RoCE rxe0 in the test VM: make test-verbs): device and
 * port queries, memory registration of External Objects, RC queue pairs connected by hand, sends
 * with immediate data, RDMA write and read, completion channels, and the errors a user can cause.
 */
@Tag("rdma-device")
class VerbsDeviceTest {
    @Test
    void listsQueriesAndAddressesTheDevice() {
        List<RdmaDevice> devices = Verbs.devices();
        assertTrue(devices.stream().anyMatch(d -> d.name().equals(LoopbackPair.DEVICE)), devices.toString());
        try (VerbsContext ctx = Verbs.open(LoopbackPair.DEVICE)) {
            DeviceAttributes d = ctx.queryDevice();
            assertEquals(1, d.physicalPortCount());
            assertTrue(d.maxQueuePairs() > 0 && d.maxCompletionQueueEntries() > 0, d.toString());
            PortAttributes p = ctx.queryPort(1);
            assertTrue(p.isActive(), p.toString());
            assertTrue(p.isEthernet(), "rxe is RoCE: " + p);
            int gid = ctx.defaultGidIndex(1);
            assertEquals("10.50.0.1", ctx.gid(1, gid).ipv4().getHostAddress());
            assertThrows(IllegalArgumentException.class, () -> ctx.queryPort(0));
        }
    }

    @Test
    void sendWithImmediateArrivesIntact() {
        try (LoopbackPair p = new LoopbackPair(QueuePairConfig.defaults())) {
            for (int i = 0; i < 4096; i++) {
                p.bufA.putByte(i, (byte) (i * 31 + 7));
            }
            p.b.postReceive(new ReceiveRequest().into(p.mrB, 1000, 4096).id(77));
            p.a.postSend(new SendRequest().sendWithImmediate(p.mrA, 0, 4096, 0xCAFE_BABE).id(5));
            WorkCompletions s = p.one(p.cqA);
            assertEquals(5, s.workRequestId(0));
            assertEquals(WorkCompletions.Opcode.SEND, s.opcode(0));
            WorkCompletions r = p.one(p.cqB);
            assertEquals(77, r.workRequestId(0));
            assertEquals(WorkCompletions.Opcode.RECV, r.opcode(0));
            assertEquals(4096, r.byteLength(0));
            assertTrue(r.hasImmediate(0));
            assertEquals(0xCAFE_BABE, r.immediate(0));
            for (int i = 0; i < 4096; i++) {
                assertEquals((byte) (i * 31 + 7), p.bufB.getByte(1000 + i), "byte " + i);
            }
        }
    }

    @Test
    void rdmaWriteThenReadMovesBytesWithoutTheTargetsCpu() {
        try (LoopbackPair p = new LoopbackPair(QueuePairConfig.defaults())) {
            for (int i = 0; i < 8192; i += 8) {
                p.bufA.putLong(i, 0x0102030405060708L * (i + 1));
            }
            RemoteBuffer remoteB = p.mrB.remote();
            p.a.postSend(new SendRequest().write(p.mrA, 0, 8192, remoteB, 4096).id(1));
            assertEquals(WorkCompletions.Opcode.RDMA_WRITE, p.one(p.cqA).opcode(0));
            for (int i = 0; i < 8192; i += 8) {
                assertEquals(0x0102030405060708L * (i + 1), p.bufB.getLong(4096 + i));
            }
            // read it back from B into another part of A
            p.a.postSend(new SendRequest().read(p.mrA, 32768, 8192, remoteB, 4096).id(2));
            assertEquals(WorkCompletions.Opcode.RDMA_READ, p.one(p.cqA).opcode(0));
            assertEquals(-1, p.bufA.asSegment().asSlice(0, 8192).mismatch(p.bufA.asSegment().asSlice(32768, 8192)));
        }
    }

    @Test
    void writeWithImmediateTellsTheTargetTheDataLanded() {
        try (LoopbackPair p = new LoopbackPair(QueuePairConfig.defaults())) {
            p.bufA.putLong(0, 0x5EED_5EED_5EEDL);
            p.b.postReceive(new ReceiveRequest().into(p.mrB, 0, 0).id(9));
            p.a.postSend(new SendRequest().writeWithImmediate(p.mrA, 0, 8, p.mrB.remote(), 512, 42));
            p.one(p.cqA);
            WorkCompletions r = p.one(p.cqB);
            assertEquals(WorkCompletions.Opcode.RECV_RDMA_WITH_IMM, r.opcode(0));
            assertEquals(42, r.immediate(0));
            assertEquals(0x5EED_5EED_5EEDL, p.bufB.getLong(512));
        }
    }

    @Test
    void manyMessagesInFlightAllComplete() {
        int n = 200;
        try (LoopbackPair p = new LoopbackPair(QueuePairConfig.defaults().withDepth(64, 64))) {
            ReceiveRequest rr = new ReceiveRequest();
            SendRequest sr = new SendRequest().signaled(true);
            WorkCompletions wc = new WorkCompletions(32);
            for (int i = 0; i < 32; i++) {
                p.b.postReceive(rr.into(p.mrB, i * 64L, 64).id(i));
            }
            int sent = 0, sendDone = 0, received = 0;
            long sum = 0;
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (received < n) {
                assertTrue(System.nanoTime() < deadline, "stalled at " + received + " of " + n);
                while (sent < n && sent - sendDone < 32 && sent - received < 32) {
                    p.bufA.putInt((sent % 32) * 64L, sent);
                    p.a.postSend(sr.send(p.mrA, (sent % 32) * 64L, 64).id(sent));
                    sent++;
                }
                int k = p.cqA.poll(wc);
                for (int i = 0; i < k; i++) {
                    wc.checkSuccess(i);
                }
                sendDone += k;
                k = p.cqB.poll(wc);
                for (int i = 0; i < k; i++) {
                    wc.checkSuccess(i);
                    long slot = wc.workRequestId(i);
                    sum += p.bufB.getInt(slot * 64);
                    p.b.postReceive(rr.into(p.mrB, slot * 64, 64).id(slot));
                    received++;
                }
            }
            assertEquals((long) n * (n - 1) / 2, sum, "every message arrived once");
        }
    }

    @Test
    void completionChannelWakesASleepingThread() throws Exception {
        try (LoopbackPair p = new LoopbackPair(QueuePairConfig.defaults(), true)) {
            p.cqA.requestNotification(false);
            Thread poster = Thread.ofPlatform().start(() -> {
                try {
                    Thread.sleep(200);   // the main thread is asleep in the channel by now
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                p.a.postSend(new SendRequest().write(p.mrA, 0, 8, p.mrB.remote(), 64));
            });
            assertEquals(p.cqA, p.channelA.awaitEvent(p.cqA));
            poster.join();
            WorkCompletions wc = new WorkCompletions(4);
            assertEquals(1, p.cqA.poll(wc));
            wc.checkSuccess(0);
        }
    }

    @Test
    void badRemoteKeyIsACompletionErrorNamingTheCause() {
        try (LoopbackPair p = new LoopbackPair(QueuePairConfig.defaults())) {
            RemoteBuffer forged = new RemoteBuffer(p.mrB.remote().address(), p.mrB.length(), p.mrB.remoteKey() ^ 0x5a5a00);
            p.a.postSend(new SendRequest().write(p.mrA, 0, 64, forged, 0).id(3));
            VerbsException e = assertThrows(VerbsException.class, () -> p.one(p.cqA));
            assertTrue(e.getMessage().contains("wr_id 3") && e.getMessage().contains("remote access error"), e.getMessage());
        }
    }

    @Test
    void rangesAreCheckedBeforeAnythingIsPosted() {
        try (LoopbackPair p = new LoopbackPair(QueuePairConfig.defaults())) {
            SendRequest sr = new SendRequest();
            assertThrows(IndexOutOfBoundsException.class, () -> sr.send(p.mrA, LoopbackPair.SIZE - 10, 11));
            assertThrows(IndexOutOfBoundsException.class, () -> sr.send(p.mrA, -1, 8));
            assertThrows(IndexOutOfBoundsException.class, () -> sr.write(p.mrA, 0, 64, p.mrB.remote(), LoopbackPair.SIZE - 63));
            assertThrows(IndexOutOfBoundsException.class, () -> new ReceiveRequest().into(p.mrB, 0, LoopbackPair.SIZE + 1));
            assertThrows(IllegalStateException.class, () -> p.a.postSend(new SendRequest()));
        }
    }

    @Test
    void registrationPinsTheBufferAndClosedObjectsRefuseWork() {
        try (VerbsContext ctx = Verbs.open(LoopbackPair.DEVICE); var pd = ctx.allocateProtectionDomain()) {
            OffHeapBuffer buf = OffHeapBuffer.allocate(4096);
            MemoryRegion mr = pd.register(buf, Access.LOCAL_WRITE);
            IllegalStateException pinned = assertThrows(IllegalStateException.class, buf::close);
            assertTrue(pinned.getMessage().contains("RDMA memory region"), pinned.getMessage());
            assertTrue(buf.isAlive());
            assertThrows(IllegalStateException.class, mr::remote, "registered without remote access");
            SendRequest sr = new SendRequest().send(mr, 0, 8);
            mr.close();
            assertThrows(IllegalStateException.class, () -> sr.send(mr, 0, 8));
            buf.close();   // unpinned now
            assertFalse(buf.isAlive());
            assertThrows(IllegalStateException.class, () -> pd.register(buf, Access.LOCAL_WRITE));
            assertThrows(IllegalArgumentException.class, () -> pd.register(OffHeapBuffer.allocateShared(64), Access.REMOTE_WRITE),
                    "remote write needs local write");
        }
    }

    @Test
    void closingADomainDeregistersWhatIsLeftInIt() {
        try (VerbsContext ctx = Verbs.open(LoopbackPair.DEVICE)) {
            var pd = ctx.allocateProtectionDomain();
            CompletionQueue cq = ctx.createCompletionQueue(16, null);
            var qp = pd.createQueuePair(QueuePairConfig.defaults(), cq, cq);
            OffHeapBuffer buf = OffHeapBuffer.allocate(4096);
            MemoryRegion mr = pd.register(buf, Access.LOCAL_WRITE);
            pd.close();
            assertThrows(IllegalStateException.class, () -> new SendRequest().send(mr, 0, 8), "region deregistered");
            assertThrows(IllegalStateException.class, () -> qp.postReceive(new ReceiveRequest()), "queue pair closed");
            cq.close();
            buf.close();   // unpinned by the domain's close
            assertFalse(buf.isAlive());
        }
    }

    @Test
    void closingInTheWrongOrderIsAnErrorNotACrash() {
        try (VerbsContext ctx = Verbs.open(LoopbackPair.DEVICE)) {
            var pd = ctx.allocateProtectionDomain();
            CompletionQueue cq = ctx.createCompletionQueue(16, null);
            var qp = pd.createQueuePair(QueuePairConfig.defaults(), cq, cq);
            VerbsException busy = assertThrows(VerbsException.class, cq::close);
            assertEquals("ibv_destroy_cq", busy.call());
            assertTrue(busy.getMessage().contains("EBUSY"), busy.getMessage());
            qp.close();
            cq.close();
            pd.close();
            assertThrows(IllegalStateException.class, () -> pd.register(OffHeapBuffer.allocateShared(64), Access.LOCAL_WRITE));
            assertThrows(IllegalStateException.class, () -> cq.poll(new WorkCompletions(1)));
        }
    }
}
