/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

import java.lang.invoke.MethodHandles;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;

import jaguar.memory.NativeMemory;

/** A {@link PSOArray} of bytes. */
public final class PSOByteArray extends PSOArray {
    static {
        $register(descriptor(PSOByteArray.class, PSOFieldType.BYTE), MethodHandles.lookup());
    }

    private PSOByteArray(PSOPlacement p) {
        super(p);
    }

    /** A new array of {@code length} zero elements in {@code container}. */
    public static PSOByteArray allocate(PSOContainer container, int length) {
        return PSOArray.allocate(container, PSOByteArray.class, length);
    }

    /** Element {@code index}; IndexOutOfBoundsException outside [0, length). */
    public byte get(int index) {
        long a = elementAddress(index, 0);
        byte v = NativeMemory.getByte(a);
        Reference.reachabilityFence(this);
        return v;
    }

    /** Sets element {@code index}. */
    public void set(int index, byte v) {
        long a = writableElementAddress(index, 0);
        NativeMemory.putByte(a, v);
        Reference.reachabilityFence(this);
    }

    /** Copies {@code count} elements from {@code index} into {@code dst} at {@code dstIndex}. */
    public void copyTo(int index, byte[] dst, int dstIndex, int count) {
        copyOut(ValueLayout.JAVA_BYTE, index, dst, dstIndex, count);
    }

    /** Copies {@code count} elements of {@code src} from {@code srcIndex} into this array at {@code index}. */
    public void copyFrom(byte[] src, int srcIndex, int index, int count) {
        copyIn(ValueLayout.JAVA_BYTE, src, srcIndex, index, count);
    }

    /** The elements as a new heap array. */
    public byte[] toArray() {
        byte[] a = new byte[length];
        copyTo(0, a, 0, length);
        return a;
    }
}
