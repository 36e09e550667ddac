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
    LOAD, STORE, FULL, X86_SFENCE
}
