/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

/**
 * A named, typed end of a module: Waters arrive on inputs and leave from outputs. The type is
 * what the Waters carry, the class of the PSO at their container's root, or {@code Water.class}
 * for raw bytes; a connection needs the input's type to accept the output's.
 *
 * @param module the name of the module it belongs to
 * @param name the port's name, unique in its module ({@code "in"})
 * @param type the class of what its Waters carry: a PSO class, or {@code Water.class}
 * @param input true for an input (Waters arrive), false for an output (Waters leave)
 */
public record Port(String module, String name, Class<?> type, boolean input) {
    /** {@return {@code "module.port"}, as connections name it} */
    public String qualifiedName() {
        return module + "." + name;
    }

    /** {@return {@code "input b.in (Record)"}: what problems say of the port} */
    @Override
    public String toString() {
        return (input ? "input " : "output ") + qualifiedName() + " (" + type.getSimpleName() + ")";
    }
}
