/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import tigris.node.ControlAgent.Node;

/**
 * Several hosts on one machine: a network namespace per host, each joined by a veth pair to a
 * bridge in the root namespace (where the test and its agent run). Nodes run in their namespace
 * with {@code ip netns exec}. Needs root (CI has it). {@link #cut} takes a host's link down, as a
 * pulled cable would, and {@link #mend} brings it back; {@link #delay} and {@link #loss} make a
 * host's link slow or lossy (this kernel has no {@code netem}: iptables' NFQUEUE with
 * {@link LinkDelay}, and its {@code statistic} match), and {@link #heal} takes that away;
 * {@link #close} removes everything.
 *
 * <p>A link's faults act where its packets arrive: in the host's own namespace on its interface's
 * input, and in every other namespace (the agent's too) on input from the host's address. A packet
 * held on its sender's side would still be charged to the sending socket, whose small-queue limit
 * would then throttle TCP to a few packets per delay, a slowness no real link has.
 */
final class NetnsCluster implements AutoCloseable {
    private final String prefix;
    private final String bridge;
    /** This cluster's subnet, 10.77.N.0/24: one no other cluster on the machine uses (two test runs at once must not share routes). */
    private final String subnet;
    private final int hosts;
    private final List<Process> nodes = new ArrayList<>();
    /** The latest node process of each host. */
    private final java.util.Map<Integer, Process> byHost = new java.util.concurrent.ConcurrentHashMap<>();
    /** Each faulted host's rules, as the namespace (null: this process's) and rule that {@link #heal} deletes. */
    private final java.util.Map<Integer, List<String[]>> faults = new java.util.concurrent.ConcurrentHashMap<>();
    /** The {@link LinkDelay} process of each delayed host. */
    private final java.util.Map<Integer, Process> delayers = new java.util.concurrent.ConcurrentHashMap<>();
    /** What each host's node printed, by host number. */
    private final java.util.Map<Integer, List<String>> logs = new java.util.concurrent.ConcurrentHashMap<>();

