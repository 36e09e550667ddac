/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * Entry point of Jaguar's verbs binding (doc/verbs.md): the RDMA devices of this host and
 * opening one. Everything else hangs off the {@link VerbsContext} it returns, or off an
 * {@link RdmaConnection} made through rdma_cm.
 */
public final class Verbs {
    private Verbs() {}

    /**
     * The RDMA devices libibverbs sees (empty when there are none).
     *
     * @return the devices in libibverbs' order, an unmodifiable list
     * @throws NoRdmaDeviceException if the kernel has no RDMA support, or libibverbs is not
     *         installed (the message names the package to install)
     * @throws VerbsException if {@code ibv_get_device_list} fails otherwise
     */
    public static List<RdmaDevice> devices() {
        List<RdmaDevice> found = new ArrayList<>();
        withDeviceList(device -> {
            found.add(describe(device));
            return false;
        });
        return List.copyOf(found);
    }

    /**
     * Opens the device called {@code name} (as {@code ibv_devices} lists it, e.g. {@code rxe0}).
     *
     * @param name the device's name, as {@link RdmaDevice#name()} gives it
     * @return the open device; close it after everything made from it
     * @throws NoRdmaDeviceException if there is no such device (the message lists those there
     *         are), the kernel has no RDMA support, or libibverbs is not installed (the message
     *         names the package to install)
     * @throws VerbsException if {@code ibv_open_device} fails
     */
    public static VerbsContext open(String name) {
        MemorySegment[] opened = new MemorySegment[1];
        withDeviceList(device -> {
            if (describe(device).name().equals(name)) {
                opened[0] = LibVerbs.Ibv.OPEN_DEVICE.pointer(name, device);
                return true;
            }
            return false;
        });
        if (opened[0] == null) {
            List<RdmaDevice> there = devices();
            throw new NoRdmaDeviceException("no RDMA device named '" + name + "'"
                    + (there.isEmpty() ? "; this host has none" : "; devices here: " + there));
        }
        return new VerbsContext(opened[0], name, true);
    }

    /**
     * Opens the first device.
     *
     * @return the first device of {@link #devices()}, open
     * @throws NoRdmaDeviceException if there is none, the kernel has no RDMA support, or
     *         libibverbs is not installed (the message names the package to install)
     * @throws VerbsException if {@code ibv_open_device} fails
     */
    public static VerbsContext openFirst() {
        List<RdmaDevice> there = devices();
        if (there.isEmpty()) {
            throw new NoRdmaDeviceException("libibverbs found no RDMA device on this host (load a driver, or add a "
                    + "Soft-RoCE device: rdma link add rxe0 type rxe netdev <if>; see doc/verbs.md)");
        }
        return open(there.getFirst().name());
    }

    static RdmaDevice describe(MemorySegment device) {
        String name = ((MemorySegment) LibVerbs.Ibv.GET_DEVICE_NAME.plain(device)).reinterpret(256).getString(0);
        long guid = (long) LibVerbs.Ibv.GET_DEVICE_GUID.plain(device);
        return new RdmaDevice(name, Long.reverseBytes(guid));   // __be64
    }

    /** Calls {@code visit} on each device until it returns true; the list is freed afterwards. */
    private static void withDeviceList(Predicate<MemorySegment> visit) {
        MemorySegment list;
        int n;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(JAVA_INT);
            try {
                list = LibVerbs.Ibv.GET_DEVICE_LIST.pointer("", count);
            } catch (VerbsException e) {
                if (e.errno() == Errno.ENOSYS) {
                    throw new NoRdmaDeviceException("this kernel has no RDMA support (ibv_get_device_list: "
                            + Errno.describe(Errno.ENOSYS) + "): load ib_uverbs and a driver, or run the verbs tests "
                            + "in the Soft-RoCE VM (make test-verbs; doc/verbs.md)");
                }
                throw e;
            }
            n = count.get(JAVA_INT, 0);
        }
        try {
            MemorySegment devices = list.reinterpret(ADDRESS.byteSize() * n);
            for (int i = 0; i < n; i++) {
                if (visit.test(devices.getAtIndex(ADDRESS, i))) {
                    return;
                }
            }
        } finally {
            LibVerbs.Ibv.FREE_DEVICE_LIST.plain(list);
        }
    }
}
