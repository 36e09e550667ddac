/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.Serializable;

/**
 * Where a {@link NodeAction} stands, as {@link RiverManager#awaitAction} answers: still running,
 * done with its result, or failed with what went wrong (the action's own message, not an
 * exception the agent would have to be able to deserialize).
 *
 * @param state where the action stands; never null
 * @param result what the action handed back once {@link State#DONE}, of its plan's
 *        {@link ActionPlan#resultType}; null while it runs, when it failed, or if it returned null
 * @param failure what went wrong when {@link State#FAILED}: the action's
 *        {@link NodeAction#describe} and its exception's message; null otherwise
 */
public record ActionOutcome(State state, Serializable result, String failure) implements Serializable {
    /** Where an action stands. */
    public enum State {
        /** Still running: ask again. */
        RUNNING,
        /** Ended, handing back its result. */
        DONE,
        /** Ended by throwing: {@code failure} says what. */
        FAILED
    }

    /**
     * Checks that a failure comes with {@link State#FAILED} and only with it.
     *
     * @throws IllegalArgumentException if {@code state} is null, or {@code failure} is null for
     *         FAILED or not null for another state
     */
    public ActionOutcome {
        if (state == null || (state == State.FAILED) != (failure != null)) {
            throw new IllegalArgumentException("action outcome " + state + " with failure " + failure);
        }
    }

    static ActionOutcome running() {
        return new ActionOutcome(State.RUNNING, null, null);
    }
}
