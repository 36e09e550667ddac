/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.nio.file.Path;

/** A river file that cannot be run: the file, the line (0: the file as a whole) and what is wrong there. */
public final class RiverFileException extends Exception {
    private static final long serialVersionUID = 1L;

    /**
     * A problem at a line of a river file; the message is {@code FILE:LINE: PROBLEM}, or
     * {@code FILE: PROBLEM} for the file as a whole.
     *
     * @param file the river file, as the user named it
     * @param line the line, from 1; 0 (or less) for the file as a whole
     * @param problem what is wrong there, as a phrase (several lines for several graph problems)
     */
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
