/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping;

/** A code mapping that Jaguar refuses; the message names the method and the fault. */
public final class InvalidMappingException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public InvalidMappingException(String message) {
        super(message);
    }
}
