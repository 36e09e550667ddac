/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.security.cert.X509Certificate;

import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

import tigris.Role;

/**
 * RMI over mutually authenticated TLS 1.3 with the installed {@link ClusterIdentity}: a node's
 * server sockets accept agents only; the client factory connects with the agent's own identity,
 * trusts nodes only, and checks that the node it reached holds the certificate of the node it
 * expects. The agent looks a node up with a factory expecting the name it listed; the factory in
 * the node's stub (which the registry so checked handed over) expects the node's own name.
 */
final class TlsSocketFactories {
    private static final String[] PROTOCOLS = {"TLSv1.3"};

    private TlsSocketFactories() {
    }

    static final class Client implements RMIClientSocketFactory, Serializable {
        private static final long serialVersionUID = 2L;
        /** The node whose certificate the server must hold. */
        private final String node;

        Client(String node) {
            this.node = java.util.Objects.requireNonNull(node, "node");
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            SSLSocket s = (SSLSocket) ClusterIdentity.installed().tlsContext(Role.NODE).getSocketFactory().createSocket(host, port);
            s.setEnabledProtocols(PROTOCOLS);
            try {
                s.startHandshake();   // fail here, with the TLS reason, rather than inside RMI's first read
            } catch (javax.net.ssl.SSLException e) {
                s.close();
                throw new javax.net.ssl.SSLHandshakeException("the node at " + host + ":" + port + " and this agent did not agree on TLS: " + reason(e));
            }
            X509Certificate leaf = (X509Certificate) s.getSession().getPeerCertificates()[0];
            if (!node.equals(Role.nameOf(leaf))) {
                s.close();
                throw new javax.net.ssl.SSLPeerUnverifiedException("the node at " + host + ":" + port + " holds the certificate of " + Role.nameOf(leaf) + ", not "
                                + node + "'s");
            }
            return s;
        }

        /** The trust manager's own refusal where it made one, else the TLS message (an alert from the node: it refused us). */
        private static String reason(Throwable e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof java.security.cert.CertificateException && c.getMessage() != null && c.getMessage().startsWith("the certificate of ")) {
                    return c.getMessage();
                }
            }
            String m = String.valueOf(e.getMessage());
            return m.contains("alert") ? m + " (the node refused this agent's certificate: its log says why)" : m;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Client c && c.node.equals(node);
        }

        @Override
        public int hashCode() {
            return node.hashCode();
        }
    }

    /** Listens on one address only: the node's, never the wildcard; trusts agents only. */
    static final class Server implements RMIServerSocketFactory {
        private final InetAddress bind;

        Server(InetAddress bind) {
            this.bind = java.util.Objects.requireNonNull(bind, "bind");
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            SSLServerSocket s = (SSLServerSocket) ClusterIdentity.installed().tlsContext(Role.AGENT).getServerSocketFactory().createServerSocket(port, 0, bind);
            s.setEnabledProtocols(PROTOCOLS);
            s.setNeedClientAuth(true);
            return s;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Server s && s.bind.equals(bind);
        }

        @Override
        public int hashCode() {
            return bind.hashCode();
        }
    }
}
