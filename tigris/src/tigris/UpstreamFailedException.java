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

    private final String upstreamCause;

    /** The stream of reservoir {@code reservoir} ended with its producer's failure, {@code cause}. */
    public UpstreamFailedException(String reservoir, String cause) {
        super("reservoir " + reservoir + ": the stream ends with its producer's failure: " + cause);
        this.upstreamCause = cause;
    }

    private UpstreamFailedException(UpstreamFailedException first) {
        super(first.getMessage(), first);
        this.upstreamCause = first.upstreamCause;
    }

    /** The producer's cause, as it came through the reservoir. */
    public String upstreamCause() {
        return upstreamCause;
    }

    @Override
    public UpstreamFailedException again() {
        return new UpstreamFailedException(this);
    }

    /** Whether {@code f} is a module's failure of this kind (a consequence of one upstream). */
    public static boolean isConsequence(Failure f) {
        return f != null && f.type().equals(UpstreamFailedException.class.getName());
    }
}
