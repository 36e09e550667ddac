/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.memory.NativeMemory;

/**
 * The raw, unchecked part of {@link Doorbell}: code mappings at an absolute address of a
 * two-word doorbell (word 0 at +0: the descriptor value, non-zero while busy; word 1 at +4: the
 * memory handle). {@link Doorbell} checks bounds, alignment and liveness before calling these.
 */
final class DoorbellOps {
    static {
        CodeMappings.register(DoorbellOps.class);
    }

    private DoorbellOps() {
    }

    /**
     * Writes the handle, drains write-combining buffers (so a device never sees the value before
     * the handle, even over write-combined memory), then publishes the value with release order
     * (so a polling CPU that acquires the value also sees the handle).
     */
    @CodeMapping("""
                    store.i32 [$0 + 4], $2
                    sfence
                    store.i32.release [$0], $1
                    """)
    static void ring(long address, int value, int handle) {
        CodeMappings.enterJavaBody("DoorbellOps.ring");
        NativeMemory.putInt(address + 4, handle);
        NativeMemory.writeCombiningFence();
        NativeMemory.putIntRelease(address, value);
    }

    /** The descriptor value with acquire order: a non-zero value's handle is visible after this. */
    @CodeMapping("v = load.i32.acquire [$0]; return v")
    static int value(long address) {
        CodeMappings.enterJavaBody("DoorbellOps.value");
        return NativeMemory.getIntAcquire(address);
    }

    /** The device side's "done": releases the doorbell for the next ring. */
    @CodeMapping("store.i32.release [$0], 0")
    static void clear(long address) {
        CodeMappings.enterJavaBody("DoorbellOps.clear");
        NativeMemory.putIntRelease(address, 0);
    }
}
