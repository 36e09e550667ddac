/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

import tigris.FileProblems;
import tigris.Role;

/**
 * This process's identity in the cluster: its own key and the certificate the cluster's CA issued
 * it ({@code tigris cert NAME --role node|agent}), in a PKCS#12 store with its password in a file,
 * and the cluster's revocation list. Every control and data connection is TLS 1.3 with both ends
 * proving such an identity, and each end trusts only the role the connection is for
 * ({@link #tlsContext(Role)}): a node obeys agents only, so one node's key cannot command another
 * (doc/tigris.md, "Security").
 */
public final class ClusterIdentity {
    /** The file name of the revocation list beside a key store, where {@code tigris cert} puts a copy. */
    public static final String REVOCATION_LIST = "revoked.crl";

    private static volatile ClusterIdentity installed;

    static {
        // A TLS 1.3 server hands out stateless session tickets it accepts for about an hour, and a
        // resumption with one calls no trust manager: a certificate revoked since would still get
        // in. Without tickets a resumption needs the server's session cache, whose entries live a
        // second (tlsContext). Set before this process makes any TLS context, unless the
        // application chose otherwise.
        if (System.getProperty("jdk.tls.server.enableSessionTicketExtension") == null) {
            System.setProperty("jdk.tls.server.enableSessionTicketExtension", "false");
        }
    }

    private final Path store;
    private final String name;
    private final Role role;
    private final X509Certificate certificate;
    private final X509Certificate authority;
    private final KeyManagerFactory keys;
    private final TrustManagerFactory pkix;
    private final RevocationList revoked;
    private final Map<Role, SSLContext> contexts = Collections.synchronizedMap(new EnumMap<>(Role.class));
    private volatile Consumer<String> refusals = why -> {
    };

    private ClusterIdentity(Path store, X509Certificate certificate, X509Certificate authority, KeyManagerFactory keys, TrustManagerFactory pkix,
                    RevocationList revoked) {
        this.store = store;
        this.certificate = certificate;
        this.authority = authority;
        this.name = Role.nameOf(certificate);
        this.role = Role.of(certificate);
        this.keys = keys;
        this.pkix = pkix;
        this.revoked = revoked;
    }

    /**
     * Where the revocation list of the identity in {@code store} is unless named: {@value #REVOCATION_LIST} beside it.
     *
     * @param store the key store's path, relative to the working directory or absolute
     * @return the absolute path of {@value #REVOCATION_LIST} in the store's directory
     */
    public static Path revocationListBeside(Path store) {
        Path dir = store.toAbsolutePath().getParent();
        return dir.resolve(REVOCATION_LIST);
    }

