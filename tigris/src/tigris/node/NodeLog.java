/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;

/**
 * A node's log: one line on standard output per event of a river's life (created, started,
 * finished, failed, stopped, destroyed, its staged outputs discarded), after the node's "listening" line, naming the agent that
 * asked where there is one.
 */
final class NodeLog {
    private NodeLog() {
    }

    /** "node n1: river double created by agent 10.0.0.9". */
    static void river(String node, String river, String event) {
        System.out.println("node " + node + ": river " + river + " " + event);
        System.out.flush();
    }

    /** "node h1: refused a connection: the certificate of h2 is a node's, and only agents command a node". */
    static void refused(String node, String why) {
        System.out.println("node " + node + ": refused a connection: " + why);
        System.out.flush();
    }

    /** "by agent ADDRESS" for an event an RMI call caused. */
    static String byAgent() {
        try {
            return "by agent " + RemoteServer.getClientHost();
        } catch (ServerNotActiveException e) {
            return "by this process";
        }
    }
}
