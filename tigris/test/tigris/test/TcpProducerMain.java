/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;

import tigris.reservoir.TcpDataPlane;
import tigris.reservoir.TcpSender;

/**
 * A producer node in its own process: opens TCP reservoir "crash" to the data plane of node
 * args[0] at args[1]:args[2], sends args[3] Waters of one Record each, then dies without End of
 * River (Runtime.halt), as a crashed node would.
 */
public final class TcpProducerMain {
    private TcpProducerMain() {
    }

    public static void main(String[] args) throws Exception {
        TcpDataPlane plane = new TcpDataPlane("crasher", InetAddress.getLoopbackAddress(), 0,
                        TcpDataPlane.Settings.defaults().withDeadPeer(Duration.ofSeconds(10)));
        TcpSender out = plane.open(args[0], new InetSocketAddress(args[1], Integer.parseInt(args[2])), "crash", null, null, 8, 256);
        int n = Integer.parseInt(args[3]);
        TestModules.putRecords(out, n, 256);
        System.out.println("sent " + n);
        System.out.flush();
        Thread.sleep(200);
        Runtime.getRuntime().halt(3);
    }
}
