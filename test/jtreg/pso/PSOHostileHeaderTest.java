/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary Minimal reproducers of what PSOFuzzTest found in PSOContainer's handling of hostile
 *          container headers: a non-PSO exception for short input, and a capacity >= 2^63 that
 *          is accepted as a negative capacity, after which references into the container are
 *          stored as null in its bytes.
 * @build FuzzBase FuzzLeaf FuzzNode FuzzNodeEx
 * @run main/othervm PSOHostileHeaderTest
 */

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSOContainer;
import jaguar.pso.PSOContainerDescriptor;
import jaguar.pso.PSOFormatException;

public class PSOHostileHeaderTest {
    static final List<String> failures = new ArrayList<>();

    public static void main(String[] args) {
        truncatedHeader();
        nestedHeaderAtEnd();
        hugeCapacity();
        if (!failures.isEmpty()) {
            throw new AssertionError(failures.size() + " failure(s) in 3 cases:\n  " + String.join("\n  ", failures));
        }
        System.out.println("PASSED");
    }

    /** A received message of 20 bytes (less than a container header) must be refused as bytes, not as an argument. */
    static void truncatedHeader() {
        try (OffHeapBuffer buf = OffHeapBuffer.allocate(64)) {
            PSOContainer.format(buf);
            PSOContainer.open(buf, 0, 20);
            failures.add("open(buf, 0, 20) opened a container from 20 bytes");
        } catch (PSOFormatException expected) {
            System.out.println("open(buf, 0, 20): " + expected.getMessage());
        } catch (RuntimeException e) {
            failures.add("open(buf, 0, 20) threw " + e + ", not PSOFormatException");
        }
    }

    /** A nested-container offset read from the bytes, 8 bytes before the end: refused as bytes. */
    static void nestedHeaderAtEnd() {
        try (OffHeapBuffer buf = OffHeapBuffer.allocate(256)) {
            PSOContainer c = PSOContainer.format(buf);
            c.allocate(FuzzNode.class);
            long off = c.used() - 8;
            c.openContainer(off);
            failures.add("openContainer(used - 8) opened a container");
        } catch (PSOFormatException expected) {
            System.out.println("openContainer(used - 8): " + expected.getMessage());
        } catch (RuntimeException e) {
            failures.add("openContainer(used - 8) threw " + e + ", not PSOFormatException");
        }
    }

    /** Header capacity 2^63: open() must refuse it or clamp it to the bytes available, and references must still be stored. */
    static void hugeCapacity() {
        try (OffHeapBuffer buf = OffHeapBuffer.allocate(256)) {
            PSOContainer c = PSOContainer.format(buf);
            FuzzNode a = c.allocate(FuzzNode.class);
            FuzzNode b = c.allocate(FuzzNode.class);
            c.setRoot(a);
            buf.putLong(PSOContainerDescriptor.CAPACITY_OFFSET, Long.MIN_VALUE, ByteOrder.LITTLE_ENDIAN); // capacity = 2^63
            PSOContainer hostile;
            try {
                hostile = PSOContainer.open(buf, 0, c.used());
            } catch (PSOFormatException refused) {
                System.out.println("capacity 2^63 refused: " + refused.getMessage());
                return;
            }
            if (hostile.capacity() < hostile.used() || hostile.capacity() > c.used()) {
                failures.add("capacity 2^63 opened with capacity()=" + hostile.capacity() + " (used " + hostile.used() + ")");
            }
            FuzzNode ra = hostile.root(FuzzNode.class);
            FuzzNode rb = hostile.map(FuzzNode.class, b.offset());
            ra.next = rb;
            int stored = buf.getInt(ra.offset() + FuzzNode.layoutOf(FuzzNode.class).field("next").offset(), ByteOrder.LITTLE_ENDIAN);
            if (stored != rb.offset()) {
                failures.add("capacity 2^63: root.next = (object at " + rb.offset() + ") stored " + stored + " in the bytes (read back in"
                                + " this JVM: " + (ra.next == null ? "null" : "@" + ra.next.offset()) + ")");
            }
        }
    }
}
