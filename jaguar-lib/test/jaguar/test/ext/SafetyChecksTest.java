/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.ext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import jaguar.ext.MappingMode;
import jaguar.ext.BufferScope;
import jaguar.ext.ExternalBuffer;
import jaguar.ext.MappedFileBuffer;
import jaguar.ext.OffHeapBuffer;

/** Bounds, liveness, owner thread and alignment: every bad access throws, none reaches memory. */
class SafetyChecksTest {
    private static final int SIZE = 64;

    @TempDir
    Path dir;

    private static void assertOutOfBounds(String message, Executable e) {
        IndexOutOfBoundsException x = assertThrows(IndexOutOfBoundsException.class, e);
        assertEquals(message, x.getMessage());
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldRejectAccessesOutsideTheBuffer(BufferKind kind) throws Exception {
        try (BufferKind.Opened o = kind.open(SIZE, dir)) {
            ExternalBuffer b = o.buffer();
            assertOutOfBounds("offset=-1 width=1 out of bounds for size=64", () -> b.getByte(-1));
            assertOutOfBounds("offset=64 width=1 out of bounds for size=64", () -> b.putByte(SIZE, (byte) 1));
            assertOutOfBounds("offset=61 width=4 out of bounds for size=64", () -> b.getInt(61));
            assertOutOfBounds("offset=57 width=8 out of bounds for size=64", () -> b.putLong(57, 1L, ByteOrder.BIG_ENDIAN));
            assertOutOfBounds("offset=9223372036854775807 width=8 out of bounds for size=64", () -> b.getLong(Long.MAX_VALUE));
            assertOutOfBounds("offset=-9223372036854775808 width=2 out of bounds for size=64", () -> b.getShort(Long.MIN_VALUE));
            assertOutOfBounds("offset=9223372036854775805 width=4 out of bounds for size=64", () -> b.getAndAddInt(Long.MAX_VALUE - 2, 1));
            assertThrows(IndexOutOfBoundsException.class, () -> b.get(60, new byte[8], 0, 8));
            assertThrows(IndexOutOfBoundsException.class, () -> b.put(0, new int[4], 2, 3));
            assertThrows(IndexOutOfBoundsException.class, () -> b.fill(1, SIZE, (byte) 1));
            assertThrows(IndexOutOfBoundsException.class, () -> b.fill(0, -1, (byte) 1));
            // The last byte, int and long that fit are fine.
            b.putByte(SIZE - 1, (byte) 1);
            b.putInt(SIZE - 4, 2);
            b.putLong(SIZE - 8, 3L);
            assertEquals(3L, b.getLong(SIZE - 8));
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldThrowOnEveryAccessAfterClose(BufferKind kind) throws Exception {
        BufferKind.Opened o = kind.open(SIZE, dir);
        ExternalBuffer b = o.buffer();
        b.putInt(0, 1);
        o.close();
        assertFalse(b.isAlive());
        for (Executable e : new Executable[]{() -> b.getByte(0), () -> b.putInt(0, 1), () -> b.getLong(0, ByteOrder.BIG_ENDIAN),
                        () -> b.getIntAcquire(0), () -> b.putLongRelease(0, 1), () -> b.compareAndSetInt(0, 1, 2),
                        () -> b.getAndAddLong(0, 1), () -> b.get(0, new byte[4], 0, 4), () -> b.fill(0, 4, (byte) 0),
                        () -> b.slice(0, 4), b::asSegment, b::address}) {
            IllegalStateException x = assertThrows(IllegalStateException.class, e);
            assertTrue(x.getMessage().startsWith("buffer closed: kind="), x.getMessage());
        }
        o.close(); // closing twice is harmless
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldGiveTheBaseAddressOfEveryKindAndOfSlices(BufferKind kind) throws Exception {
        try (BufferKind.Opened o = kind.open(SIZE, dir)) {
            ExternalBuffer b = o.buffer();
            assertEquals(b.asSegment().address(), b.address());
            assertEquals(b.address() + 16, b.slice(16, 8).address());
        }
    }

    /** The scope is what structures over a buffer (PSOs) test: it must agree with the accessors. */
    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldDenyTheScopeExactlyWhenTheAccessorsThrow(BufferKind kind) throws Exception {
        BufferScope scope;
        try (BufferKind.Opened o = kind.open(SIZE, dir)) {
            ExternalBuffer b = o.buffer();
            scope = b.scope();
            assertEquals(0, scope.deniedToCurrentThread());
            assertTrue(scope.isAlive());
            assertEquals(scope, b.slice(8, 8).scope());
            assertTrue(scope.readableByCurrentThread());
            assertTrue(b.accessScope().readableByCurrentThread());
            assertEquals(!b.isReadOnly(), b.accessScope().writableByCurrentThread());
            int fromOtherThread = CompletableFuture.supplyAsync(scope::deniedToCurrentThread).get();
            assertEquals(kind.confined ? 1 : 0, fromOtherThread);
            assertEquals(!kind.confined, CompletableFuture.supplyAsync(scope::readableByCurrentThread).get());
            BufferScope access = b.accessScope();
            assertEquals(!kind.confined && !b.isReadOnly(), CompletableFuture.supplyAsync(access::writableByCurrentThread).get());
        }
        assertEquals(1, scope.deniedToCurrentThread());
        assertFalse(scope.isAlive());
        assertFalse(scope.readableByCurrentThread());
        assertFalse(scope.writableByCurrentThread());
        assertEquals(1, (int) CompletableFuture.supplyAsync(scope::deniedToCurrentThread).get());
        assertFalse(CompletableFuture.supplyAsync(scope::readableByCurrentThread).get());
    }

    @Test
    void shouldDenyWritesThroughTheAccessScopeOfAReadOnlyBufferAndCloseItWithTheBuffer() throws Exception {
        Path file = dir.resolve("ro");
        java.nio.file.Files.write(file, new byte[SIZE]);
        BufferScope access;
        try (MappedFileBuffer b = MappedFileBuffer.map(file, MappingMode.READ_ONLY, 0, SIZE)) {
            access = b.accessScope();
            assertEquals(0, b.scope().deniedToCurrentThread());
            assertTrue(access.readableByCurrentThread());
            assertFalse(access.writableByCurrentThread());
            assertTrue(access.isAlive());
            assertEquals(access, b.slice(8, 8).accessScope(), "one twin per scope");
        }
        assertFalse(access.isAlive());
        assertFalse(access.readableByCurrentThread());
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldConfineAccessesToTheOwnerThreadUnlessShared(BufferKind kind) throws Exception {
        try (BufferKind.Opened o = kind.open(SIZE, dir)) {
            ExternalBuffer b = o.buffer();
            b.putInt(0, 42);
            assertEquals(kind.confined, b.isConfined());
            CompletableFuture<Integer> read = CompletableFuture.supplyAsync(() -> b.getInt(0));
            if (kind.confined) {
                ExecutionException x = assertThrows(ExecutionException.class, read::get);
                assertTrue(x.getCause() instanceof WrongThreadException, x.getCause().toString());
                assertTrue(x.getCause().getMessage().contains("is not owner=main"), x.getCause().getMessage());
                assertTrue(CompletableFuture.runAsync(o::close).handle((v, t) -> t.getCause() instanceof WrongThreadException).get());
                assertTrue(b.isAlive());
            } else {
                assertEquals(42, read.get());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldRequireNaturalAlignmentForOrderedAndAtomicAccesses(BufferKind kind) throws Exception {
        try (BufferKind.Opened o = kind.open(SIZE, dir)) {
            ExternalBuffer b = o.buffer(); // every kind's buffer starts 8-byte aligned
            IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> b.getIntAcquire(2));
            assertTrue(x.getMessage().startsWith("offset=2 width=4 misaligned"), x.getMessage());
            assertThrows(IllegalArgumentException.class, () -> b.putLongRelease(4, 1));
            assertThrows(IllegalArgumentException.class, () -> b.compareAndSetLong(12, 0, 1));
            assertThrows(IllegalArgumentException.class, () -> b.getAndSetInt(1, 1));
            b.putInt(3, 7); // plain accesses need no alignment
            assertEquals(7, b.getInt(3));
        }
    }

    @Test
    void shouldBoundSlicesAndTieTheirLifetimeToTheParent() {
        OffHeapBuffer parent = OffHeapBuffer.allocate(SIZE);
        ExternalBuffer slice = parent.slice(16, 8);
        ExternalBuffer inner = slice.slice(4, 4);
        assertEquals(8, slice.size());
        slice.putInt(4, 0x12345678);
        assertEquals(0x12345678, parent.getInt(20));
        assertEquals(0x12345678, inner.getInt(0));
        assertOutOfBounds("offset=5 width=4 out of bounds for size=8", () -> slice.getInt(5));
        assertOutOfBounds("offset=1 width=4 out of bounds for size=4", () -> inner.getInt(1));
        assertOutOfBounds("offset=60 width=8 out of bounds for size=64", () -> parent.slice(60, 8));
        assertOutOfBounds("offset=0 width=9 out of bounds for size=8", () -> slice.slice(0, 9));
        assertThrows(IndexOutOfBoundsException.class, () -> slice.slice(0, -1));
        UnsupportedOperationException x = assertThrows(UnsupportedOperationException.class, slice::close);
        assertTrue(x.getMessage().startsWith("a slice cannot be closed"), x.getMessage());
        assertTrue(slice.isAlive());
        parent.close();
        assertFalse(slice.isAlive());
        assertFalse(inner.isAlive());
        assertThrows(IllegalStateException.class, () -> slice.getInt(0));
        assertThrows(IllegalStateException.class, () -> inner.putInt(0, 1));
    }

    @Test
    void shouldRejectNonPositiveSizesAndNullOrders() {
        assertEquals("size=0 must be positive", assertThrows(IllegalArgumentException.class, () -> OffHeapBuffer.allocate(0)).getMessage());
        assertEquals("size=-5 must be positive", assertThrows(IllegalArgumentException.class, () -> OffHeapBuffer.allocateShared(-5)).getMessage());
        try (OffHeapBuffer b = OffHeapBuffer.allocate(8)) {
            assertThrows(NullPointerException.class, () -> b.getInt(0, null));
            assertThrows(NullPointerException.class, () -> b.putLong(0, 1L, null));
        }
    }

    @Test
    void shouldTieTheSegmentViewToTheBuffer() {
        OffHeapBuffer confined = OffHeapBuffer.allocate(16);
        confined.putInt(4, 99);
        assertEquals(99, confined.slice(4, 4).asSegment().get(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 0));
        java.lang.foreign.MemorySegment cs = confined.asSegment();
        confined.close();
        assertFalse(cs.scope().isAlive());

        OffHeapBuffer shared = OffHeapBuffer.allocateShared(16);
        java.lang.foreign.MemorySegment ss = shared.asSegment();
        ss.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 8, 5);
        assertEquals(5, shared.getInt(8));
        shared.close();
        assertFalse(ss.scope().isAlive());
        assertThrows(IllegalStateException.class, () -> ss.get(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 8));
    }
}
