/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

/**
 * One field of a PSO layout: its name, type, byte offset from the start of the object (the header
 * included) and, for references, the binary name of the declared PSO class.
 */
public record PSOField(String name, PSOFieldType type, int offset, String referenceType) {
    public PSOField {
        if (type == PSOFieldType.REFERENCE ? referenceType == null : referenceType != null) {
            throw new IllegalArgumentException("field " + name + ": a reference type goes with REFERENCE fields only");
        }
    }
}
