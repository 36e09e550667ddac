/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

/**
 * An absolute address {@code [base + index + displacement]}: base is an i64, index (optional) an
 * i64 or a sign-extended int, displacement a 32-bit constant.
 *
 * @param base the i64 address, a parameter or an earlier result, never a constant
 * @param index added to {@code base}: an i64 or a 32-bit value (sign-extended), not a bool; null
 *        if the address has none
 * @param displacement the sum of the constants written in the address (subtracted ones negated),
 *        in bytes
 */
public record Address(Operand base, Operand index, int displacement) {
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[").append(base);
        if (index != null) {
            sb.append(" + ").append(index);
        }
        if (displacement != 0) {
            sb.append(displacement < 0 ? " - " : " + ").append(Math.abs((long) displacement));
        }
        return sb.append(']').toString();
    }
}
