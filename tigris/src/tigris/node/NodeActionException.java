/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.IOException;

/** A {@link NodeAction} that failed on its node, or a node that stopped answering while it ran. */
public final class NodeActionException extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient ControlAgent.Node node;
    /** What went wrong, without the node: the message is "on node NODE: PROBLEM". */
    private final String problem;

    NodeActionException(ControlAgent.Node node, String problem, Throwable cause) {
        super("on node " + node + ": " + problem, cause);
        this.node = node;
        this.problem = problem;
    }

    /**
     * The node it failed on.
     *
     * @return the node; null in a copy of the exception that was deserialized (it is not serialized)
     */
    public ControlAgent.Node node() {
        return node;
    }

    /**
     * What went wrong, as the node said it (or that it stopped answering).
     *
     * @return the problem, without the node's name that the message begins with
     */
    public String problem() {
        return problem;
    }
}
