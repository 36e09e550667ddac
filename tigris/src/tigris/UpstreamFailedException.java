package tigris;

/**
 * A reservoir's stream ended with its producer's failure ({@link ProducerEnd#endWithFailure}): the
 * Waters before it are not the whole stream. A module that gets it fails as a consequence of a
 * failure upstream, whose cause the message carries; a river's report names the failure it came from
 * first.
 */
public class UpstreamFailedException extends ReservoirFailedException {
    private static final long serialVersionUID = 1L;

    public UpstreamFailedException(String message) {
        super(message);
    }

    private UpstreamFailedException(String message, UpstreamFailedException cause) {
        super(message, cause);
    }

    @Override
    public UpstreamFailedException again() {
        return new UpstreamFailedException(getMessage(), this);
    }

    /** Whether {@code f} is a module's failure of this kind (a consequence of one upstream). */
    public static boolean isConsequence(Failure f) {
        return f != null && f.type().equals(UpstreamFailedException.class.getName());
    }
}
