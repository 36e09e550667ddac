/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.io.Serializable;

/**
 * A producer's end as its module thread reports it: what it has put so far and its credits now.
 * The Waters each output of a Distributed Queue took are that queue's shares per consumer.
 *
 * @param reservoir the reservoir's name ("a->b")
 * @param waters Waters put so far (counted as each put starts: one waiting for credit is in)
 * @param bytes their bytes
 * @param credits Waters that can be put now without waiting
 * @param window most Waters in flight
 */
public record EndStatus(String reservoir, long waters, long bytes, int credits, int window) implements Serializable {
    /**
     * Makes an end's status.
     *
     * @throws NullPointerException if {@code reservoir} is null
     */
    public EndStatus {
        java.util.Objects.requireNonNull(reservoir, "reservoir");
    }
}
