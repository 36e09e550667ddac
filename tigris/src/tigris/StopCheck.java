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

    /**
     * Whether the waiting thread has been asked to stop; asked from the waiting thread, so it must
     * be cheap and must not block.
     *
     * @return true if the wait should give up (with an {@link InterruptedException})
     */
    boolean stopRequested();
}
