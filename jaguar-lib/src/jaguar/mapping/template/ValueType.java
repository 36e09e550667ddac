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
    /** {@code i8}: a signed byte; a {@code byte} parameter or an {@code i8} load. */
    I8("i8"),
    /** {@code u8}: an unsigned byte; only a {@code u8} load gives one. */
    U8("u8"),
    /** {@code i16}: a signed 16-bit value; a {@code short} parameter or an {@code i16} load. */
    I16("i16"),
    /** {@code u16}: an unsigned 16-bit value; a {@code char} parameter or a {@code u16} load. */
    U16("u16"),
    /** {@code i32}: a 32-bit value; an {@code int} parameter, an {@code i32} load or a 32-bit result. */
    I32("i32"),
    /** {@code i64}: a 64-bit value; a {@code long} parameter, an {@code i64} load, an address. */
    I64("i64"),
    /** {@code bool}: 0 or 1; a {@code boolean} parameter or the result of {@code cas}. */
    BOOL("bool");

    private final String spelling;

    ValueType(String spelling) {
        this.spelling = spelling;
    }

    /**
     * True for every type that lives in a 32-bit Java int slot.
     *
     * @return {@code true} for every type but {@link #I64}
     */
    public boolean isInt() {
        return this != I64;
    }

    /**
     * True if a value of this type may be returned where Java expects {@code target}: the same
     * type, any 32-bit or narrower value but a bool for {@code i32}, an {@code i8} or
     * {@code u8} for {@code i16}, a {@code u8} for {@code u16}.
     *
     * @param target the method's return type
     * @return whether the value fits {@code target} with no conversion
     */
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