    /**
     * Loads the identity in {@code store}, unlocked by the password in {@code passwordFile} (its
     * first line), checked against the revocation list {@code revocationList}
     * ({@link #revocationListBeside} if null).
     *
     * @param store the PKCS#12 key store {@code tigris cert} made: one key, its certificate issued
     *        by the cluster's CA, and the CA's certificate
     * @param passwordFile the file whose first line is the store's password
     * @param revocationList the cluster's revocation list, signed by its CA; null for the one
     *        beside {@code store}
     * @return the identity, not yet {@link #install installed}
     * @throws IOException saying what is wrong: a missing or unreadable file, a wrong password, a
     *         store that holds no certificate issued by a cluster CA, or a revoked one
     */
    public static ClusterIdentity load(Path store, Path passwordFile, Path revocationList) throws IOException {
        char[] password = password(passwordFile);
        KeyStore ks;
        InputStream opened;
        try {
            opened = Files.newInputStream(store);
        } catch (IOException e) {
            throw new IOException("cannot read key store " + store + ": " + FileProblems.describe(e), e);
        }
        try (InputStream in = opened) {
            ks = KeyStore.getInstance("PKCS12");
            ks.load(in, password);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot use key store " + store + ": " + e.getMessage(), e);
        } catch (IOException e) {
            if (e.getCause() instanceof java.security.UnrecoverableKeyException) {
                throw new IOException("key store " + store + ": wrong password (from " + passwordFile + ")", e);
            }
            throw new IOException("cannot use key store " + store + ": " + e.getMessage(), e);
        }
        try {
            List<String> keyAliases = new ArrayList<>();
            for (String alias : Collections.list(ks.aliases())) {
                if (ks.isKeyEntry(alias)) {
                    keyAliases.add(alias);
                }
            }
            if (keyAliases.size() != 1) {
                throw new IOException("key store " + store + " holds " + keyAliases.size() + " keys, not the one identity tigris cert makes");
            }
            Certificate[] chain = ks.getCertificateChain(keyAliases.get(0));
            if (chain == null || chain.length < 2 || !(chain[0] instanceof X509Certificate leaf) || !(chain[chain.length - 1] instanceof X509Certificate ca)) {
                throw new IOException("key store " + store + " holds a self-signed key, not a certificate issued by a cluster CA (a key made by an older tigris keygen?):"
                                + " make a CA with tigris keygen CA-DIR and an identity per node and agent with tigris cert NAME --role node|agent --ca CA-DIR");
            }
            try {
                leaf.verify(((X509Certificate) chain[1]).getPublicKey());
                ca.verify(ca.getPublicKey());
            } catch (GeneralSecurityException e) {
                throw new IOException("key store " + store + ": its certificate chain does not verify (" + e.getMessage() + ")", e);
            }
            if (Role.of(leaf) == null) {
                throw new IOException("the certificate in " + store + " (" + leaf.getSubjectX500Principal().getName()
                                + ") names no Tigris role: make one with tigris cert NAME --role node|agent");
            }
            try {
                leaf.checkValidity();
            } catch (java.security.cert.CertificateExpiredException | java.security.cert.CertificateNotYetValidException e) {
                throw new IOException("the certificate of " + Role.nameOf(leaf) + " in " + store + " is not valid now (" + e.getMessage()
                                + "): make a new one with tigris cert", e);
            }
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, password);
            KeyStore anchors = KeyStore.getInstance("PKCS12");
            anchors.load(null, null);
            anchors.setCertificateEntry("tigris-ca", ca);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(anchors);
            RevocationList crl = RevocationList.load(revocationList != null ? revocationList : revocationListBeside(store), ca);
            if (crl.isRevoked(leaf)) {
                throw new IOException("the certificate of " + Role.nameOf(leaf) + " in " + store + " (serial " + leaf.getSerialNumber() + ") is revoked by "
                                + crl.file());
            }
            return new ClusterIdentity(store, leaf, ca, kmf, tmf, crl);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot use key store " + store + ": " + e.getMessage(), e);
        }
    }

    private static char[] password(Path passwordFile) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(passwordFile);
        } catch (IOException e) {
            throw new IOException("cannot read password file " + passwordFile + ": " + FileProblems.describe(e), e);
        }
        return lines.stream().findFirst().orElseThrow(() -> new IOException("password file " + passwordFile + " is empty")).toCharArray();
    }

    /**
     * This identity, if it holds {@code needed}'s role; else IOException saying whose it is and
     * what {@code command} needs.
     *
     * @param needed the role the command needs
     * @param command the command, for the message: "tigris node"
     * @return this identity
     * @throws IOException if its role is not {@code needed}, saying how to make one that is
     */
    public ClusterIdentity requireRole(Role needed, String command) throws IOException {
        if (role != needed) {
            throw new IOException(store + " holds " + (role == Role.NODE ? "a node's" : "an agent's") + " certificate (" + name + "), and " + command + " needs "
                            + (needed == Role.NODE ? "a node's" : "an agent's") + ": make one with tigris cert NAME --role " + needed.unit());
        }
        return this;
    }

    /**
     * Makes this the identity the process's control connections use (the RMI socket factories read
     * it), in place of any installed before: one per process.
     *
     * @return this identity
     */
    public ClusterIdentity install() {
        installed = this;
        return this;
    }

    static ClusterIdentity installed() {
        ClusterIdentity k = installed;
        if (k == null) {
            throw new IllegalStateException("no cluster identity installed in this process: load one with ClusterIdentity.load(...).install()");
        }
        return k;
    }

    /** Where refused peers are told (a node logs them); by default nowhere but the refused handshake. */
    void onRefusal(Consumer<String> refusals) {
        this.refusals = refusals;
    }

    /**
     * Where this identity was loaded from, for messages.
     *
     * @return the key store's path, as given to {@link #load}
     */
    public Path store() {
        return store;
    }

    /**
     * The name the certificate was issued to.
     *
     * @return the common name of its subject: a node's or an agent's name
     */
    public String name() {
        return name;
    }

    /**
     * What the certificate lets its holder do.
     *
     * @return the role its subject names, never null (a certificate without one is refused when loaded)
     */
    public Role role() {
        return role;
    }

    /**
     * The certificate the cluster's CA issued this identity.
     *
     * @return the certificate, valid when it was loaded
     */
    public X509Certificate certificate() {
        return certificate;
    }

    /**
     * The cluster's CA certificate, the one trust anchor.
     *
     * @return the self-signed CA certificate at the end of the store's chain
     */
    public X509Certificate authority() {
        return authority;
    }

    /**
     * TLS 1.3 that proves this identity and trusts only peers holding {@code peer}'s role, issued
     * by the cluster's CA and not revoked. The revocation list is read again when its file
     * changes, and sessions are resumed for a second at most, so a certificate revoked since is
     * refused at its next connection. Safe from any thread.
     *
     * @param peer the role the other end must hold
     * @return the context, made once per role and shared
     * @throws IllegalStateException if the JDK cannot make a TLS 1.3 context
     */
    public SSLContext tlsContext(Role peer) {
        return contexts.computeIfAbsent(peer, this::context);
    }

    private SSLContext context(Role peer) {
        try {
            X509ExtendedTrustManager pkixManager = null;
            for (TrustManager t : pkix.getTrustManagers()) {
                if (t instanceof X509ExtendedTrustManager x) {
                    pkixManager = x;
                }
            }
            if (pkixManager == null) {
                throw new IllegalStateException("the JDK's PKIX trust manager factory made no X509ExtendedTrustManager");
            }
            SSLContext ctx = SSLContext.getInstance("TLSv1.3");
            ctx.init(keys.getKeyManagers(), new TrustManager[] {new RoleTrustManager(pkixManager, revoked, peer, why -> refusals.accept(why))}, null);
            // A resumed session skips the peer's certificate: keep resumption to a second, so a
            // certificate revoked now is refused at its next connection.
            ctx.getServerSessionContext().setSessionTimeout(1);
            ctx.getClientSessionContext().setSessionTimeout(1);
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot make a TLS 1.3 context: " + e.getMessage(), e);
        }
    }
}
