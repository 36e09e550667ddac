/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

/** The size and signedness of a memory access. {@code u8}/{@code u16} loads zero-extend. */
public enum Width {
    /** {@code i8}: one byte, sign-extended when loaded (a Java {@code byte}). */
    I8(1, ValueType.I8),
    /** {@code u8}: one byte, zero-extended when loaded. */
    U8(1, ValueType.U8),
    /** {@code i16}: two bytes, sign-extended when loaded (a Java {@code short}). */
    I16(2, ValueType.I16),
    /** {@code u16}: two bytes, zero-extended when loaded (a Java {@code char}). */
    U16(2, ValueType.U16),
    /** {@code i32}: four bytes (a Java {@code int}). */
    I32(4, ValueType.I32),
    /** {@code i64}: eight bytes (a Java {@code long}). */
    I64(8, ValueType.I64);

    private final int bytes;
    private final ValueType type;

    Width(int bytes, ValueType type) {
        this.bytes = bytes;
        this.type = type;
    }

    /**
     * The size of an access of this width.
     *
     * @return 1, 2, 4 or 8 bytes
     */
    public int bytes() {
        return bytes;
    }

    /**
     * The type of a value loaded with this width.
     *
     * @return the value type of the same spelling, which says how the value is extended
     */
    public ValueType valueType() {
        return type;
    }

    static Width parse(String s) {
        for (Width w : values()) {
            if (w.type.toString().equals(s)) {
                return w;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return type.toString();
    }
}
