/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

/**
 * An absolute address {@code [base + index + displacement]}: base is an i64, index (optional) an
 * i64 or a sign-extended int, displacement a 32-bit constant.
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
