/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

/**
 * An object that holds only the address of a PSO's bytes: a proxy without a container, a scope or
 * reference caches, and accessed without a liveness check (the thesis's PSOs made none). Figure
 * 8's "no check" rows time field accesses through these, the lower bound of any design in which a
 * Java object stands for bytes elsewhere.
 */
public final class AddressHolder {
    public final long address;

    public AddressHolder(long address) {
        this.address = address;
    }
}
