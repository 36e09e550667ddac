/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

/**
 * What a periodic task's scheduler does when an invocation ran past the task's next release (the
 * next release time has passed by the time the task could run again).
 */
public enum OverrunPolicy {
    /** Releases whose time passed are dropped (counted as skipped); the task runs at the next release still ahead. */
    SKIP,
    /** The task runs at once for each release whose time passed, late (counted as late runs), until it has caught up. */
    RUN_LATE
}
