/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

/** A value named in a template: a parameter of the mapped method, an earlier result, or a constant. */
public sealed interface Operand {

    /**
     * The {@code index}-th declared parameter ({@code $0} is the first; the receiver is not counted).
     *
     * @param index 0-based; the checker refuses one the method does not have
     */
    record Parameter(int index) implements Operand {
        @Override
        public String toString() {
            return "$" + index;
        }
    }

    /**
     * A value defined by an earlier instruction of the same template.
     *
     * @param name the result's name, as written in the template
     */
    record Local(String name) implements Operand {
        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * An integer literal; it takes the type its use demands (i32 or i64).
     *
     * @param value the literal, decimal or {@code 0x} hex (a hex literal may fill all 64 bits); the
     *        checker refuses one that does not fit its use
     */
    record Constant(long value) implements Operand {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }
}
