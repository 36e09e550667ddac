/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.HashMap;
import java.util.Map;

import tigris.Role;
import tigris.reservoir.TcpDataPlane;

/**
 * {@code tigris node}: runs a host's {@link RiverManager}, bound as "tigris" in an RMI registry on
 * {@code --port}, both over TLS 1.3 with the node's own certificate from the cluster's CA; it obeys
 * only callers holding an agent's certificate.
 *
 * <pre>
 * tigris node --key NAME.p12 --password-file FILE [--revoked FILE] [--name NAME] --port PORT [--host ADDRESS] [--work DIR]
 *             [--network-memory MIB] [--io-threads N] [--data-tls yes|no] [--allow-exec PROGRAM[,PROGRAM...]]
 * </pre>
 *
 * {@code --host} is the address agents reach this node at (default 127.0.0.1), written into its RMI
 * stubs; its TCP data plane listens there. {@code --network-memory} is the budget of the buffers its
 * TCP reservoirs send and receive in (default 256 MiB), {@code --io-threads} the threads that serve
 * its connections to other nodes (default half the cores, one or two); {@code --data-tls yes} encrypts those
 * connections with TLS 1.3 (node certificates on both sides), besides the attempt keys' proofs that
 * authenticate every reservoir either way. {@code --allow-exec} names the programs a pipeline may
 * run on this node as processes (names or absolute paths; none by default: tigris.pipe.ExecPolicy).
 *
 * Prints "tigris node NAME listening on PORT" once it accepts calls (port 0: the port chosen).
 */
public final class NodeMain {
    /** The registry name of every node's manager. */
    public static final String BINDING = "tigris";

    private NodeMain() {
    }

    /** The node's usage. */
    public static final String USAGE = """
                    usage: tigris node --key NAME.p12 --password-file FILE [--revoked FILE] [--name NAME] --port PORT [--host ADDRESS] [--work DIR]
                                       [--network-memory MIB] [--io-threads N] [--data-tls yes|no] [--allow-exec PROGRAM[,PROGRAM...]]
                    --key and --password-file are the node's identity (tigris cert NAME --role node), --revoked the cluster's
                    revocation list (default: revoked.crl beside the key store), --name the node's name (its certificate's).
                    --host is the address agents reach the node at and the only one it listens on (default 127.0.0.1);
                    --port 0 picks a free port. --network-memory is the MiB its TCP reservoirs' buffers may take
                    (default 256), --io-threads how many threads serve its connections to other nodes (default: half the cores, 1 or 2),
                    --data-tls yes encrypts them with TLS 1.3 under node certificates (default no: authenticated, not encrypted).
                    --allow-exec names the programs a pipeline may run here as processes (names or absolute paths; default none).
                    It prints "tigris node NAME listening on PORT", then serves until killed.""";

