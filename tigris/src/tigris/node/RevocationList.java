/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;

import tigris.FileProblems;

/**
 * The cluster's certificate revocation list ({@code tigris keygen} makes it empty, {@code tigris
 * revoke} adds to it), as one process holds it: a CRL file signed by the cluster's CA. It is read
 * again when the file changes, so copying a new list to a running node or agent refuses the revoked
 * certificates' next connections without a restart. A list not signed by this cluster's CA is
 * refused, a list that cannot be read again keeps the one read last (and says so once), and so
 * does one older than it (which would take back revocations).
 */
final class RevocationList {
    private final Path file;
    private final X509Certificate authority;
    private volatile Loaded loaded;

    private record Loaded(FileTime modified, long size, X509CRL crl) {
    }

    private RevocationList(Path file, X509Certificate authority, Loaded loaded) {
        this.file = file;
        this.authority = authority;
        this.loaded = loaded;
    }

    /**
     * Reads the list at {@code file}, which {@code authority} must have signed.
     *
     * @throws IOException saying what is wrong with the file (missing, not a CRL, another CA's)
     */
    static RevocationList load(Path file, X509Certificate authority) throws IOException {
        return new RevocationList(file, authority, read(file, authority));
    }

    Path file() {
        return file;
    }

    /** Whether {@code cert} is revoked by the list as the file now holds it. */
    boolean isRevoked(X509Certificate cert) {
        return current().isRevoked(cert);
    }

    private X509CRL current() {
        Loaded l = loaded;
        try {
            FileTime modified = Files.getLastModifiedTime(file);
            long size = Files.size(file);
            if (!modified.equals(l.modified()) || size != l.size()) {
                synchronized (this) {
                    Loaded fresh = read(file, authority);
                    if (fresh.crl().getThisUpdate().before(l.crl().getThisUpdate())) {
                        // An older list in its place would take back revocations: keep the newer one.
                        warnOnce("the revocation list " + file + " was replaced by an older one (issued " + fresh.crl().getThisUpdate().toInstant()
                                        + ", before " + l.crl().getThisUpdate().toInstant() + "): the newer one still holds");
                    } else {
                        l = fresh;
                        loaded = l;
                    }
                }
            }
        } catch (IOException e) {
            warnOnce("the revocation list " + file + " cannot be read again (" + e.getMessage() + "): the one read at " + l.modified() + " still holds");
        }
        return l.crl();
    }

    private volatile String warned;

    private void warnOnce(String what) {
        if (!what.equals(warned)) {
            warned = what;
            System.err.println("tigris: " + what);
        }
    }

    private static Loaded read(Path file, X509Certificate authority) throws IOException {
        FileTime modified;
        long size;
        X509CRL crl;
        try (InputStream in = Files.newInputStream(file)) {
            modified = Files.getLastModifiedTime(file);
            size = Files.size(file);
            crl = (X509CRL) CertificateFactory.getInstance("X.509").generateCRL(in);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IOException("no revocation list at " + file + ": copy the cluster's (revoked.crl, made by tigris keygen and tigris revoke in the CA's directory)"
                            + " there, or name it with --revoked FILE", e);
        } catch (IOException e) {
            throw new IOException("cannot read the revocation list " + file + ": " + FileProblems.describe(e), e);
        } catch (java.security.cert.CRLException | java.security.cert.CertificateException e) {
            throw new IOException("the revocation list " + file + " is not a certificate revocation list: " + e.getMessage(), e);
        }
        if (!crl.getIssuerX500Principal().equals(authority.getSubjectX500Principal())) {
            throw new IOException("the revocation list " + file + " is " + crl.getIssuerX500Principal().getName() + "'s, not this cluster's CA ("
                            + authority.getSubjectX500Principal().getName() + ")");
        }
        try {
            crl.verify(authority.getPublicKey());
        } catch (GeneralSecurityException e) {
            throw new IOException("the revocation list " + file + " is not signed by this cluster's CA (" + e.getMessage() + "): it may have been altered", e);
        }
        return new Loaded(modified, size, crl);
    }
}
