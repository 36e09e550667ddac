/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

/**
 * A reservoir's stream ended with its producer's failure ({@link ProducerEnd#endWithFailure}): the
 * Waters before it are not the whole stream. A module that gets it fails as a consequence of a
 * failure upstream, and passes on {@link #upstreamCause()}, the cause as it began, unchanged (so a
 * long river does not push it out of what a reservoir carries); a river's report names the
 * failure it came from first.
 */
public class UpstreamFailedException extends ReservoirFailedException {
    private static final long serialVersionUID = 1L;

    /** The producer's cause, as it came through the reservoir. */
    private final String upstreamCause;

    /**
     * The stream of reservoir {@code reservoir} ended with its producer's failure, {@code cause}.
     *
     * @param reservoir the reservoir's name ("a->b")
     * @param cause the producer's cause, as it came through the reservoir (cut to what the
     *        reservoir carries)
     */
    public UpstreamFailedException(String reservoir, String cause) {
        super("reservoir " + reservoir + ": the stream ends with its producer's failure: " + cause);
        this.upstreamCause = cause;
    }

    private UpstreamFailedException(UpstreamFailedException first) {
        super(first.getMessage(), first);
        this.upstreamCause = first.upstreamCause;
    }

    /**
     * The producer's cause, as it came through the reservoir: what a module failing because of it
     * passes on downstream, unchanged.
     *
     * @return the cause's text
     */
    public String upstreamCause() {
        return upstreamCause;
    }

    /**
     * {@inheritDoc} It carries the same {@link #upstreamCause()}.
     *
     * @return the new exception
     */
    @Override
    public UpstreamFailedException again() {
        return new UpstreamFailedException(this);
    }

    /**
     * Whether {@code f} is a module's failure of this kind (a consequence of one upstream), which a
     * river's report lists after the failure it came from.
     *
     * @param f a module thread's failure, or null
     * @return true if {@code f} is an {@code UpstreamFailedException}'s; false for null
     */
    public static boolean isConsequence(Failure f) {
        return f != null && f.type().equals(UpstreamFailedException.class.getName());
    }
}
