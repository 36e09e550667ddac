package tigris.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;

import tigris.FileProblems;

/** {@code tigris keygen}: a PKCS#12 store with one EC key pair and self-signed certificate, and a random password for it. */
final class KeygenCommand implements Command {
    @Override
    public String usage() {
        return """
                        usage: tigris keygen CLUSTER.p12 PASSWORD-FILE
                        Makes a cluster key and its password; give both files to every node and agent.""";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        if (args.length != 2 || args[0].startsWith("-") || args[1].startsWith("-")) {
            err.println("tigris keygen: " + (args.length != 2 ? "CLUSTER.p12 and PASSWORD-FILE are needed" : "unknown option " + String.join(" ", args)));
            err.println(usage());
            return ExitCode.USAGE.status();
        }
        Path store = Path.of(args[0]);
        Path passwordFile = Path.of(args[1]);
        if (Files.exists(store)) {
            err.println("tigris keygen: " + store + " exists; a new key would lock every node using it out");
            return ExitCode.FAILED.status();
        }
        byte[] secret = new byte[24];
        new SecureRandom().nextBytes(secret);
        String password = HexFormat.of().formatHex(secret);
        try {
            Files.writeString(passwordFile, password + "\n");
        } catch (java.io.IOException e) {
            err.println("tigris keygen: cannot write password file " + passwordFile + ": " + FileProblems.describe(e));
            return ExitCode.FAILED.status();
        }
        try {
            Files.setPosixFilePermissions(passwordFile, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException ignored) {
            // not a POSIX file system
        }
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "tigris", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                        "CN=tigris-cluster", "-validity", "3650", "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass:file",
                        passwordFile.toString(), "-keypass:file", passwordFile.toString()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            err.println("tigris keygen: keytool failed: " + said.strip());
            return ExitCode.FAILED.status();
        }
        out.println("cluster key in " + store + ", its password in " + passwordFile + ": give both to every node and agent");
        return ExitCode.OK.status();
    }
}
