/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

/**
 * Thrown by {@link ReflexTask#abort()} to end an invocation and roll it back; one instance, with
 * no stack trace, so an abort allocates nothing. A task's code must not catch it.
 */
final class ReflexAbort extends RuntimeException {
    static final ReflexAbort INSTANCE = new ReflexAbort();

    private ReflexAbort() {
        super("the invocation aborted", null, false, false);
    }
}
