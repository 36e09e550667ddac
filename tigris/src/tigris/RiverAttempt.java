/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.io.Serializable;

/**
 * One attempt of a river: its name and its epoch (1 for the first attempt; a river run again
 * after a lost node is the same river at the next epoch). Nodes key what they hold by it, every
 * reservoir's handshake carries it, and a node or an end that knows a later epoch of the river
 * refuses an earlier one as stale: nothing of an attempt that was given up reaches its successor.
 *
 * @param river the river's name: 1 to 100 letters, digits, '.', '_' or '-', not starting with '.'
 *        (a directory on the nodes is named after it)
 * @param epoch 1 or more
 */
public record RiverAttempt(String river, int epoch) implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * Makes an attempt.
     *
     * @throws IllegalArgumentException if {@code river} is not such a name, or {@code epoch} is
     *         below 1
     */
    public RiverAttempt {
        if (river == null || !river.matches("[A-Za-z0-9._-]{1,100}") || river.startsWith(".")) {
            throw new IllegalArgumentException("river name '" + river + "' must be 1 to 100 letters, digits, '.', '_' or '-', not starting with '.'");
        }
        if (epoch < 1) {
            throw new IllegalArgumentException("river " + river + ": epoch " + epoch + " is not positive");
        }
    }

    /**
     * The first attempt of {@code river}.
     *
     * @param river the river's name, as {@link #river()} allows
     * @return the attempt at epoch 1
     * @throws IllegalArgumentException if {@code river} is not a river's name
     */
    public static RiverAttempt first(String river) {
        return new RiverAttempt(river, 1);
    }

    /** {@return the attempt after this one: the same river, the next epoch} */
    public RiverAttempt next() {
        return new RiverAttempt(river, epoch + 1);
    }

    /**
     * Whether {@code other} is an earlier attempt of the same river, which this one makes stale.
     *
     * @param other another attempt; not null
     * @return true if it is of the same river at a lower epoch
     */
    public boolean supersedes(RiverAttempt other) {
        return river.equals(other.river) && epoch > other.epoch;
    }

    /**
     * Why an end of this attempt refuses a peer that says it belongs to {@code offered} (null: a
     * peer of no river), or null if it is this attempt: the one rule every transport's handshake applies.
     *
     * @param offered the attempt the peer says it belongs to, or null
     * @return the reason, for the peer's refusal (an earlier epoch is called stale), or null to
     *         accept it
     */
    public String refusal(RiverAttempt offered) {
        if (offered == null) {
            return "this end belongs to river " + this + "; the peer names no river";
        }
        if (!offered.river.equals(river)) {
            return "this end belongs to river " + this + ", not " + offered;
        }
        if (offered.epoch < epoch) {
            return "attempt " + offered.epoch + " of river " + river + " is stale: this end belongs to attempt " + epoch;
        }
        if (offered.epoch > epoch) {
            return "this end belongs to attempt " + epoch + " of river " + river + ", not attempt " + offered.epoch;
        }
        return null;
    }

    /**
     * Why an end of {@code mine} (null: an end outside any river) refuses a peer of {@code offered}
     * (null: none), or null: {@link #refusal(RiverAttempt)}, and an end outside any river takes
     * only a peer of none.
     *
     * @param mine this end's attempt, or null
     * @param offered the peer's attempt, or null
     * @return the reason for the refusal, or null to accept the peer
     */
    public static String refusal(RiverAttempt mine, RiverAttempt offered) {
        if (mine == null) {
            return offered == null ? null : "this end belongs to no river; the peer names river " + offered;
        }
        return mine.refusal(offered);
    }

    /** {@return a file name for this attempt's own directory or files: {@code river@epoch}} */
    public String fileName() {
        return river + "@" + epoch;
    }

    /** "double" for a first attempt, "double (attempt 2)" after it: how logs and errors name it. */
    @Override
    public String toString() {
        return epoch == 1 ? river : river + " (attempt " + epoch + ")";
    }
}
