package jaguar.mapping.x86;

/** Bytes that are not a whole, valid x86-64 instruction; the message says what is wrong. */
public final class X86DecodeException extends Exception {
    private static final long serialVersionUID = 1L;

    public X86DecodeException(String message) {
        super(message);
    }
}
