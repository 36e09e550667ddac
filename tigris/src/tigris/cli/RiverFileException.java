package tigris.cli;

import java.nio.file.Path;

/** A river file that cannot be run: the file, the line (0: the file as a whole) and what is wrong there. */
public final class RiverFileException extends Exception {
    private static final long serialVersionUID = 1L;

    public RiverFileException(Path file, int line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
    }
}
