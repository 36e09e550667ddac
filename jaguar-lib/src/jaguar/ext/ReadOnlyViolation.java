/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import java.nio.ReadOnlyBufferException;

/** A {@link ReadOnlyBufferException} that says what was written (the JDK's has no message). */
public final class ReadOnlyViolation extends ReadOnlyBufferException {
    private static final long serialVersionUID = 1L;
    /** What was written to, as given to the constructor; part of the serialised form. */
    private final String buffer;

    /**
     * Makes the exception for a refused write.
     *
     * @param buffer what was written to: a description of the buffer or structure (the accessors
     *               pass the buffer's kind, size, confinement and writability), put after
     *               {@code "write to a read-only buffer: "} in the message
     */
    public ReadOnlyViolation(String buffer) {
        this.buffer = buffer;
    }

    /**
     * The message, made when asked for.
     *
     * @return {@code "write to a read-only buffer: "} followed by the description given to the
     *         constructor
     */
    @Override
    public String getMessage() {
        return "write to a read-only buffer: " + buffer;
    }
}
