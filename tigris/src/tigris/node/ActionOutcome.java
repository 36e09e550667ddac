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
 */
public record ActionOutcome(State state, Serializable result, String failure) implements Serializable {
    public enum State {
        RUNNING, DONE, FAILED
    }

    public ActionOutcome {
        if (state == null || (state == State.FAILED) != (failure != null)) {
            throw new IllegalArgumentException("action outcome " + state + " with failure " + failure);
        }
    }

    static ActionOutcome running() {
        return new ActionOutcome(State.RUNNING, null, null);
    }
}
