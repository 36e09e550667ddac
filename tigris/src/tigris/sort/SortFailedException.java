/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;

/** A sort that did not complete: the message names the module that failed and why. */
public final class SortFailedException extends IOException {
    private static final long serialVersionUID = 1L;

    public SortFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
