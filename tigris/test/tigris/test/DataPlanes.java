/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import tigris.reservoir.TcpDataPlane;

/** TCP data planes for "nodes" inside the test JVM, one per name, on loopback, for the life of the JVM. */
final class DataPlanes {
    private static final Map<String, TcpDataPlane> PLANES = new ConcurrentHashMap<>();
    /** The key of every river attempt the tests' "nodes" share. */
    static final tigris.AttemptKey KEY = tigris.AttemptKey.random();

    private DataPlanes() {
    }

    static TcpDataPlane of(String node) {
        return PLANES.computeIfAbsent(node, n -> {
            try {
                return start(n, TcpDataPlane.Settings.defaults().withDeadPeer(Duration.ofSeconds(10)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** A data plane of its own, for a test that closes it. */
    static TcpDataPlane start(String node, TcpDataPlane.Settings settings) throws IOException {
        return new TcpDataPlane(node, InetAddress.getLoopbackAddress(), 0, settings);
    }
}
