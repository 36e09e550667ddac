/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

import java.lang.invoke.MethodHandles;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;

import jaguar.memory.NativeMemory;

/** A {@link PSOArray} of ints. */
public final class PSOIntArray extends PSOArray {
    static {
        $register(descriptor(PSOIntArray.class, PSOFieldType.INT), MethodHandles.lookup());
    }

    private PSOIntArray(PSOPlacement p) {
        super(p);
    }

    /** A new array of {@code length} zero elements in {@code container}. */
    public static PSOIntArray allocate(PSOContainer container, int length) {
        return PSOArray.allocate(container, PSOIntArray.class, length);
    }

    /** Element {@code index}; IndexOutOfBoundsException outside [0, length). */
    public int get(int index) {
        long a = elementAddress(index, 2);
        int v = swap(NativeMemory.getInt(a));
        Reference.reachabilityFence(this);
        return v;
    }

    /** Sets element {@code index}. */
    public void set(int index, int v) {
        long a = writableElementAddress(index, 2);
        NativeMemory.putInt(a, swap(v));
        Reference.reachabilityFence(this);
    }

    /** Copies {@code count} elements from {@code index} into {@code dst} at {@code dstIndex}. */
    public void copyTo(int index, int[] dst, int dstIndex, int count) {
        copyOut(ValueLayout.JAVA_INT, index, dst, dstIndex, count);
    }

    /** Copies {@code count} elements of {@code src} from {@code srcIndex} into this array at {@code index}. */
    public void copyFrom(int[] src, int srcIndex, int index, int count) {
        copyIn(ValueLayout.JAVA_INT, src, srcIndex, index, count);
    }

    /** The elements as a new heap array. */
    public int[] toArray() {
        int[] a = new int[length];
        copyTo(0, a, 0, length);
        return a;
    }

    private static int swap(int v) {
        return SWAP ? Integer.reverseBytes(v) : v;
    }
}
