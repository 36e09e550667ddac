/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

/**
 * The type of a field laid out in a PSO's bytes, with its size (which is also its alignment).
 * Primitive values are stored little-endian; booleans as one byte, 0 or 1; references to other
 * PSOs as a 4-byte offset from the start of the container (0 is null, doc/pso.md).
 */
public enum PSOFieldType {
    /** {@code boolean}: one byte, 0 or 1. */
    BOOLEAN('Z', 1),
    /** {@code byte}: one byte. */
    BYTE('B', 1),
    /** {@code char}: two bytes. */
    CHAR('C', 2),
    /** {@code short}: two bytes. */
    SHORT('S', 2),
    /** {@code int}: four bytes. */
    INT('I', 4),
    /** {@code float}: the four bytes of its raw bits. */
    FLOAT('F', 4),
    /** {@code long}: eight bytes. */
    LONG('J', 8),
    /** {@code double}: the eight bytes of its raw bits. */
    DOUBLE('D', 8),
    /** A reference to a PSO: a u32 offset from the start of the container, 0 for null. */
    REFERENCE('L', 4);

    private final char code;
    private final int size;

    PSOFieldType(char code, int size) {
        this.code = code;
        this.size = size;
    }

    /**
     * Bytes in the container, and the alignment of the field's offset.
     *
     * @return 1, 2, 4 or 8
     */
    public int size() {
        return size;
    }

    /**
     * The first character of the JVM field descriptor of fields of this type.
     *
     * @return {@code Z B C S I F J D}, or {@code L} for references
     */
    public char descriptorCode() {
        return code;
    }

    /**
     * The type for a primitive JVM descriptor character, or REFERENCE for 'L'; null otherwise.
     *
     * @param c the first character of a JVM field descriptor
     * @return the type; null for {@code [} (arrays are not laid out) and anything unknown
     */
    public static PSOFieldType ofDescriptorCode(char c) {
        for (PSOFieldType t : values()) {
            if (t.code == c) {
                return t;
            }
        }
        return null;
    }
}
