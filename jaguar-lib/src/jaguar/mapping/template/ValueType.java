/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

/**
 * The type of a value inside a template. Sub-word types remember their signedness so that a
 * {@code byte} parameter and a {@code load.u8} result widen the way Java would widen them.
 */
public enum ValueType {
    I8("i8"), U8("u8"), I16("i16"), U16("u16"), I32("i32"), I64("i64"), BOOL("bool");

    private final String spelling;

    ValueType(String spelling) {
        this.spelling = spelling;
    }

    /** True for every type that lives in a 32-bit Java int slot. */
    public boolean isInt() {
        return this != I64;
    }

    /** True if a value of this type may be returned where Java expects {@code target}. */
    public boolean assignableTo(ValueType target) {
        if (this == target) {
            return true;
        }
        return switch (target) {
            case I32 -> this != I64 && this != BOOL;
            case I16 -> this == I8 || this == U8;
            case U16 -> this == U8;
            default -> false;
        };
    }

    @Override
    public String toString() {
        return spelling;
    }
}
