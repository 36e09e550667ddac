/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.view;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * Where a live view listens, as given after {@code --view}: {@code PORT} (loopback) or
 * {@code HOST:PORT}; port 0 picks a free one.
 *
 * @param host the address to bind; loopback serves plain HTTP, any other address HTTPS with a
 *        login ({@link LiveView})
 * @param port the TCP port, 0 to 65535 (0: a free one, chosen when the view binds)
 */
public record ViewAddress(InetAddress host, int port) {
    /**
     * The address in {@code spec}: {@code "8080"}, {@code "0"}, {@code "10.0.0.5:8080"},
     * {@code "[::1]:8080"}. Without a host (or with an empty one, {@code ":8080"}) it is loopback;
     * a host name is resolved here.
     *
     * @param spec {@code PORT} or {@code HOST:PORT}, as given after {@code --view}; not null
     * @return the address it names
     * @throws IllegalArgumentException if the port is not a number from 0 to 65535 or the host
     *         cannot be resolved; the message names {@code --view} and the spec
     */
    public static ViewAddress parse(String spec) {
        int colon = spec.lastIndexOf(':');
        String host = colon < 0 ? null : spec.substring(0, colon);
        String port = colon < 0 ? spec : spec.substring(colon + 1);
        int p;
        try {
            p = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            p = -1;
        }
        if (p < 0 || p > 65535) {
            throw new IllegalArgumentException("--view " + spec + ": not [HOST:]PORT with a port from 0 to 65535");
        }
        if (host == null || host.isEmpty()) {
            return new ViewAddress(InetAddress.getLoopbackAddress(), p);
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            return new ViewAddress(InetAddress.getByName(host), p);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--view " + spec + ": unknown host " + host);
        }
    }

    /**
     * Whether the view serves plain HTTP, without a login, to this machine only.
     *
     * @return whether {@link #host()} is a loopback address
     */
    public boolean isLoopback() {
        return host.isLoopbackAddress();
    }

    InetSocketAddress socketAddress() {
        return new InetSocketAddress(host, port);
    }
}
