/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

/**
 * Where a PSO is being placed: handed by a {@link PSOContainer} to the constructors of the PSO
 * classes, which the class rewriter gives a constructor taking one. Opaque to users.
 */
public final class PSOPlacement {
    final PSOContainer container;
    final Class<?> type;
    /** Offset of the object's header from the start of the container. */
    final long offset;
    /** Element count, validated, for arrays; 0 otherwise. */
    final int length;

    PSOPlacement(PSOContainer container, Class<?> type, long offset, int length) {
        this.container = container;
        this.type = type;
        this.offset = offset;
        this.length = length;
    }
}
