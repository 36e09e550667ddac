/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

/** The size and signedness of a memory access. {@code u8}/{@code u16} loads zero-extend. */
public enum Width {
    I8(1, ValueType.I8), U8(1, ValueType.U8), I16(2, ValueType.I16), U16(2, ValueType.U16),
    I32(4, ValueType.I32), I64(8, ValueType.I64);

    private final int bytes;
    private final ValueType type;

    Width(int bytes, ValueType type) {
        this.bytes = bytes;
        this.type = type;
    }

    public int bytes() {
        return bytes;
    }

    /** The type of a value loaded with this width. */
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
