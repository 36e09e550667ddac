/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

import java.lang.invoke.MethodHandles;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;

import jaguar.memory.NativeMemory;

/** A {@link PSOArray} of shorts. */
public final class PSOShortArray extends PSOArray {
    static {
        $register(descriptor(PSOShortArray.class, PSOFieldType.SHORT), MethodHandles.lookup());
    }

    private PSOShortArray(PSOPlacement p) {
        super(p);
    }

    /** A new array of {@code length} zero elements in {@code container}. */
    public static PSOShortArray allocate(PSOContainer container, int length) {
        return PSOArray.allocate(container, PSOShortArray.class, length);
    }

    /** Element {@code index}; IndexOutOfBoundsException outside [0, length). */
    public short get(int index) {
        long a = elementAddress(index, 1);
        short v = swap(NativeMemory.getShort(a));
        Reference.reachabilityFence(this);
        return v;
    }

    /** Sets element {@code index}. */
    public void set(int index, short v) {
        long a = writableElementAddress(index, 1);
        NativeMemory.putShort(a, swap(v));
        Reference.reachabilityFence(this);
    }

    /** Copies {@code count} elements from {@code index} into {@code dst} at {@code dstIndex}. */
    public void copyTo(int index, short[] dst, int dstIndex, int count) {
        copyOut(ValueLayout.JAVA_SHORT, index, dst, dstIndex, count);
    }

    /** Copies {@code count} elements of {@code src} from {@code srcIndex} into this array at {@code index}. */
    public void copyFrom(short[] src, int srcIndex, int index, int count) {
        copyIn(ValueLayout.JAVA_SHORT, src, srcIndex, index, count);
    }

    /** The elements as a new heap array. */
    public short[] toArray() {
        short[] a = new short[length];
        copyTo(0, a, 0, length);
        return a;
    }

    private static short swap(short v) {
        return SWAP ? Short.reverseBytes(v) : v;
    }
}
