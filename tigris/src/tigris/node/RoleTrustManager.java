/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.function.Consumer;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

import tigris.Role;

/**
 * Trusts a peer whose certificate chains to the cluster's CA (the JDK's PKIX checks, done first),
 * is not on the cluster's revocation list, and holds the one role this connection is for: a node's
 * control port trusts agents only, an agent trusts nodes only, a data connection trusts nodes. A
 * refusal says whose certificate it was and why, to the peer's handshake and to {@code refusals}.
 */
final class RoleTrustManager extends X509ExtendedTrustManager {
    private final X509ExtendedTrustManager pkix;
    private final RevocationList revoked;
    private final Role peer;
    private final Consumer<String> refusals;

    RoleTrustManager(X509ExtendedTrustManager pkix, RevocationList revoked, Role peer, Consumer<String> refusals) {
        this.pkix = pkix;
        this.revoked = revoked;
        this.peer = peer;
        this.refusals = refusals;
    }

    /** Why {@code leaf} may not be this connection's peer, or null if it may. */
    String refusal(X509Certificate leaf) {
        Role role = Role.of(leaf);
        String who = Role.nameOf(leaf);
        if (role == null) {
            return "the certificate of " + who + " names no Tigris role (made before identities, or not by tigris cert)";
        }
        if (role != peer) {
            return "the certificate of " + who + " is " + (role == Role.NODE ? "a node's" : "an agent's") + ", and only "
                            + (peer == Role.AGENT ? "agents command a node" : "nodes serve rivers");
        }
        if (revoked.isRevoked(leaf)) {
            return "the certificate of " + who + " (serial " + leaf.getSerialNumber() + ") is revoked by " + revoked.file();
        }
        return null;
    }

    /** The JDK's checks of one handshake, by whichever overload the handshake called. */
    private interface Pkix {
        void check() throws CertificateException;
    }

    /** {@code pkix}'s checks, then the role and the revocation list; a refusal names the certificate and why. */
    private void verify(X509Certificate[] chain, Pkix pkix) throws CertificateException {
        try {
            pkix.check();
        } catch (CertificateException e) {
            String why = "the certificate of " + (chain == null || chain.length == 0 ? "(none)" : Role.nameOf(chain[0])) + " is not signed by this cluster's CA ("
                            + e.getMessage() + ")";
            refusals.accept(why);
            throw new CertificateException(why, e);
        }
        String why = refusal(chain[0]);
        if (why != null) {
            refusals.accept(why);
            throw new CertificateException(why);
        }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        verify(chain, () -> pkix.checkClientTrusted(chain, authType, socket));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        verify(chain, () -> pkix.checkServerTrusted(chain, authType, socket));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        verify(chain, () -> pkix.checkClientTrusted(chain, authType, engine));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        verify(chain, () -> pkix.checkServerTrusted(chain, authType, engine));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        verify(chain, () -> pkix.checkClientTrusted(chain, authType));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        verify(chain, () -> pkix.checkServerTrusted(chain, authType));
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return pkix.getAcceptedIssuers();
    }
}
