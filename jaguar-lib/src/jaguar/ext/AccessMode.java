package jaguar.ext;

/** How a file or device region is mapped. */
public enum AccessMode {
    /** Writes throw {@link java.nio.ReadOnlyBufferException}; the mapping itself is read-only. */
    READ_ONLY,
    /** Reads and writes; writes reach the file or device. */
    READ_WRITE
}
