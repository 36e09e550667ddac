/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import jaguar.pso.PSOContainer;

/**
 * What an ordinary thread runs atomically against a task's stable state ({@link ReflexTask#atomic}):
 * it gets a copy of the state, a container laid out as the task's (its objects at the same
 * offsets: {@code state.root(...)}, {@code state.map(...)}), reads and writes it, and returns.
 * It may run more than once (when the task ran meanwhile), so it has no other effects; it may not
 * allocate in the state.
 *
 * @param <R> what the body returns to the caller of {@link ReflexTask#atomic}
 */
@FunctionalInterface
public interface AtomicBody<R> {
    /**
     * Reads and writes the copy of the task's state. What it throws reaches the caller of
     * {@link ReflexTask#atomic}, and nothing is written.
     *
     * @param state the copy: valid during this call only, confined to the calling thread
     * @return the value {@link ReflexTask#atomic} returns once the writes are committed; any
     *         value, null included
     */
    R run(PSOContainer state);
}
