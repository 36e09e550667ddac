package tigris.sort;

import java.io.IOException;

/** A sort that did not complete: the message names the module that failed and why. */
public final class SortFailedException extends IOException {
    private static final long serialVersionUID = 1L;

    public SortFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
