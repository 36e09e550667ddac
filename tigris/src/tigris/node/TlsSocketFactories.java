package tigris.node;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;

import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

/**
 * RMI over mutually authenticated TLS with the installed {@link ClusterKey}. The client factory
 * travels inside the node's stub to the agent, and creates its sockets with the agent's own key.
 */
final class TlsSocketFactories {
    private static final String[] PROTOCOLS = {"TLSv1.3"};

    private TlsSocketFactories() {
    }

    static final class Client implements RMIClientSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            SSLSocket s = (SSLSocket) ClusterKey.installedContext().getSocketFactory().createSocket(host, port);
            s.setEnabledProtocols(PROTOCOLS);
            try {
                s.startHandshake();   // fail here, with the TLS reason, rather than inside RMI's first read
            } catch (javax.net.ssl.SSLHandshakeException e) {
                s.close();
                if (untrusted(e)) {
                    throw new javax.net.ssl.SSLHandshakeException("the node's certificate is not signed by this cluster key (" + e.getMessage() + ")");
                }
                throw e;
            }
            return s;
        }

        /** True if the handshake failed because the peer's certificate chains to no key we trust. */
        private static boolean untrusted(Throwable e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof java.security.cert.CertPathValidatorException || c instanceof java.security.cert.CertificateException
                                || c instanceof java.security.cert.CertPathBuilderException) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Client;
        }

        @Override
        public int hashCode() {
            return Client.class.hashCode();
        }
    }

    /** Listens on one address only: the node's, never the wildcard. */
    static final class Server implements RMIServerSocketFactory {
        private final InetAddress bind;

        Server(InetAddress bind) {
            this.bind = java.util.Objects.requireNonNull(bind, "bind");
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            SSLServerSocket s = (SSLServerSocket) ClusterKey.installedContext().getServerSocketFactory().createServerSocket(port, 0, bind);
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
