/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * A fixed-length array of one primitive type laid out in a container: an object header, a u32
 * element count, 4 bytes of padding, then the elements, little-endian, from offset 16. Arrays are
 * PSOs, so a PSO field of an array type holds a recoverable reference to one.
 *
 * <p>Element accessors check the index against the length validated when the array was placed
 * (one unsigned compare, which the JIT moves out of counted loops) and the buffer's liveness, then
 * make one raw access through Jaguar's code mappings.
 */
public abstract sealed class PSOArray extends PSO
                permits PSOByteArray, PSOShortArray, PSOCharArray, PSOIntArray, PSOLongArray, PSOFloatArray, PSODoubleArray {
    /** Offset of element 0 from the array's header. */
    public static final int DATA_OFFSET = 16;
    static final boolean SWAP = ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN;

    final int length;
    /** Absolute address of element 0. */
    final long data;

    PSOArray(PSOPlacement p) {
        super(p);
        this.length = p.length;
        this.data = address + DATA_OFFSET;
    }

    /**
     * Number of elements.
     *
     * @return the length the array was allocated with, validated against its size when it was placed
     */
    public final int length() {
        return length;
    }

    @Override
    public final int sizeInBytes() {
        return (int) sizeFor(PSOTypes.layoutOf(getClass()).elementType(), length);
    }

    /** Bytes an array of {@code length} elements takes; -1 if length is negative or too large. */
    static long sizeFor(PSOFieldType element, int length) {
        long bytes = DATA_OFFSET + (long) length * element.size();
        if (length < 0 || bytes > Integer.MAX_VALUE - PSOLayout.ALIGNMENT) {
            return -1;
        }
        return PSOLayout.roundUp(bytes);
    }

    static <T extends PSOArray> T allocate(PSOContainer c, Class<T> type, int length) {
        PSOTypes.Type t = PSOTypes.of(type);
        long bytes = sizeFor(t.layout().elementType(), length);
        if (bytes < 0) {
            throw new IllegalArgumentException("length=" + length + ": a " + type.getSimpleName() + " has 0 to "
                            + (Integer.MAX_VALUE - DATA_OFFSET - PSOLayout.ALIGNMENT) / t.layout().elementType().size() + " elements");
        }
        long off = c.reserve(bytes, t.layout().fingerprint());
        c.buffer.putInt(c.start + off + 8, length, ByteOrder.LITTLE_ENDIAN);
        return type.cast(t.map(new PSOPlacement(c, type, off, length)));
    }

    static String descriptor(Class<? extends PSOArray> type, PSOFieldType element) {
        return PSOLayout.array(type.getName(), element).descriptor();
    }

    final long elementAddress(int index, int shift) {
        checkReadable();
        return data + byteOffset(index, shift);
    }

    final long writableElementAddress(int index, int shift) {
        checkWritable();
        return data + byteOffset(index, shift);
    }

    /**
     * The byte offset of element {@code index}, checked against the length as a byte offset
     * against the byte length: C2's SuperWord vectorises a counted loop's native accesses when the
     * address adds the range-checked long itself, and not when it adds a shifted int index
     * checked on its own (bench/results/pso.md, the PSOIntArray write row).
     */
    private long byteOffset(int index, int shift) {
        long offset = (long) index << shift;
        try {
            Objects.checkIndex(offset, (long) length << shift);
        } catch (IndexOutOfBoundsException e) {
            throw new IndexOutOfBoundsException("index " + index + " out of bounds for length " + length);
        }
        return offset;
    }

    /** Copies {@code count} elements from {@code index} to a heap array (LE to native order). */
    final void copyOut(ValueLayout element, int index, Object dst, int dstIndex, int count) {
        Objects.checkFromIndexSize(index, count, length);
        checkReadable();
        MemorySegment.copy(segment(), element.withOrder(ByteOrder.LITTLE_ENDIAN), (long) index * element.byteSize(), dst, dstIndex,
                        count);
    }

    /** Copies {@code count} elements of a heap array to the array at {@code index}. */
    final void copyIn(ValueLayout element, Object src, int srcIndex, int index, int count) {
        Objects.checkFromIndexSize(index, count, length);
        checkWritable();
        MemorySegment.copy(src, srcIndex, segment(), element.withOrder(ByteOrder.LITTLE_ENDIAN), (long) index * element.byteSize(),
                        count);
    }

    private MemorySegment segment() {
        return container.buffer.asSegment().asSlice(container.start + offset() + DATA_OFFSET, (long) length * elementSize());
    }

    private int elementSize() {
        return PSOTypes.layoutOf(getClass()).elementType().size();
    }
}
