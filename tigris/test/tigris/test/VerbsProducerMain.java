/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import java.net.InetSocketAddress;
import java.time.Duration;

import tigris.reservoir.VerbsSender;

/**
 * A producer in its own process: connects a verbs reservoir to args[0]:args[1], sends args[2]
 * Waters of one Record each, then dies without End of River (Runtime.halt), as a crashed node would.
 */
public final class VerbsProducerMain {
    private VerbsProducerMain() {
    }

    public static void main(String[] args) throws Exception {
        VerbsSender out = VerbsSender.connect("crash", new InetSocketAddress(args[0], Integer.parseInt(args[1])), 8, 256,
                Duration.ofSeconds(150));
        int n = Integer.parseInt(args[2]);
        TestModules.putRecords(out, n, 256);
        System.out.println("sent " + n);
        System.out.flush();
        Thread.sleep(500);
        Runtime.getRuntime().halt(3);
    }
}
