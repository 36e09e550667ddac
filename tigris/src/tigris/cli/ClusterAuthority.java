/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509CRLEntry;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

import tigris.FileProblems;
import tigris.node.ClusterIdentity;
import tigris.Role;

/**
 * A cluster's certificate authority, as a directory on the administrator's machine (it need not be
 * on any node): {@value #KEY} (the CA's key and certificate) with its password in {@value #PASSWORD},
 * {@value #CERTIFICATE} (the CA certificate, to check a node's or a live view's certificate by),
 * {@value #ISSUED} (one line per certificate issued: serial, name, role, date) and the revocation
 * list {@link ClusterIdentity#REVOCATION_LIST}. Certificates are made by the JDK's keytool; the
 * stores are PKCS#12 and every secret file is readable by its owner only.
 */
final class ClusterAuthority {
    static final String KEY = "ca.p12";
    static final String PASSWORD = "ca.password";
    static final String CERTIFICATE = "ca.crt";
    static final String ISSUED = "issued.tsv";
    private static final String ALIAS = "tigris-ca";
    /** How long a node's or agent's certificate is valid: renewing one is tigris cert again. */
    static final int VALID_DAYS = 730;
    private static final int CA_VALID_DAYS = 3650;

    /** A certificate this CA issued. */
    record Issued(BigInteger serial, String name, Role role, Instant at) {
    }

    private final Path dir;

    private ClusterAuthority(Path dir) {
        this.dir = dir;
    }

    /**
     * Makes a CA in {@code dir}, which must not exist or be empty.
     *
     * @throws IOException saying what went wrong (the directory in use, keytool's complaint)
     */
    static ClusterAuthority create(Path dir) throws IOException, InterruptedException {
        if (Files.exists(dir)) {
            try (var entries = Files.list(dir)) {
                if (entries.findAny().isPresent()) {
                    throw new IOException(dir + " is not empty: a new CA there would lock out every node and agent of the cluster it holds (delete it yourself if that is meant)");
                }
            }
        } else {
            Files.createDirectories(dir);
        }
        ownerOnly(dir, "rwx------");
        ClusterAuthority ca = new ClusterAuthority(dir);
        Path password = dir.resolve(PASSWORD);
        writeSecret(password, randomPassword());
        // A CA name of its own per cluster, so two clusters' revocation lists cannot be mixed up.
        byte[] id = new byte[6];
        new SecureRandom().nextBytes(id);
        keytool("-genkeypair", "-alias", ALIAS, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=Tigris cluster CA " + HexFormat.of().formatHex(id) + ",O=tigris",
                        "-validity", Integer.toString(CA_VALID_DAYS), "-ext", "BC:c=ca:true", "-ext", "KU:c=keyCertSign,cRLSign", "-storetype", "PKCS12",
                        "-keystore", dir.resolve(KEY).toString(), "-storepass:file", password.toString(), "-keypass:file", password.toString());
        ownerOnly(dir.resolve(KEY), "rw-------");
        Files.writeString(dir.resolve(CERTIFICATE), pem(ca.certificate()));
        Files.writeString(dir.resolve(ISSUED), "");
        ca.writeRevocationList(List.of());
        return ca;
    }

    /**
     * The CA in {@code dir}.
     *
     * @throws IOException if {@code dir} holds no CA {@code tigris keygen} made
     */
    static ClusterAuthority open(Path dir) throws IOException {
        for (String f : List.of(KEY, PASSWORD, ISSUED, ClusterIdentity.REVOCATION_LIST)) {
            if (!Files.isRegularFile(dir.resolve(f))) {
                throw new IOException(dir + " holds no cluster CA (no " + f + "): make one with tigris keygen " + dir);
            }
        }
        return new ClusterAuthority(dir);
    }

    Path revocationList() {
        return dir.resolve(ClusterIdentity.REVOCATION_LIST);
    }

