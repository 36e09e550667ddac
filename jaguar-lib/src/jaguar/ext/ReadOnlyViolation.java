/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import java.nio.ReadOnlyBufferException;

/** A {@link ReadOnlyBufferException} that says what was written (the JDK's has no message). */
public final class ReadOnlyViolation extends ReadOnlyBufferException {
    private static final long serialVersionUID = 1L;
    private final String buffer;

    public ReadOnlyViolation(String buffer) {
        this.buffer = buffer;
    }

    @Override
    public String getMessage() {
        return "write to a read-only buffer: " + buffer;
    }
}
