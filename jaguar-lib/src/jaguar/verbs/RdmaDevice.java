/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

/** An RDMA device as libibverbs lists it: its name ({@code rxe0}, {@code mlx5_0}) and node GUID. */
public record RdmaDevice(String name, long guid) {
    @Override
    public String toString() {
        return name + String.format(" (guid %016x)", guid);
    }
}