    NetnsCluster(int hosts) throws IOException, InterruptedException {
        this.hosts = hosts;
        this.prefix = "tg" + (ProcessHandle.current().pid() % 100000);
        this.bridge = prefix + "br";
        this.subnet = freeSubnet(ProcessHandle.current().pid());
        try {
            sh("ip", "link", "add", bridge, "type", "bridge");
            sh("ip", "addr", "add", subnet + ".1/24", "dev", bridge);
            sh("ip", "link", "set", bridge, "up");
            for (int h = 1; h <= hosts; h++) {
                String ns = ns(h);
                String outside = prefix + "h" + h;
                String inside = prefix + "i" + h;
                sh("ip", "netns", "add", ns);
                sh("ip", "link", "add", outside, "type", "veth", "peer", "name", inside);
                sh("ip", "link", "set", inside, "netns", ns);
                sh("ip", "link", "set", outside, "master", bridge);
                sh("ip", "link", "set", outside, "up");
                sh("ip", "netns", "exec", ns, "ip", "addr", "add", address(h) + "/24", "dev", inside);
                sh("ip", "netns", "exec", ns, "ip", "link", "set", inside, "up");
                sh("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");
            }
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** True if this process can make namespaces: root, with iproute2's ip. */
    static boolean available() {
        return "root".equals(System.getProperty("user.name"))
                        && (java.nio.file.Files.isExecutable(Path.of("/usr/sbin/ip")) || java.nio.file.Files.isExecutable(Path.of("/sbin/ip")));
    }

    String ns(int host) {
        return prefix + "-h" + host;
    }

    String address(int host) {
        return subnet + "." + (10 + host);
    }

    /** The first 10.77.N.0/24 from one picked by {@code seed} that no interface of the root namespace has an address in. */
    private static String freeSubnet(long seed) throws IOException, InterruptedException {
        for (int i = 0; i < 250; i++) {
            String net = "10.77." + (1 + (seed + i) % 250);
            Process p = new ProcessBuilder("ip", "-o", "addr", "show", "to", net + ".0/24").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (p.waitFor() == 0 && out.isBlank()) {
                return net;
            }
        }
        throw new IOException("no free subnet 10.77.N.0/24 for the test's hosts");
    }

    /** Starts {@code tigris node} in host {@code h}'s namespace, as node "h"{@code h} of {@code cluster}; returns it once it listens. */
    Node startNode(int h, Identities cluster, Path work, Process[] process) throws Exception {
        String javaHome = Path.of(ProcessHandle.current().info().command().orElseThrow()).getParent().getParent().toString();
        String name = "h" + h;
        Identities.Identity id = cluster.node(name);
        Process p = new ProcessBuilder("ip", "netns", "exec", ns(h), javaHome + "/bin/tigris", "node", "--name",
                        name, "--port", "7000", "--host", address(h), "--key", id.key().toString(), "--password-file", id.password().toString(), "--work",
                        work.resolve(name).toString()).redirectErrorStream(true).start();
        nodes.add(p);
        byHost.put(h, p);
        if (process != null) {
            process[0] = p;
        }
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = r.readLine();
        if (line == null || !line.startsWith("tigris node " + name + " listening on 7000")) {
            throw new IOException("node " + name + " did not start: " + line);
        }
        List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
        logs.put(h, log);
        Thread.ofPlatform().daemon().start(() -> r.lines().forEach(l -> {
            log.add(l);
            System.out.println("[" + name + "] " + l);
        }));
        return new Node(name, address(h), 7000);
    }

    /** Waits up to {@code seconds} for host {@code h}'s node to print a line containing {@code text}; returns the line. */
    String awaitLog(int h, String text, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            for (String l : logs.getOrDefault(h, List.of())) {
                if (l.contains(text)) {
                    return l;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("node h" + h + " did not say '" + text + "' within " + seconds + " s; it said " + logs.get(h));
    }

    /** Pauses host {@code h}'s node (SIGSTOP to its processes): not dead, silent, as a VM frozen or a process stopped. */
    void pause(int h) throws IOException, InterruptedException {
        signal(h, "STOP");
    }

    /** Lets host {@code h}'s node run again (SIGCONT) after {@link #pause}. */
    void resume(int h) throws IOException, InterruptedException {
        signal(h, "CONT");
    }

    private void signal(int h, String signal) throws IOException, InterruptedException {
        Process p = byHost.get(h);
        List<String> cmd = new ArrayList<>(List.of("kill", "-" + signal, Long.toString(p.pid())));
        p.descendants().forEach(d -> cmd.add(Long.toString(d.pid())));
        sh(cmd.toArray(String[]::new));
    }

    /** Takes host {@code h}'s link down: its packets stop, and nobody is told. */
    void cut(int h) throws IOException, InterruptedException {
        sh("ip", "link", "set", prefix + "h" + h, "down");
    }

    /** Brings host {@code h}'s link up again after {@link #cut}. */
    void mend(int h) throws IOException, InterruptedException {
        sh("ip", "link", "set", prefix + "h" + h, "up");
    }

    /** True if this machine can make links slow or lossy: iptables, and libnetfilter_queue for the delay (./configure installs both). */
    static boolean faultsAvailable() {
        return java.nio.file.Files.isExecutable(Path.of("/usr/sbin/iptables"))
                        && java.nio.file.Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libnetfilter_queue.so.1"));
    }

    /**
     * Delays every packet into and out of host {@code h} by {@code oneWay} (its round trips grow
     * by twice that), in order; {@link #heal} ends it.
     */
    void delay(int h, java.time.Duration oneWay) throws IOException, InterruptedException {
        int queue = (int) (ProcessHandle.current().pid() % 4000) * 16 + h;
        String javaHome = System.getProperty("java.home");
        String classes;
        try {
            classes = Path.of(LinkDelay.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
        List<String> cmd = new ArrayList<>(List.of(javaHome + "/bin/java", "--enable-native-access=ALL-UNNAMED", "-Xmx64m", "-XX:+UseSerialGC", "-cp", classes,
                        LinkDelay.class.getName(), Long.toString(oneWay.toMillis()), Integer.toString(queue), "-"));
        for (int k = 1; k <= hosts; k++) {
            cmd.add(ns(k));
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        delayers.put(h, p);
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = r.readLine();
        if (line == null || !line.startsWith("delaying queue")) {
            p.destroyForcibly();
            throw new IOException("LinkDelay did not start: " + line + " " + r.lines().toList());
        }
        Thread.ofPlatform().daemon().start(() -> r.lines().forEach(l -> System.out.println("[delay h" + h + "] " + l)));
        arriving(h, "-j", "NFQUEUE", "--queue-num", Integer.toString(queue), "--queue-bypass");
    }

    /**
     * Drops each packet into and out of host {@code h} with probability {@code fraction}; {@link #heal} ends it.
     * First every sender of the cluster stops aggregating segments (GSO/TSO: veths pass skbs of up
     * to 64 KB, and a drop would take up to 45 wire packets at once), so a dropped packet is one
     * wire packet; that stays so until {@link #close}.
     */
    void loss(int h, double fraction) throws IOException, InterruptedException {
        sh("ip", "link", "set", bridge, "gso_max_segs", "1");
        for (int k = 1; k <= hosts; k++) {
            sh("ip", "-n", ns(k), "link", "set", prefix + "i" + k, "gso_max_segs", "1");
        }
        arriving(h, "-m", "statistic", "--mode", "random", "--probability", Double.toString(fraction), "-j", "DROP");
    }

    /** How long a TCP connect from here to host {@code h}'s node takes (one round trip), in milliseconds. */
    long connectMillis(int h) throws IOException {
        long t0 = System.nanoTime();
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress(address(h), 7000), 30_000);
        }
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /** The packets host {@code h}'s loss rules dropped so far, in every namespace. */
    long dropped(int h) throws IOException, InterruptedException {
        long n = 0;
        for (int k = 0; k <= hosts; k++) {
            List<String> cmd = new ArrayList<>();
            if (k != 0) {
                cmd.addAll(List.of("ip", "netns", "exec", ns(k)));
            }
            cmd.addAll(List.of("iptables", "-L", "INPUT", "-v", "-x", "-n"));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            for (String line : out.split("\n")) {
                String[] f = line.trim().split("\\s+");
                boolean ours = k == h ? line.contains(prefix + "i" + h) : line.contains(address(h) + " ");
                if (f.length > 2 && f[2].equals("DROP") && line.contains("statistic") && ours) {
                    n += Long.parseLong(f[0]);
                }
            }
        }
        return n;
    }

    /** Ends host {@code h}'s delay and loss: deletes every rule it can and stops the delayer, then says what it could not delete. */
    void heal(int h) throws IOException, InterruptedException {
        List<String> failed = new ArrayList<>();
        List<String[]> rules = faults.remove(h);
        for (String[] rule : rules == null ? List.<String[]>of() : rules) {
            String[] delete = rule.clone();
            delete[java.util.Arrays.asList(delete).indexOf("-I")] = "-D";
            try {
                sh(delete);
            } catch (IOException e) {
                failed.add(e.getMessage());
            }
        }
        Process d = delayers.remove(h);
        if (d != null) {
            d.destroyForcibly().waitFor();
        }
        if (!failed.isEmpty()) {
            throw new IOException("host h" + h + "'s faults: " + String.join("; ", failed));
        }
    }

    /** Adds {@code target} (inserted first) for the packets arriving from or at host {@code h}, wherever they arrive. */
    private void arriving(int h, String... target) throws IOException, InterruptedException {
        List<String[]> rules = faults.computeIfAbsent(h, k -> new java.util.concurrent.CopyOnWriteArrayList<>());
        for (int k = 0; k <= hosts; k++) {
            List<String> rule = new ArrayList<>();
            if (k != 0) {
                rule.addAll(List.of("ip", "netns", "exec", ns(k)));
            }
            rule.addAll(List.of("iptables", "-I", "INPUT"));
            rule.addAll(k == h ? List.of("-i", prefix + "i" + h) : List.of("-s", address(h)));
            rule.addAll(List.of(target));
            String[] r = rule.toArray(String[]::new);
            sh(r);
            rules.add(r);
        }
    }

    @Override
    public void close() {
        for (int h : List.copyOf(faults.keySet())) {
            try {
                heal(h);
            } catch (IOException | InterruptedException e) {
                System.out.println("could not take host h" + h + "'s faults away: " + e.getMessage());
            }
        }
        delayers.values().forEach(Process::destroyForcibly);
        for (Process p : nodes) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (int h = 1; h <= hosts; h++) {
            quietly("ip", "netns", "del", ns(h));
            quietly("ip", "link", "del", prefix + "h" + h);
        }
        quietly("ip", "link", "del", bridge);
    }

    private static void sh(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed: " + out.strip());
        }
    }

    private static void quietly(String... cmd) {
        try {
            new ProcessBuilder(cmd).redirectErrorStream(true).start().waitFor(30, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException ignored) {
            // best effort
        }
    }
}
