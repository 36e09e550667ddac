/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

/** Whether the thread that waits has been asked to stop: a {@link Parker} asks it after every park. */
@FunctionalInterface
public interface StopCheck {
    /** For a thread no one stops but by interrupting it. */
    StopCheck NEVER = () -> false;

    boolean stopRequested();
}
