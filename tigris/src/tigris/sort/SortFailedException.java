/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;

/**
 * A sort that did not complete, or could not start: the message says which sort and why (the module
 * that failed, the node or input that was lost, what disagreed).
 */
public final class SortFailedException extends IOException {
    private static final long serialVersionUID = 1L;

    /**
     * A sort failed.
     *
     * @param message the sort and why it failed, for the user
     * @param cause what failed it, or null when the message says all (a failure reported by a node)
     */
    public SortFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
