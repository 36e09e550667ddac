package tigris.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;

import tigris.node.ClusterKey;
import tigris.node.ControlAgent;
import tigris.node.NodeMain;

/**
 * The {@code tigris} command of Jaguar's JDK ({@code build/jdk/bin/tigris}).
 *
 * <pre>
 * tigris keygen CLUSTER.p12 PASSWORD-FILE   make a cluster key (copy both files to every node and agent)
 * tigris node --name N --port P --key CLUSTER.p12 --password-file F [--host A] [--work DIR]
 * tigris run RIVER-FILE --key CLUSTER.p12 --password-file F [--timeout SECONDS]
 * tigris gensort [-a] [-c] [-bSTART] [-tN] COUNT FILE     sortbenchmark.org's gensort 1.5
 * tigris valsort [-i] [-q] [-tN] [-o SUMMARY] [-s] FILE   sortbenchmark.org's valsort 1.5
 * tigris sort [-p N] [-s N] [--memory SIZE] [--tmp DIR] [--node N=HOST:PORT... --key K --password-file F] INPUT OUTPUT
 *                                                        TigrisSort on this machine or across nodes
 * </pre>
 *
 * {@code run} is the control agent ({@code tigris.node.ControlAgent}) on a river file
 * ({@link RiverFile}); it exits 0 only if the river reached End of River everywhere.
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
            case "run" -> System.exit(run(rest));
            case "gensort" -> System.exit(GenSortCommand.run(rest, System.err));
            case "valsort" -> System.exit(ValSortCommand.run(rest, System.err));
            case "sort" -> System.exit(SortCommand.run(rest, System.out, System.err));
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
                               tigris node --name NAME --port PORT --key CLUSTER.p12 --password-file FILE [--host ADDRESS] [--work DIR]
                               tigris run RIVER-FILE --key CLUSTER.p12 --password-file FILE [--timeout SECONDS] [--answer-timeout SECONDS]
                               tigris gensort [-a] [-c] [-bSTARTING_REC_NUM] [-tN] NUM_RECS FILE_NAME
                               tigris valsort [-i] [-q] [-tN] [-o SUMMARY_FILE] [-s] FILE_NAME
                               tigris sort [-p PARTITIONERS] [-s SORTERS] [--memory SIZE] [--tmp DIR] [--water SIZE] [--window N] [--no-sync] [--page-cache] [-q]
                                           [--node NAME=HOST:PORT ... | --nodes FILE] [--key CLUSTER.p12 --password-file FILE] [--transport tcp|shm|verbs]
                                           [--answer-timeout SECONDS] INPUT OUTPUT""");
        System.exit(problem == null ? 0 : 2);
    }

    /** Runs a river file on its nodes; 0 if it completed, 1 if it failed, 2 for a bad command or file. */
    private static int run(String[] args) throws Exception {
        if (args.length == 0) {
            usage("run needs a river file");
        }
        java.util.Map<String, String> opts;
        RiverFile river;
        ClusterKey key;
        long timeout;
        java.time.Duration answer;
        try {
            opts = NodeMain.options(java.util.Arrays.copyOfRange(args, 1, args.length), "--key", "--password-file", "--timeout", "--answer-timeout");
            timeout = seconds(opts, "--timeout", 3600) * 1000;
            answer = java.time.Duration.ofSeconds(seconds(opts, "--answer-timeout", ControlAgent.ANSWER_TIMEOUT.toSeconds()));
            river = RiverFile.parse(Path.of(args[0]));
            river.graph().validate();
            key = ClusterKey.load(Path.of(NodeMain.require(opts, "--key")), Path.of(NodeMain.require(opts, "--password-file")));
        } catch (IllegalArgumentException | java.io.IOException e) {
            System.err.println("tigris run: " + e.getMessage());
            return 2;
        }
        ControlAgent agent = new ControlAgent(key, answer);
        ControlAgent.RiverRun run;
        try {
            run = agent.start(river.graph().name(), river.graph(), river.placement(), river.jar().getFileName().toString(),
                            Files.readAllBytes(river.jar()));
        } catch (java.io.IOException | IllegalArgumentException e) {
            System.err.println("tigris run: " + e.getMessage());
            return 1;
        }
        System.out.println(run.grown());
        long[] last = {0};
        ControlAgent.RunReport report = run.await(timeout, progress -> {
            long now = System.currentTimeMillis();
            if (now - last[0] >= 1000) {
                last[0] = now;
                System.out.println(progress);
            }
        });
        System.out.println(report);
        return report.completed() ? 0 : 1;
    }

    /** A whole number of seconds, at least 1, given as {@code option} (or {@code otherwise}). */
    private static long seconds(java.util.Map<String, String> opts, String option, long otherwise) {
        String v = opts.get(option);
        if (v == null) {
            return otherwise;
        }
        try {
            long n = Long.parseLong(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(option + " " + v + ": not a whole number of seconds, at least 1");
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
