package tigris.cli;

/** What a {@code tigris} command's exit status says. */
public enum ExitCode {
    /** It did what was asked (a river completed, a file sorted or valid). */
    OK(0),
    /** What was asked failed: a river failed, a sort failed, a file is not in order. */
    FAILED(1),
    /** The command, an option or a file it was given is wrong: nothing was run. */
    USAGE(2),
    /** A fault of Tigris's own; the message says so, and {@code --debug} shows the stack trace. */
    INTERNAL(3);

    private final int status;

    ExitCode(int status) {
        this.status = status;
    }

    public int status() {
        return status;
    }
}
