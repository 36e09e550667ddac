/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** What went wrong with a file, in words, without the path the caller already names. */
public final class FileProblems {
    private FileProblems() {
    }

    /**
     * Says what {@code e} means for its file in a few words, for a message that names the file
     * itself ("cannot read river file x.tgr: no such file").
     *
     * @param e the failure of an operation on one file; not null
     * @return "no such file", "permission denied", "not a directory", "is a directory", or the
     *         exception's own reason (its message, or its {@code toString()} when it has none)
     */
    public static String describe(IOException e) {
        return switch (e) {
            case NoSuchFileException x -> "no such file";
            case AccessDeniedException x -> "permission denied";
            case NotDirectoryException x -> "not a directory";
            case FileSystemException x when x.getReason() != null -> x.getReason().toLowerCase(java.util.Locale.ROOT).contains("is a directory")
                            ? "is a directory" : x.getReason();
            default -> e.getMessage() != null && e.getMessage().contains("Is a directory") ? "is a directory"
                            : e.getMessage() != null ? e.getMessage() : e.toString();
        };
    }
}
