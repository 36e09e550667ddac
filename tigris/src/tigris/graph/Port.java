/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

/**
 * A named, typed end of a module: Waters arrive on inputs and leave from outputs. The type is
 * what the Waters carry, the class of the PSO at their container's root, or {@code Water.class}
 * for raw bytes; a connection needs the input's type to accept the output's.
 */
public record Port(String module, String name, Class<?> type, boolean input) {
    /** "module.port", as connections name it. */
    public String qualifiedName() {
        return module + "." + name;
    }

    @Override
    public String toString() {
        return (input ? "input " : "output ") + qualifiedName() + " (" + type.getSimpleName() + ")";
    }
}
