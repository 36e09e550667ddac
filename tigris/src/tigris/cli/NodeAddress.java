/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import tigris.node.ControlAgent.Node;

/** A node as a command line names it: NAME, a separator ('=' after --node, a space in a nodes file), HOST:PORT. */
final class NodeAddress {
    private NodeAddress() {
    }

    /**
     * The node {@code value} names.
     *
     * @throws IllegalArgumentException naming {@code option} and what is wrong with {@code value}
     */
    static Node parse(String option, String value, String separator) {
        int s = value.indexOf(separator);
        int colon = value.lastIndexOf(':');
        if (s < 1 || colon < s + 2 || colon == value.length() - 1) {
            throw new IllegalArgumentException(option + " " + value + ": not NAME" + (separator.isBlank() ? " " : separator) + "HOST:PORT");
        }
        int port;
        try {
            port = Integer.parseInt(value.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " " + value + ": port '" + value.substring(colon + 1) + "' is not a number");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(option + " " + value + ": port " + port + " is not between 1 and 65535");
        }
        return new Node(value.substring(0, s).strip(), value.substring(s + separator.length(), colon).strip(), port);
    }
}
