/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.rmi.RemoteException;

/**
 * A call a {@link RiverManager} refused or could not carry out. The message names the node, the
 * river and what was wrong, the cause's own message included, so the agent reports it as it is
 * (a plain RemoteException's message repeats its cause after "nested exception is", and the
 * cause alone loses which node, reservoir and module it was about). The cause stays on the node:
 * only the message crosses, so the agent never has to build a node's exception classes (its
 * deserialization filter admits none of them).
 */
public final class NodeException extends RemoteException {
    private static final long serialVersionUID = 1L;
    /** The whole message, the cause's own included: all of the exception that crosses to the agent. */
    private final String what;
    private final transient Throwable local;

    /**
     * A refusal or failure of a call on this node.
     *
     * @param what the message: the node, the river and what was wrong, the cause's message
     *        included (this class adds nothing to it)
     * @param cause what went wrong on the node, kept there only (not serialized); null if nothing
     *        was thrown
     */
    public NodeException(String what, Throwable cause) {
        super(what);
        this.what = what;
        this.local = cause;
    }

    /** The cause, on the node that threw this; null where it was received. */
    @Override
    public Throwable getCause() {
        return local;
    }

    @Override
    public String getMessage() {
        return what;
    }
}
