/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import tigris.node.ClusterIdentity;

/**
 * A cluster's CA and the identities it issued, made as users make them ({@code tigris keygen},
 * {@code tigris cert}), each name's certificate issued on first use. {@link #shared()} is one CA for
 * every test class of the JVM (issuing costs a keytool run per name); {@link #in} makes another.
 */
final class Identities {
    /** One identity's files, and the options that name them. */
    record Identity(String name, Path key, Path password) {
        List<String> options() {
            return List.of("--key", key.toString(), "--password-file", password.toString());
        }

        /** The identity loaded, with the revocation list beside it. */
        ClusterIdentity load() throws IOException {
            return ClusterIdentity.load(key, password, null);
        }
    }

    private static Identities shared;

    private final Path ca;
    private final Path out;
    private final Map<String, Identity> issued = new ConcurrentHashMap<>();

    private Identities(Path ca, Path out) {
        this.ca = ca;
        this.out = out;
    }

    /** The CA every test class of this JVM shares, in a directory deleted when the JVM exits. */
    static synchronized Identities shared() throws Exception {
        if (shared == null) {
            Path dir = Files.createTempDirectory("tigris-test-identities-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try (var files = Files.walk(dir)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                } catch (IOException ignored) {
                    // a temporary directory left behind
                }
            }));
            shared = in(dir);
        }
        return shared;
    }

    /** A new CA in {@code dir}/ca, its identities in {@code dir}/ids. */
    static Identities in(Path dir) throws Exception {
        Path ca = dir.resolve("ca");
        String said = TigrisSortTest.tigris("keygen", ca.toString()).out();
        assertTrue(said.startsWith("cluster CA in " + ca), said);
        return new Identities(ca, dir.resolve("ids"));
    }

    Path ca() {
        return ca;
    }

    /** Where the identities and the copy of the revocation list are. */
    Path directory() {
        return out;
    }

    /** Nodes' identities for {@code names}, issued at once where missing. */
    synchronized List<Identity> nodes(String... names) throws Exception {
        return issue("node", names);
    }

    synchronized Identity node(String name) throws Exception {
        return issue("node", name).getFirst();
    }

    synchronized Identity agent(String name) throws Exception {
        return issue("agent", name).getFirst();
    }

    /** The test's agent, "agent". */
    Identity agent() throws Exception {
        return agent("agent");
    }

    private List<Identity> issue(String role, String... names) throws Exception {
        List<String> missing = new ArrayList<>();
        for (String n : names) {
            if (!issued.containsKey(role + "/" + n)) {
                missing.add(n);
            }
        }
        if (!missing.isEmpty()) {
            List<String> cmd = new ArrayList<>(List.of(TigrisSortTest.tigrisCommand(), "cert"));
            cmd.addAll(missing);
            cmd.addAll(List.of("--role", role, "--ca", ca.toString(), "--out", out.toString()));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(300, TimeUnit.SECONDS) && p.exitValue() == 0, "tigris cert " + missing + " said: " + said);
            for (String n : missing) {
                issued.put(role + "/" + n, new Identity(n, out.resolve(n + ".p12"), out.resolve(n + ".password")));
            }
        }
        List<Identity> ids = new ArrayList<>();
        for (String n : names) {
            ids.add(issued.get(role + "/" + n));
        }
        return ids;
    }
}
