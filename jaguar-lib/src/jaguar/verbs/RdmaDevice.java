/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

/**
 * An RDMA device as libibverbs lists it ({@link Verbs#devices()}): its name ({@code rxe0},
 * {@code mlx5_0}) and node GUID.
 *
 * @param name the device's name, as {@link Verbs#open} takes it
 * @param guid the node GUID in host order, so that its hex digits read as {@code ibv_devices}
 *             prints them
 */
public record RdmaDevice(String name, long guid) {
    /**
     * The device for messages.
     *
     * @return the name and the GUID in 16 hex digits, e.g. {@code rxe0 (guid 505400fffe123456)}
     */
    @Override
    public String toString() {
        return name + String.format(" (guid %016x)", guid);
    }
}