    /**
     * The node alone ({@code java -m jaguar.tigris/tigris.node.NodeMain ...}), as {@code tigris node} runs it.
     * A bad option or an unusable key or directory prints what is wrong and the usage to standard
     * error and exits with status 2.
     *
     * @param args the options, as {@link #USAGE} lists them
     * @throws Exception what else stopped the node, as {@link #run} throws it
     */
    public static void main(String[] args) throws Exception {
        try {
            run(args);
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("tigris node: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
        }
    }

    /**
     * Starts the node and serves until the process is killed: it never returns normally.
     *
     * @param args the options, as {@link #USAGE} lists them
     * @throws IllegalArgumentException for a bad option, saying which
     * @throws IOException if the key or the work directory cannot be used, or the node cannot
     *         listen on its port, saying why
     * @throws InterruptedException if the thread that keeps the process up is interrupted
     */
    public static void run(String[] args) throws Exception {
        Map<String, String> opts = options(args, "--name", "--port", "--key", "--password-file", "--revoked", "--host", "--work", "--network-memory", "--io-threads",
                        "--data-tls", "--allow-exec");
        int port;
        try {
            port = Integer.parseInt(require(opts, "--port"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--port " + opts.get("--port") + " is not a port number");
        }
        Path key = Path.of(require(opts, "--key"));
        Path password = Path.of(require(opts, "--password-file"));
        Path revoked = opts.containsKey("--revoked") ? Path.of(opts.get("--revoked")) : null;
        ClusterIdentity identity = ClusterIdentity.load(key, password, revoked).requireRole(Role.NODE, "tigris node");
        String name = opts.getOrDefault("--name", identity.name());
        if (!name.equals(identity.name())) {
            throw new IllegalArgumentException("--name " + name + ", but " + key + " holds " + identity.name()
                            + "'s certificate: a node runs under its own certificate's name (tigris cert " + name + " --role node makes one)");
        }
        Path work = Path.of(opts.getOrDefault("--work", System.getProperty("java.io.tmpdir") + "/tigris-" + name));
        String host = opts.getOrDefault("--host", "127.0.0.1");
        InetAddress bind;
        try {
            bind = InetAddress.getByName(host);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException("--host " + host + " is not an address of this host: " + e.getMessage());
        }
        TcpDataPlane.Settings defaults = TcpDataPlane.Settings.defaults();
        long mib = count(opts, "--network-memory", defaults.networkMemory() >> 20, 1, 1L << 20, "MiB");
        int ioThreads = (int) count(opts, "--io-threads", defaults.ioThreads(), 1, 64, "threads");
        String tls = opts.getOrDefault("--data-tls", "no");
        if (!tls.equals("yes") && !tls.equals("no")) {
            throw new IllegalArgumentException("--data-tls " + tls + ": say yes or no");
        }
        java.util.Set<String> programs = new java.util.LinkedHashSet<>();
        for (String program : opts.getOrDefault("--allow-exec", "").split(",")) {
            if (program.isBlank()) {
                continue;
            }
            if (program.contains("/") && !program.startsWith("/")) {
                throw new IllegalArgumentException("--allow-exec " + program + ": name a program (gzip) or give its absolute path (/usr/bin/gzip)");
            }
            programs.add(program.strip());
        }
        // A node runs no program for a pipeline unless named here: a pipeline must not become a way to run commands on every node.
        tigris.pipe.ExecPolicy.restrictTo(programs);
        TcpDataPlane.Settings network = new TcpDataPlane.Settings(mib << 20, ioThreads, defaults.deadPeer(), defaults.connect(), null);
        // Agents reach the node's RMI objects at the address it is listed at, written into its stubs.
        System.setProperty("java.rmi.server.hostname", bind.getHostAddress());
        identity.install().onRefusal(why -> NodeLog.refused(name, why));
        if (tls.equals("yes")) {
            network = network.withTls(identity.tlsContext(Role.NODE));   // the data connections speak TLS 1.3 between node certificates
        }
        Files.createDirectories(work);
        int bound = serve(name, port, work, bind, network);
        System.out.println("tigris node " + name + " listening on " + bound);
        System.out.flush();
        Thread.currentThread().join();   // RMI's threads serve; this one keeps the process up
    }

    /** Creates the registry and binds the manager; returns the registry's port. */
    static int serve(String name, int port, Path work, InetAddress bind, TcpDataPlane.Settings network) throws IOException {
        TlsSocketFactories.Client csf = new TlsSocketFactories.Client(name);
        TlsSocketFactories.Server ssf = new TlsSocketFactories.Server(bind);
        int p = port;
        if (p == 0) {
            // A free port on the node's address (registry and manager share it).
            try (var probe = new java.net.ServerSocket(0, 0, bind)) {
                p = probe.getLocalPort();
            }
        }
        Registry registry = LocateRegistry.createRegistry(p, csf, ssf);
        NodeServer server = new NodeServer(name, work, bind, network);
        registry.rebind(BINDING, server.export(p));
        // Keep both reachable for the life of the process (RMI holds them weakly otherwise).
        KEEP.put(name, new Object[] {registry, server});
        return p;
    }

    /** The whole number option {@code option} gives, in {@code min..max}, or {@code otherwise}. */
    private static long count(Map<String, String> opts, String option, long otherwise, long min, long max, String unit) {
        String v = opts.get(option);
        if (v == null) {
            return otherwise;
        }
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " " + v + " is not a whole number of " + unit);
        }
        if (n < min || n > max) {
            throw new IllegalArgumentException(option + " " + v + " is out of range: " + min + ".." + max + " " + unit);
        }
        return n;
    }

    private static final Map<String, Object> KEEP = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Parses "--option value" pairs, refusing unknown options; for the tigris commands.
     *
     * @param args the command's arguments: options, each followed by its value
     * @param known the options the command takes, with their dashes: "--port"
     * @return each option given, to its value (the last, if one is given twice); a mutable map
     * @throws IllegalArgumentException naming an unknown option, or one without a value
     */
    public static Map<String, String> options(String[] args, String... known) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!java.util.List.of(known).contains(a)) {
                throw new IllegalArgumentException("unknown option '" + a + "' (known: " + String.join(", ", known) + ")");
            }
            if (i + 1 == args.length) {
                throw new IllegalArgumentException("option " + a + " needs a value");
            }
            m.put(a, args[++i]);
        }
        return m;
    }

    /**
     * The value of a required option; IllegalArgumentException naming it if absent.
     *
     * @param opts the options {@link #options} parsed
     * @param option the option, with its dashes: "--key"
     * @return its value
     * @throws IllegalArgumentException naming the option if it was not given
     */
    public static String require(Map<String, String> opts, String option) {
        String v = opts.get(option);
        if (v == null) {
            throw new IllegalArgumentException("missing option " + option);
        }
        return v;
    }
}
