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
    BOOLEAN('Z', 1), BYTE('B', 1), CHAR('C', 2), SHORT('S', 2), INT('I', 4), FLOAT('F', 4), LONG('J', 8), DOUBLE('D', 8),
    REFERENCE('L', 4);

    private final char code;
    private final int size;

    PSOFieldType(char code, int size) {
        this.code = code;
        this.size = size;
    }

    /** Bytes in the container, and the alignment of the field's offset. */
    public int size() {
        return size;
    }

    /** The first character of the JVM field descriptor of fields of this type. */
    public char descriptorCode() {
        return code;
    }

    /** The type for a primitive JVM descriptor character, or REFERENCE for 'L'; null otherwise. */
    public static PSOFieldType ofDescriptorCode(char c) {
        for (PSOFieldType t : values()) {
            if (t.code == c) {
                return t;
            }
        }
        return null;
    }
}
