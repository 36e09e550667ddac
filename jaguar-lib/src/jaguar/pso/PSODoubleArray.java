/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

import java.lang.invoke.MethodHandles;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;

import jaguar.memory.NativeMemory;

/** A {@link PSOArray} of doubles. */
public final class PSODoubleArray extends PSOArray {
    static {
        $register(descriptor(PSODoubleArray.class, PSOFieldType.DOUBLE), MethodHandles.lookup());
    }

    private PSODoubleArray(PSOPlacement p) {
        super(p);
    }

    /** A new array of {@code length} zero elements in {@code container}. */
    public static PSODoubleArray allocate(PSOContainer container, int length) {
        return PSOArray.allocate(container, PSODoubleArray.class, length);
    }

    /** Element {@code index}; IndexOutOfBoundsException outside [0, length). */
    public double get(int index) {
        long a = elementAddress(index, 3);
        double v = Double.longBitsToDouble(swap(NativeMemory.getLong(a)));
        Reference.reachabilityFence(this);
        return v;
    }

    /** Sets element {@code index}. */
    public void set(int index, double v) {
        long a = writableElementAddress(index, 3);
        NativeMemory.putLong(a, swap(Double.doubleToRawLongBits(v)));
        Reference.reachabilityFence(this);
    }

    /** Copies {@code count} elements from {@code index} into {@code dst} at {@code dstIndex}. */
    public void copyTo(int index, double[] dst, int dstIndex, int count) {
        copyOut(ValueLayout.JAVA_DOUBLE, index, dst, dstIndex, count);
    }

    /** Copies {@code count} elements of {@code src} from {@code srcIndex} into this array at {@code index}. */
    public void copyFrom(double[] src, int srcIndex, int index, int count) {
        copyIn(ValueLayout.JAVA_DOUBLE, src, srcIndex, index, count);
    }

    /** The elements as a new heap array. */
    public double[] toArray() {
        double[] a = new double[length];
        copyTo(0, a, 0, length);
        return a;
    }

    private static long swap(long v) {
        return SWAP ? Long.reverseBytes(v) : v;
    }
}
