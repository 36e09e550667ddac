/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

/**
 * A reservoir can no longer carry Waters: its peer died, the connection was cut, or the peer
 * spoke a protocol error. The message names the reservoir and the peer. A ModuleThread that gets
 * it fails, so a river with a dead node fails instead of hanging or reporting success.
 */
public class ReservoirFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes the exception.
     *
     * @param message what broke, naming the reservoir and the peer
     * @param cause what the end saw fail (an {@code IOException}, a verbs error), or null
     */
    public ReservoirFailedException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Makes the exception, with no cause.
     *
     * @param message what broke, naming the reservoir and the peer
     */
    public ReservoirFailedException(String message) {
        super(message);
    }

    /**
     * A fresh exception of this kind and message, caused by this one: what each later look at a
     * failed end throws, so each has its own stack.
     *
     * @return the new exception
     */
    public ReservoirFailedException again() {
        return new ReservoirFailedException(getMessage(), this);
    }
}
