package jaguar.ext;

import java.nio.ReadOnlyBufferException;

/** A {@link ReadOnlyBufferException} that says which buffer was written (the JDK's has no message). */
final class ReadOnlyViolation extends ReadOnlyBufferException {
    private final String buffer;

    ReadOnlyViolation(String buffer) {
        this.buffer = buffer;
    }

    @Override
    public String getMessage() {
        return "write to a read-only buffer: " + buffer;
    }
}
