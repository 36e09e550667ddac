package tigris.sort;

import java.io.IOException;

/** A file that cannot hold sort benchmark records: its size is not a whole number of records, or it has none. */
public final class InvalidRecordFileException extends IOException {
    private static final long serialVersionUID = 1L;

    public InvalidRecordFileException(String message) {
        super(message);
    }
}
