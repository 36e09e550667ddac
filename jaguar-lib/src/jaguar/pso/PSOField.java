/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

/**
 * One field of a PSO layout: its name, type, byte offset from the start of the object (the header
 * included) and, for references, the binary name of the declared PSO class.
 *
 * @param name the Java field's name
 * @param type its type in the bytes
 * @param offset its offset from the object's first byte (the header), in bytes; a multiple of
 *        the type's size
 * @param referenceType for a {@link PSOFieldType#REFERENCE} field, the binary name of its
 *        declared PSO class; null for a primitive field
 */
public record PSOField(String name, PSOFieldType type, int offset, String referenceType) {
    /**
     * Checks that a reference type is given exactly for reference fields.
     *
     * @throws IllegalArgumentException if {@code type} is {@code REFERENCE} and
     *         {@code referenceType} is null, or the other way round
     */
    public PSOField {
        if (type == PSOFieldType.REFERENCE ? referenceType == null : referenceType != null) {
            throw new IllegalArgumentException("field " + name + ": a reference type goes with REFERENCE fields only");
        }
    }
}
