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

    /**
     * A new array of {@code length} zero elements in {@code container}.
     *
     * @param container the container to allocate in; allocation is not thread-safe
     * @param length the number of elements, 0 to 268435452
     * @return the array, taking {@value PSOArray#DATA_OFFSET} + 8 &times; {@code length} bytes rounded
     *         up to 8
     * @throws IllegalArgumentException if {@code length} is negative or too large
     * @throws ContainerFullException if the array does not fit in what is left of the container
     * @throws jaguar.ext.ReadOnlyViolation if the container is read-only
     * @throws IllegalStateException if the container's buffer is closed
     */
    public static PSODoubleArray allocate(PSOContainer container, int length) {
        return PSOArray.allocate(container, PSODoubleArray.class, length);
    }

    /**
     * Element {@code index}.
     *
     * @param index 0 to {@link #length()} - 1
     * @return the element, stored as 8 bytes, little-endian (the raw bits)
     * @throws IndexOutOfBoundsException if {@code index} is outside [0, length)
     * @throws IllegalStateException if the container's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public double get(int index) {
        long a = elementAddress(index, 3);
        double v = Double.longBitsToDouble(swap(NativeMemory.getLong(a)));
        Reference.reachabilityFence(this);
        return v;
    }

    /**
     * Sets element {@code index}.
     *
     * @param index 0 to {@link #length()} - 1
     * @param v the value, stored as 8 bytes, little-endian (the raw bits)
     * @throws IndexOutOfBoundsException if {@code index} is outside [0, length)
     * @throws jaguar.ext.ReadOnlyViolation if the container is read-only
     * @throws IllegalStateException if the container's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public void set(int index, double v) {
        long a = writableElementAddress(index, 3);
        NativeMemory.putLong(a, swap(Double.doubleToRawLongBits(v)));
        Reference.reachabilityFence(this);
    }

    /**
     * Copies {@code count} elements from {@code index} into {@code dst} at {@code dstIndex}.
     *
     * @param index the first element copied
     * @param dst the heap array to fill
     * @param dstIndex where in {@code dst} the first element goes
     * @param count the number of elements, 0 or more
     * @throws IndexOutOfBoundsException if either range is out of its array's bounds
     * @throws IllegalStateException if the container's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public void copyTo(int index, double[] dst, int dstIndex, int count) {
        copyOut(ValueLayout.JAVA_DOUBLE, index, dst, dstIndex, count);
    }

    /**
     * Copies {@code count} elements of {@code src} from {@code srcIndex} into this array at {@code index}.
     *
     * @param src the heap array to copy from
     * @param srcIndex the first element of {@code src} copied
     * @param index where in this array the first element goes
     * @param count the number of elements, 0 or more
     * @throws IndexOutOfBoundsException if either range is out of its array's bounds
     * @throws jaguar.ext.ReadOnlyViolation if the container is read-only
     * @throws IllegalStateException if the container's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public void copyFrom(double[] src, int srcIndex, int index, int count) {
        copyIn(ValueLayout.JAVA_DOUBLE, src, srcIndex, index, count);
    }

    /**
     * The elements as a new heap array.
     *
     * @return a copy of all {@link #length()} elements, in order
     * @throws IllegalStateException if the container's buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public double[] toArray() {
        double[] a = new double[length];
        copyTo(0, a, 0, length);
        return a;
    }

    private static long swap(long v) {
        return SWAP ? Long.reverseBytes(v) : v;
    }
}
