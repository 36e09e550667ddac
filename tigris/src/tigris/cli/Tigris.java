package tigris.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;

import tigris.node.NodeMain;

/**
 * The {@code tigris} command of Jaguar's JDK ({@code build/jdk/bin/tigris}).
 *
 * <pre>
 * tigris keygen CLUSTER.p12 PASSWORD-FILE   make a cluster key (copy both files to every node and agent)
 * tigris node --name N --port P --key CLUSTER.p12 --password-file F [--host A] [--work DIR]
 * </pre>
 *
 * The control agent is a Java API ({@code tigris.node.ControlAgent}, doc/tigris.md).
 */
public final class Tigris {
    private Tigris() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            usage("a command is needed");
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        switch (args[0]) {
            case "node" -> NodeMain.main(rest);
            case "keygen" -> keygen(rest);
            case "help", "--help", "-h" -> usage(null);
            default -> usage("unknown command '" + args[0] + "'");
        }
    }

    private static void usage(String problem) {
        if (problem != null) {
            System.err.println("tigris: " + problem);
        }
        System.err.println("""
                        usage: tigris keygen CLUSTER.p12 PASSWORD-FILE
                               tigris node --name NAME --port PORT --key CLUSTER.p12 --password-file FILE [--host ADDRESS] [--work DIR]""");
        System.exit(problem == null ? 0 : 2);
    }

    /** A PKCS#12 store with one EC key pair and self-signed certificate, and a random password for it. */
    private static void keygen(String[] args) throws Exception {
        if (args.length != 2) {
            usage("keygen needs CLUSTER.p12 and PASSWORD-FILE");
        }
        Path store = Path.of(args[0]);
        Path passwordFile = Path.of(args[1]);
        if (Files.exists(store)) {
            System.err.println("tigris keygen: " + store + " exists; a new key would lock every node using it out");
            System.exit(1);
        }
        byte[] secret = new byte[24];
        new SecureRandom().nextBytes(secret);
        String password = HexFormat.of().formatHex(secret);
        Files.writeString(passwordFile, password + "\n");
        try {
            Files.setPosixFilePermissions(passwordFile, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException ignored) {
            // not a POSIX file system
        }
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "tigris", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                        "CN=tigris-cluster", "-validity", "3650", "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass:file",
                        passwordFile.toString(), "-keypass:file", passwordFile.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            System.err.println("tigris keygen: keytool failed: " + out.strip());
            System.exit(1);
        }
        System.out.println("cluster key in " + store + ", its password in " + passwordFile + ": give both to every node and agent");
    }
}
