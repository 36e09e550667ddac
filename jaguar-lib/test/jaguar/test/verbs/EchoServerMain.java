/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.verbs;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;

import jaguar.verbs.ConnectionOptions;
import jaguar.verbs.RdmaConnection;
import jaguar.verbs.RdmaListener;

/**
 * A separate process for RdmaCmTest: listens on the given address, prints the bound port, serves
 * one echo connection and exits with 0 when the client says goodbye (a zero-length message).
 */
public final class EchoServerMain {
    public static void main(String[] args) throws Exception {
        InetSocketAddress at = new InetSocketAddress(InetAddress.getByName(args[0]), 0);
        try (RdmaListener l = RdmaListener.bind(at, 4)) {
            System.out.println("PORT " + l.address().getPort());
            System.out.flush();
            try (RdmaConnection c = l.accept(ConnectionOptions.defaults(), Duration.ofSeconds(120))) {
                int n = Echo.serve(c);
                System.out.println("ECHOED " + n);
            }
        }
    }
}
