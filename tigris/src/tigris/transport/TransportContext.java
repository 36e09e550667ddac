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
 *
 * @param node the node's name ("local" for a river in one JVM)
 * @param bind the address the node is listed at and its ends listen on
 * @param work a directory of the river attempt's own on this node (the JVM's temporary directory
 *        for a river in one JVM), for a transport's files such as a {@link FileTransport}'s; it
 *        need not exist yet
 * @param deadPeer how long an end waits on a silent peer before the reservoir fails (5 s on nodes)
 * @param connect how long ends wait for each other to connect (the verbs transport's bound; the
 *        TCP data plane has its own)
 * @param attempt the river attempt the ends belong to
 * @param key the attempt's key, which handshakes prove and never send
 * @param dataPlane the node's TCP data plane, or null where there is none; {@link #tcp} gives it
 */
public record TransportContext(String node, InetAddress bind, Path work, Duration deadPeer, Duration connect, RiverAttempt attempt, AttemptKey key,
                TcpDataPlane dataPlane) {
    /**
     * Checks that every component but {@code dataPlane} is there.
     *
     * @throws NullPointerException naming the component if one other than {@code dataPlane} is null
     */
    public TransportContext {
        java.util.Objects.requireNonNull(node, "node");
        java.util.Objects.requireNonNull(bind, "bind");
        java.util.Objects.requireNonNull(work, "work");
        java.util.Objects.requireNonNull(deadPeer, "deadPeer");
        java.util.Objects.requireNonNull(connect, "connect");
        java.util.Objects.requireNonNull(attempt, "attempt");
        java.util.Objects.requireNonNull(key, "key");
    }

    /**
     * The node's TCP data plane, for a transport that shares its connections and buffer budget.
     *
     * @return the data plane, never null
     * @throws IllegalStateException if there is none (a river in one JVM)
     */
    public TcpDataPlane tcp() {
        if (dataPlane == null) {
            throw new IllegalStateException("node " + node + " has no TCP data plane: a river in one JVM joins its modules by memory");
        }
        return dataPlane;
    }

    /**
     * The address this node is reached at, as text for an endpoint.
     *
     * @return {@code bind}'s address as text ("10.0.0.1"), without a host name
     */
    public String host() {
        return bind.getHostAddress();
    }
}
