/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

import java.lang.invoke.MethodHandles;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;

import jaguar.memory.NativeMemory;

/** A {@link PSOArray} of chars. */
public final class PSOCharArray extends PSOArray {
    static {
        $register(descriptor(PSOCharArray.class, PSOFieldType.CHAR), MethodHandles.lookup());
    }

    private PSOCharArray(PSOPlacement p) {
        super(p);
    }

    /** A new array of {@code length} zero elements in {@code container}. */
    public static PSOCharArray allocate(PSOContainer container, int length) {
        return PSOArray.allocate(container, PSOCharArray.class, length);
    }

    /** Element {@code index}; IndexOutOfBoundsException outside [0, length). */
    public char get(int index) {
        long a = elementAddress(index, 1);
        char v = swap(NativeMemory.getChar(a));
        Reference.reachabilityFence(this);
        return v;
    }

    /** Sets element {@code index}. */
    public void set(int index, char v) {
        long a = writableElementAddress(index, 1);
        NativeMemory.putChar(a, swap(v));
        Reference.reachabilityFence(this);
    }

    /** Copies {@code count} elements from {@code index} into {@code dst} at {@code dstIndex}. */
    public void copyTo(int index, char[] dst, int dstIndex, int count) {
        copyOut(ValueLayout.JAVA_CHAR, index, dst, dstIndex, count);
    }

    /** Copies {@code count} elements of {@code src} from {@code srcIndex} into this array at {@code index}. */
    public void copyFrom(char[] src, int srcIndex, int index, int count) {
        copyIn(ValueLayout.JAVA_CHAR, src, srcIndex, index, count);
    }

    /** The elements as a new heap array. */
    public char[] toArray() {
        char[] a = new char[length];
        copyTo(0, a, 0, length);
        return a;
    }

    private static char swap(char v) {
        return SWAP ? Character.reverseBytes(v) : v;
    }
}
