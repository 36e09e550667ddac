/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

/**
 * Fences a template can ask for. LOAD, STORE and FULL mean {@code VarHandle.acquireFence},
 * {@code releaseFence} and {@code fullFence}; X86_SFENCE is the x86 {@code sfence} instruction,
 * which also orders write-combining stores (device doorbells) that a Java fence does not.
 */
public enum FenceKind {
    /** {@code fence.load}: {@code VarHandle.acquireFence()}. */
    LOAD,
    /** {@code fence.store}: {@code VarHandle.releaseFence()}. */
    STORE,
    /** {@code fence.full}: {@code VarHandle.fullFence()}. */
    FULL,
    /** {@code sfence}: the x86 instruction, which also orders write-combining stores. */
    X86_SFENCE
}
