/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;

/**
 * A file that cannot hold sort benchmark records (its size is not a whole number of records), or
 * a file of valsort summaries that is empty or not a whole number of them.
 */
public final class InvalidRecordFileException extends IOException {
    private static final long serialVersionUID = 1L;

    /**
     * A file refused.
     *
     * @param message what is wrong, naming the file and its size
     */
    public InvalidRecordFileException(String message) {
        super(message);
    }
}
