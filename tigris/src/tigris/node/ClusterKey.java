package tigris.node;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import tigris.FileProblems;

/**
 * The cluster's shared secret: a PKCS#12 key store holding one key pair and its self-signed
 * certificate ({@code tigris keygen} makes one with the JDK's keytool). Every node and every
 * control agent of the cluster holds the same store and uses it as both key and trust material,
 * so the control connections are mutually authenticated TLS 1.3: a process without the key can
 * neither control a node nor pose as one (doc/tigris.md, "Security").
 */
public final class ClusterKey {
    private static volatile ClusterKey installed;

    private final Path store;
    private final SSLContext context;
    /** SHA-256 of the store's password: what a live view's HTTP login is checked against (the password itself is not kept). */
    private final byte[] passwordHash;

    private ClusterKey(Path store, SSLContext context, byte[] passwordHash) {
        this.store = store;
        this.context = context;
        this.passwordHash = passwordHash;
    }

    /**
     * Loads the key store at {@code store} with the password in {@code passwordFile} (its first
     * line).
     *
     * @throws IOException naming the file if it is missing, unreadable, or the password is wrong
     */
    public static ClusterKey load(Path store, Path passwordFile) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(passwordFile);
        } catch (IOException e) {
            throw new IOException("cannot read password file " + passwordFile + ": " + FileProblems.describe(e), e);
        }
        char[] password = lines.stream().findFirst().orElseThrow(() -> new IOException("password file " + passwordFile + " is empty")).toCharArray();
        InputStream opened;
        try {
            opened = Files.newInputStream(store);
        } catch (IOException e) {
            throw new IOException("cannot read cluster key " + store + ": " + FileProblems.describe(e), e);
        }
        try (InputStream in = opened) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, password);
            if (ks.size() == 0) {
                throw new IOException("cluster key store " + store + " holds no key");
            }
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, password);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(ks);
            SSLContext ctx = SSLContext.getInstance("TLSv1.3");
            ctx.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
            return new ClusterKey(store, ctx, hash(password));
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot use cluster key store " + store + ": " + e.getMessage(), e);
        } catch (IOException e) {
            if (e.getCause() instanceof java.security.UnrecoverableKeyException) {
                throw new IOException("cluster key store " + store + ": wrong password (from " + passwordFile + ")", e);
            }
            throw e;
        }
    }

    /** Makes this the key the process's control connections use (the RMI socket factories read it). */
    public ClusterKey install() {
        installed = this;
        return this;
    }

    static SSLContext installedContext() {
        ClusterKey k = installed;
        if (k == null) {
            throw new IllegalStateException("no cluster key installed in this process: load one with ClusterKey.load(...).install()");
        }
        return k.context;
    }

    public Path store() {
        return store;
    }

    /** The TLS context of this cluster's certificates (a live view on a non-loopback address serves HTTPS with it). */
    public SSLContext tlsContext() {
        return context;
    }

    /** Whether {@code password} is the cluster key store's password (compared in constant time). */
    public boolean isPassword(char[] password) {
        return java.security.MessageDigest.isEqual(passwordHash, hash(password));
    }

    private static byte[] hash(char[] password) {
        try {
            java.security.MessageDigest d = java.security.MessageDigest.getInstance("SHA-256");
            return d.digest(new String(password).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JDK", e);
        }
    }
}
