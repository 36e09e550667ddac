/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

import java.lang.invoke.MethodHandles;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;

import jaguar.memory.NativeMemory;

/** A {@link PSOArray} of floats. */
public final class PSOFloatArray extends PSOArray {
    static {
        $register(descriptor(PSOFloatArray.class, PSOFieldType.FLOAT), MethodHandles.lookup());
    }

    private PSOFloatArray(PSOPlacement p) {
        super(p);
    }

    /** A new array of {@code length} zero elements in {@code container}. */
    public static PSOFloatArray allocate(PSOContainer container, int length) {
        return PSOArray.allocate(container, PSOFloatArray.class, length);
    }

    /** Element {@code index}; IndexOutOfBoundsException outside [0, length). */
    public float get(int index) {
        long a = elementAddress(index, 2);
        float v = Float.intBitsToFloat(swap(NativeMemory.getInt(a)));
        Reference.reachabilityFence(this);
        return v;
    }

    /** Sets element {@code index}. */
    public void set(int index, float v) {
        long a = writableElementAddress(index, 2);
        NativeMemory.putInt(a, swap(Float.floatToRawIntBits(v)));
        Reference.reachabilityFence(this);
    }

    /** Copies {@code count} elements from {@code index} into {@code dst} at {@code dstIndex}. */
    public void copyTo(int index, float[] dst, int dstIndex, int count) {
        copyOut(ValueLayout.JAVA_FLOAT, index, dst, dstIndex, count);
    }

    /** Copies {@code count} elements of {@code src} from {@code srcIndex} into this array at {@code index}. */
    public void copyFrom(float[] src, int srcIndex, int index, int count) {
        copyIn(ValueLayout.JAVA_FLOAT, src, srcIndex, index, count);
    }

    /** The elements as a new heap array. */
    public float[] toArray() {
        float[] a = new float[length];
        copyTo(0, a, 0, length);
        return a;
    }

    private static int swap(int v) {
        return SWAP ? Integer.reverseBytes(v) : v;
    }
}
