/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

/** An allocation that does not fit in the space left in its {@link PSOContainer}. */
public class ContainerFullException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes the exception.
     *
     * @param message the size asked for, the offset and the bytes left
     */
    public ContainerFullException(String message) {
        super(message);
    }
}
