/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.nio.file.Path;

/** A river file that cannot be run: the file, the line (0: the file as a whole) and what is wrong there. */
public final class RiverFileException extends Exception {
    private static final long serialVersionUID = 1L;

    public RiverFileException(Path file, int line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
    }

    private RiverFileException(String message) {
        super(message);
    }

    /** The file cannot be read at all: "cannot read river file F: no such file". */
    static RiverFileException unreadable(Path file, String reason) {
        return new RiverFileException("cannot read river file " + file + ": " + reason);
    }
}
