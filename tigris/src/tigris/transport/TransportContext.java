/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;

import tigris.AttemptKey;
import tigris.RiverAttempt;
import tigris.reservoir.TcpDataPlane;

/**
 * What a transport knows of the node that opens an end: its name, the address it is listed at and
 * listens on (its ends listen there only), a directory of the river's own (files), how long a
 * silent peer may take before the reservoir fails, how long ends wait for each other to connect,
 * and the river attempt the ends belong to: their handshakes carry it, and an end refuses a peer
 * of another attempt (a stale one above all); the attempt's key, which the handshakes prove
 * (never send); and the node's TCP data plane (null where there is
 * none: a river in one JVM needs none).
 */
public record TransportContext(String node, InetAddress bind, Path work, Duration deadPeer, Duration connect, RiverAttempt attempt, AttemptKey key,
                TcpDataPlane dataPlane) {
    public TransportContext {
        java.util.Objects.requireNonNull(node, "node");
        java.util.Objects.requireNonNull(bind, "bind");
        java.util.Objects.requireNonNull(work, "work");
        java.util.Objects.requireNonNull(deadPeer, "deadPeer");
        java.util.Objects.requireNonNull(connect, "connect");
        java.util.Objects.requireNonNull(attempt, "attempt");
        java.util.Objects.requireNonNull(key, "key");
    }

    /** The node's TCP data plane. */
    public TcpDataPlane tcp() {
        if (dataPlane == null) {
            throw new IllegalStateException("node " + node + " has no TCP data plane: a river in one JVM joins its modules by memory");
        }
        return dataPlane;
    }

    /** The address this node is reached at, as text for an endpoint. */
    public String host() {
        return bind.getHostAddress();
    }
}
