/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.pso;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSO;
import jaguar.pso.PSOContainer;
import jaguar.pso.PSOFormatException;

/** References: offsets inside a container, null markers outside it, lazy cached recovery. */
class PSOReferenceTest {
    private final OffHeapBuffer buffer = OffHeapBuffer.allocate(1 << 16);
    private final PSOContainer c = PSOContainer.format(buffer);

    @AfterEach
    void close() {
        buffer.close();
    }

    public static class Node extends PSO {
        public int value;
        public Node next;
        public PSO any;
    }

    public static class SpecialNode extends Node {
        public long extra;
    }

    public static class Other extends PSO {
        public int x;
        public int y;
        public int z;
        public int w;
    }

    private int refSlot(PSO holder, int fieldOffset) {
        return buffer.getInt(holder.container().offsetInBuffer() + holder.offset() + fieldOffset, ByteOrder.LITTLE_ENDIAN);
    }

    /** A copy of the container's used bytes in a new buffer, as a receiver would have them. */
    private PSOContainer received() {
        ExternalBuffer copy = OffHeapBuffer.allocate(c.used());
        copy.copyFrom(c.bytes(), 0, 0, c.used());
        return PSOContainer.open(copy);
    }

    @Test
    void aReferenceInTheSameContainerIsStoredAsItsOffset() {
        Node a = c.allocate(Node.class);
        Node b = c.allocate(Node.class);
        a.next = b;
        assertSame(b, a.next);
        assertEquals(b.offset(), refSlot(a, 12), "next lies after value@8 at 12");
        a.next = null;
        assertEquals(0, refSlot(a, 12));
        assertNull(a.next);
    }

    @Test
    void aReferenceOutsideTheContainerStoresNullAndStaysUsableHere() {
        Node a = c.allocate(Node.class);
        try (OffHeapBuffer ob = OffHeapBuffer.allocate(1024)) {
            Node foreign = PSOContainer.format(ob).allocate(Node.class);
            a.next = foreign;
            assertEquals(0, refSlot(a, 12));
            assertSame(foreign, a.next, "usable inside this JVM");
        }
        c.setRoot(a);
        assertNull(received().root(Node.class).next, "not recoverable elsewhere");
    }

    @Test
    void recoveryIsLazyCachedAndFollowsCycles() {
        Node a = c.allocate(Node.class);
        Node b = c.allocate(Node.class);
        a.value = 1;
        b.value = 2;
        a.next = b;
        b.next = a;
        c.setRoot(a);
        PSOContainer r = received();
        Node ra = r.root(Node.class);
        assertNotSame(a, ra);
        assertEquals(1, ra.value);
        Node rb = ra.next;
        assertEquals(2, rb.value);
        assertSame(rb, ra.next, "cached");
        assertSame(ra, rb.next, "the cycle closes on the same object");
        assertSame(ra, r.map(Node.class, ra.offset()));
    }

    @Test
    void subclassesAreRecoveredByTheirFingerprint() {
        Node a = c.allocate(Node.class);
        SpecialNode s = c.allocate(SpecialNode.class);
        s.extra = 77;
        a.next = s;
        Other o = c.allocate(Other.class);
        o.y = 5;
        a.any = o;
        c.setRoot(a);
        Node ra = received().root(Node.class);
        assertEquals(SpecialNode.class, ra.next.getClass());
        assertEquals(77, ((SpecialNode) ra.next).extra);
        assertEquals(5, ((Other) ra.any).y);
    }

    @Test
    void rewrittenBytesAreSeenThroughACachedReference() {
        Node a = c.allocate(Node.class);
        Node b = c.allocate(Node.class);
        Node d = c.allocate(Node.class);
        a.next = b;
        assertSame(b, a.next);
        // Another writer (a receive into the same buffer) retargets the slot.
        buffer.putInt(c.offsetInBuffer() + a.offset() + 12, (int) d.offset(), ByteOrder.LITTLE_ENDIAN);
        assertEquals(d.offset(), a.next.offset());
        buffer.putInt(c.offsetInBuffer() + a.offset() + 12, 0, ByteOrder.LITTLE_ENDIAN);
        assertNull(a.next);
    }

    @Test
    void badReferencesAreClearErrorsNotReads() {
        Node a = c.allocate(Node.class);
        Other o = c.allocate(Other.class);
        c.setRoot(a);
        long slot = c.offsetInBuffer() + a.offset() + 12;
        int[] bad = {4, 12, (int) c.used(), -8, (int) o.offset(), (int) c.used() - 8, 8};
        for (int off : bad) {
            buffer.putInt(slot, off, ByteOrder.LITTLE_ENDIAN);
            PSOContainer r = received();
            Node ra = r.root(Node.class);
            PSOFormatException e = assertThrows(PSOFormatException.class, () -> System.out.println(ra.next), "offset " + off);
            assertTrue(e.getMessage().contains(Node.class.getName()), e.getMessage());
        }
    }

    @Test
    void aWrongTypeAtTheRootNamesBothFingerprints() {
        Other o = c.allocate(Other.class);
        c.setRoot(o);
        PSOFormatException e = assertThrows(PSOFormatException.class, () -> received().root(Node.class));
        assertTrue(e.getMessage().contains("fingerprint 0x" + Integer.toHexString(PSO.layoutOf(Other.class).fingerprint())), e.getMessage());
        assertTrue(e.getMessage().contains("another version"), e.getMessage());
    }

    @Test
    void aTamperedSizeFieldIsRefused() {
        Node a = c.allocate(Node.class);
        c.setRoot(a);
        buffer.putInt(c.offsetInBuffer() + a.offset() + 4, 1 << 20, ByteOrder.LITTLE_ENDIAN);
        PSOFormatException e = assertThrows(PSOFormatException.class, () -> received().root(Node.class));
        assertTrue(e.getMessage().contains("header says 1048576 bytes"), e.getMessage());
    }

    @Test
    void nestedContainersKeepTheirOwnOffsets() {
        Node outer = c.allocate(Node.class);
        PSOContainer inner = c.allocateContainer(1024);
        Node n1 = inner.allocate(Node.class);
        Node n2 = inner.allocate(Node.class);
        n1.next = n2;
        n2.value = 9;
        inner.setRoot(n1);
        assertEquals(n2.offset(), refSlot(n1, 12) + 0L, "offset from the nested container's start");
        // The outer object can point into the nested region: it lies inside the outer container too.
        outer.next = n2;
        assertEquals(inner.offsetInBuffer() - c.offsetInBuffer() + n2.offset(), refSlot(outer, 12));
        PSOContainer r = received();
        PSOContainer rin = r.openContainer(inner.offsetInBuffer() - c.offsetInBuffer());
        assertEquals(9, rin.root(Node.class).next.value);
        assertNull(r.root(Node.class), "the outer container has no root");
    }
}