    /**
     * Issues {@code name} a certificate in {@code role}: {@code out}/NAME.p12 with its password in
     * {@code out}/NAME.password, and a copy of the revocation list beside them.
     *
     * @throws IOException if NAME.p12 exists there (it would replace an identity in use) or keytool fails
     */
    Issued issue(String name, Role role, Path out) throws IOException, InterruptedException {
        Path store = out.resolve(name + ".p12");
        Path storePassword = out.resolve(name + ".password");
        if (Files.exists(store)) {
            throw new IOException(store + " exists: it may be an identity in use; revoke it (tigris revoke " + name + ") and delete it first to replace it");
        }
        Files.createDirectories(out);
        Path work = Files.createTempDirectory(dir, ".issue-");
        try {
            ownerOnly(work, "rwx------");
            // keytool signs with a CA in the same store: a copy of the CA's entry, in a store thrown away after.
            char[] caPassword = caPassword();
            KeyStore ca = caStore(caPassword);
            KeyStore scratch = KeyStore.getInstance("PKCS12");
            scratch.load(null, null);
            scratch.setKeyEntry(ALIAS, ca.getKey(ALIAS, caPassword), caPassword, ca.getCertificateChain(ALIAS));
            Path scratchFile = work.resolve("scratch.p12");
            try (OutputStream o = Files.newOutputStream(scratchFile)) {
                scratch.store(o, caPassword);
            }
            Path caPasswordFile = dir.resolve(PASSWORD);
            keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", role.subject(name), "-signer", ALIAS,
                            "-signerkeypass:file", caPasswordFile.toString(), "-validity", Integer.toString(VALID_DAYS), "-ext", "KU:c=digitalSignature",
                            "-ext", "EKU=serverAuth,clientAuth", "-keystore", scratchFile.toString(), "-storepass:file", caPasswordFile.toString(),
                            "-keypass:file", caPasswordFile.toString());
            KeyStore made = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(scratchFile)) {
                made.load(in, caPassword);
            }
            Key key = made.getKey(name, caPassword);
            java.security.cert.Certificate[] chain = made.getCertificateChain(name);
            String password = randomPassword();
            KeyStore identity = KeyStore.getInstance("PKCS12");
            identity.load(null, null);
            identity.setKeyEntry(name, key, password.toCharArray(), chain);
            Path partial = work.resolve("identity.p12");
            try (OutputStream o = Files.newOutputStream(partial)) {
                identity.store(o, password.toCharArray());
            }
            writeSecret(storePassword, password);
            ownerOnly(partial, "rw-------");
            Files.move(partial, store);
            Files.copy(revocationList(), out.resolve(ClusterIdentity.REVOCATION_LIST), StandardCopyOption.REPLACE_EXISTING);
            X509Certificate leaf = (X509Certificate) chain[0];
            Issued issued = new Issued(leaf.getSerialNumber(), name, role, leaf.getNotBefore().toInstant());
            Files.writeString(dir.resolve(ISSUED), issued.serial() + "\t" + name + "\t" + role.unit() + "\t" + issued.at() + "\n",
                            java.nio.file.StandardOpenOption.APPEND);
            return issued;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot issue " + name + " a certificate: " + e.getMessage(), e);
        } finally {
            try (var files = Files.list(work)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(work);
        }
    }

    /** Every certificate this CA issued, in order. */
    List<Issued> issued() throws IOException {
        List<Issued> all = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve(ISSUED))) {
            String[] f = line.split("\t");
            if (f.length == 4) {
                all.add(new Issued(new BigInteger(f[0]), f[1], Role.parse(f[2]), Instant.parse(f[3])));
            }
        }
        return all;
    }

    /** The serials the revocation list holds now. */
    List<BigInteger> revoked() throws IOException {
        X509CRL crl;
        try (InputStream in = Files.newInputStream(revocationList())) {
            crl = (X509CRL) CertificateFactory.getInstance("X.509").generateCRL(in);
        } catch (GeneralSecurityException e) {
            throw new IOException("the CA's revocation list " + revocationList() + " cannot be read: " + e.getMessage(), e);
        }
        List<BigInteger> serials = new ArrayList<>();
        if (crl.getRevokedCertificates() != null) {
            for (X509CRLEntry e : crl.getRevokedCertificates()) {
                serials.add(e.getSerialNumber());
            }
        }
        return serials;
    }

    /**
     * Adds every certificate issued to {@code name} and not yet revoked to the revocation list.
     *
     * @return those certificates (none if all were revoked already)
     * @throws IOException if this CA never issued {@code name} a certificate
     */
    List<Issued> revoke(String name) throws IOException, InterruptedException {
        List<Issued> of = issued().stream().filter(i -> i.name().equals(name)).toList();
        if (of.isEmpty()) {
            throw new IOException("this CA (" + dir + ") never issued a certificate to " + name + " (" + dir.resolve(ISSUED) + " lists what it issued)");
        }
        List<BigInteger> serials = new ArrayList<>(revoked());
        List<Issued> now = of.stream().filter(i -> !serials.contains(i.serial())).toList();
        if (!now.isEmpty()) {
            now.forEach(i -> serials.add(i.serial()));
            writeRevocationList(serials);
        }
        return now;
    }

    /** Signs a revocation list of {@code serials} and puts it in place at once (readers see the old list or the new). */
    private void writeRevocationList(List<BigInteger> serials) throws IOException, InterruptedException {
        Path fresh = dir.resolve(".revoked.crl.new");
        Files.deleteIfExists(fresh);
        Path password = dir.resolve(PASSWORD);
        List<String> args = new ArrayList<>(List.of("-gencrl", "-alias", ALIAS, "-file", fresh.toString(), "-keystore", dir.resolve(KEY).toString(),
                        "-storepass:file", password.toString(), "-keypass:file", password.toString()));
        for (BigInteger s : serials) {
            args.add("-id");
            args.add(s.toString());
        }
        keytool(args.toArray(String[]::new));
        Files.move(fresh, revocationList(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private X509Certificate certificate() throws IOException {
        try {
            return (X509Certificate) caStore(caPassword()).getCertificate(ALIAS);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot read the CA's certificate from " + dir.resolve(KEY) + ": " + e.getMessage(), e);
        }
    }

    private char[] caPassword() throws IOException {
        return Files.readAllLines(dir.resolve(PASSWORD)).getFirst().toCharArray();
    }

    private KeyStore caStore(char[] password) throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(dir.resolve(KEY))) {
            ks.load(in, password);
        }
        return ks;
    }

    private static String pem(X509Certificate cert) throws IOException {
        try {
            return "-----BEGIN CERTIFICATE-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(cert.getEncoded()) + "\n-----END CERTIFICATE-----\n";
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new IOException("cannot encode the CA certificate: " + e.getMessage(), e);
        }
    }

    private static String randomPassword() {
        byte[] secret = new byte[24];
        new SecureRandom().nextBytes(secret);
        return HexFormat.of().formatHex(secret);
    }

    /** Writes {@code secret} to a new file only its owner can read. */
    private static void writeSecret(Path file, String secret) throws IOException {
        Files.deleteIfExists(file);
        Files.createFile(file);
        ownerOnly(file, "rw-------");
        Files.writeString(file, secret + "\n");
    }

    private static void ownerOnly(Path p, String permissions) throws IOException {
        try {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(permissions));
        } catch (UnsupportedOperationException ignored) {
            // not a POSIX file system
        }
    }

    /** Runs the JDK's keytool; IOException with what it said if it fails. */
    private static void keytool(String... args) throws IOException, InterruptedException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> cmd = new ArrayList<>();
        cmd.add(keytool.toString());
        // a short-lived tool: the first tier compiles enough
        cmd.add("-J-XX:TieredStopAtLevel=1");
        cmd.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("cannot run the JDK's keytool (" + keytool + "): " + FileProblems.describe(e), e);
        }
        String said = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("keytool " + args[0] + " failed: " + said.strip());
        }
    }
}
