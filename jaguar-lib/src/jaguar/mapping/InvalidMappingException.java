/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping;

/** A code mapping that Jaguar refuses; the message names the method and the fault. */
public final class InvalidMappingException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes the exception.
     *
     * @param message the method (as {@code Owner.name(descriptor)} or {@code Owner.name}) and the
     *        fault, with the template line where there is one
     */
    public InvalidMappingException(String message) {
        super(message);
    }
}
