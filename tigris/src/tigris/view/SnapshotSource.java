/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.view;

/** Where a live view gets its river from: the control agent's last round of statuses, or a river in this JVM. */
@FunctionalInterface
public interface SnapshotSource {
    /**
     * The river now; cheap enough to call a few times a second (no call to a node). Called on the
     * view's server threads, several at once.
     *
     * @return a snapshot of the river, never null
     */
    RiverSnapshot snapshot();
}
