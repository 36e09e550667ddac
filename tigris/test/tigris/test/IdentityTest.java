/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.RMIClientSocketFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.node.ActionPlan;
import tigris.node.ClusterIdentity;
import tigris.node.ControlAgent;
import tigris.node.ControlAgent.Node;
import tigris.node.NodeAction;
import tigris.node.NodeActionException;
import tigris.node.NodeContext;
import tigris.node.NodeMain;
import tigris.node.RiverManager;
import tigris.Role;

/**
 * Identities (issue 39, step 6): a cluster CA ({@code tigris keygen}) issues each node and agent
 * its own certificate ({@code tigris cert}); a node obeys agents only, so one node's key cannot
 * command another; a revoked certificate is refused at its next connection, without restarting
 * the node; a node runs only under its certificate's name; the agent refuses answers of classes
 * it does not accept before building them.
 */
class IdentityTest {
    @TempDir
    static Path dir;
    private static Identities cluster;
    private static Process process;
    private static Node h1;
    private static final List<String> SAID = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void node() throws Exception {
        cluster = Identities.in(dir);
        cluster.nodes("h1", "h2");
        cluster.agent("ops");
        cluster.agent("ops2");
        List<String> cmd = new ArrayList<>(List.of(TigrisSortTest.tigrisCommand(), "node", "--name", "h1", "--port", "0", "--work", dir.resolve("work").toString()));
        cmd.addAll(cluster.node("h1").options());
        process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line = r.readLine();
        assertTrue(line != null && line.startsWith("tigris node h1 listening on "), "node h1 said: " + line);
        h1 = new Node("h1", "127.0.0.1", Integer.parseInt(line.substring(line.lastIndexOf(' ') + 1)));
        Thread.ofPlatform().daemon().start(() -> r.lines().forEach(l -> {
            SAID.add(l);
            System.out.println("[node h1] " + l);
        }));
    }

    @AfterAll
    static void stop() {
        if (process != null) {
            process.destroyForcibly();
        }
    }

    /** A registry client that connects with {@code tls}; a new one per call, so RMI reuses no earlier connection. */
    private static RMIClientSocketFactory connectingWith(SSLContext tls) {
        return (host, port) -> tls.getSocketFactory().createSocket(host, port);
    }

    private static void awaitSaid(String line) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (SAID.stream().noneMatch(l -> l.contains(line))) {
            assertTrue(System.nanoTime() < deadline, "node h1 never said '" + line + "': " + SAID);
            Thread.sleep(20);
        }
    }

    @Test
    void oneNodesKeyCannotCommandAnotherNode() throws Exception {
        // As RMI would call it, but with node h2's certificate: h1 refuses the connection and says why.
        SSLContext asH2 = cluster.node("h2").load().tlsContext(Role.NODE);
        RemoteException refused = assertThrows(RemoteException.class,
                        () -> LocateRegistry.getRegistry(h1.host(), h1.port(), connectingWith(asH2)).lookup(NodeMain.BINDING));
        assertFalse(refused.toString().isBlank());
        awaitSaid("node h1: refused a connection: the certificate of h2 is a node's, and only agents command a node");
        // An agent's certificate is obeyed.
        SSLContext asOps = cluster.agent("ops").load().tlsContext(Role.NODE);
        RiverManager m = (RiverManager) LocateRegistry.getRegistry(h1.host(), h1.port(), connectingWith(asOps)).lookup(NodeMain.BINDING);
        assertTrue(java.lang.reflect.Proxy.isProxyClass(m.getClass()));
        // The agent's own side refuses to run as a node, in the API and on the command line.
        ClusterIdentity h2 = cluster.node("h2").load();
        IllegalArgumentException api = assertThrows(IllegalArgumentException.class, () -> new ControlAgent(h2));
        assertTrue(api.getMessage().contains("holds a node's certificate (h2): only an agent's commands nodes"), api.getMessage());
        Files.write(dir.resolve("r.jar"), NodeControlTest.moduleJar());
        String g = GraphModules.class.getName();
        Path river = Files.writeString(dir.resolve("r.tgr"), String.join("\n", "river r", "jar r.jar", "node h1 127.0.0.1:" + h1.port(),
                        "module source " + g + "$CountingSource on h1 out:out=tigris.test.Record count=10",
                        "module sink " + g + "$SummingSink on h1 in:in=tigris.test.Record", "connect source.out sink.in", ""));
        List<String> cmd = new ArrayList<>(List.of("run", river.toString()));
        cmd.addAll(cluster.node("h2").options());
        TigrisSortTest.Run run = TigrisSortTest.tigris(cmd.toArray(String[]::new));
        assertEquals(2, run.status(), run.err());
        assertTrue(run.err().contains("holds a node's certificate (h2), and tigris run needs an agent's: make one with tigris cert NAME --role agent"), run.err());
    }

    @Test
    void aRevokedAgentIsRefusedAtItsNextConnectionWithoutRestartingTheNode() throws Exception {
        SSLContext asOps2 = cluster.agent("ops2").load().tlsContext(Role.NODE);
        LocateRegistry.getRegistry(h1.host(), h1.port(), connectingWith(asOps2)).lookup(NodeMain.BINDING);
        TigrisSortTest.Run revoke = TigrisSortTest.tigris("revoke", "ops2", "--ca", cluster.ca().toString());
        assertEquals(0, revoke.status(), revoke.err());
        assertTrue(revoke.out().startsWith("revoked agent ops2 (serial "), revoke.out());
        // The administrator copies the list to the node's host: h1 reads it beside its key store.
        Files.copy(cluster.ca().resolve(ClusterIdentity.REVOCATION_LIST), cluster.directory().resolve(ClusterIdentity.REVOCATION_LIST),
                        StandardCopyOption.REPLACE_EXISTING);
        Thread.sleep(1500);   // past the second a TLS session may be resumed in
        assertThrows(RemoteException.class, () -> LocateRegistry.getRegistry(h1.host(), h1.port(), connectingWith(asOps2)).lookup(NodeMain.BINDING));
        awaitSaid("node h1: refused a connection: the certificate of ops2 (serial ");
        assertTrue(SAID.stream().anyMatch(l -> l.contains("ops2 (serial ") && l.endsWith("is revoked by " + cluster.directory().resolve("revoked.crl"))), SAID.toString());
        // The agent that was not revoked still commands the node; the revoked one cannot even start.
        LocateRegistry.getRegistry(h1.host(), h1.port(), connectingWith(cluster.agent("ops").load().tlsContext(Role.NODE))).lookup(NodeMain.BINDING);
        IOException own = assertThrows(IOException.class, () -> cluster.agent("ops2").load());
        assertTrue(own.getMessage().contains("the certificate of ops2 in " + cluster.agent("ops2").key() + " (serial "), own.getMessage());
        TigrisSortTest.Run again = TigrisSortTest.tigris("revoke", "ops2", "--ca", cluster.ca().toString());
        assertEquals(0, again.status(), again.err());
        assertTrue(again.out().contains("every certificate issued to it was revoked already"), again.out());
    }

    /** A result the agent builds only if it was declared: building it is noted. */
    public static final class Hostile implements Serializable {
        private static final long serialVersionUID = 1L;
        static volatile boolean built;

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            built = true;
        }
    }

    /** An action whose result is a {@link Hostile}, whatever its caller declared. */
    public static final class HostileAction implements NodeAction<Hostile> {
        @Override
        public Hostile perform(NodeContext node, Map<String, String> parameters) {
            return new Hostile();
        }
    }

    @Test
    void anAgentRefusesAnAnswerOfAClassItDoesNotAcceptBeforeBuildingIt() throws Exception {
        ControlAgent agent = new ControlAgent(cluster.agent("ops").load());
        byte[] jar = NodeControlTest.moduleJar();
        Hostile.built = false;
        @SuppressWarnings({"unchecked", "rawtypes"})
        ActionPlan<String> lying = (ActionPlan) ActionPlan.inJar(HostileAction.class.getName(), String.class, Map.of(), "modules.jar", jar);
        NodeActionException e = assertThrows(NodeActionException.class, () -> agent.performEverywhere(List.of(h1), n -> lying, 30_000));
        assertTrue(e.getMessage().contains("node h1 answered with " + Hostile.class.getName() + ", which a control agent does not accept"), e.getMessage());
        assertFalse(Hostile.built, "the agent built an object of a class it does not accept");
        // Declared as the action's result, the same answer is accepted.
        List<Hostile> declared = agent.performEverywhere(List.of(h1), n -> ActionPlan.inJar(HostileAction.class.getName(), Hostile.class, Map.of(), "modules.jar", jar),
                        30_000);
        assertEquals(1, declared.size());
        assertTrue(Hostile.built);
    }

    @Test
    void aNodeRunsOnlyUnderItsOwnCertificatesName() throws Exception {
        List<String> as = new ArrayList<>(List.of("node", "--name", "h9", "--port", "0"));
        as.addAll(cluster.node("h1").options());
        TigrisSortTest.Run other = TigrisSortTest.tigris(as.toArray(String[]::new));
        assertEquals(2, other.status(), other.err());
        assertTrue(other.err().contains("--name h9, but " + cluster.node("h1").key() + " holds h1's certificate: a node runs under its own certificate's name"),
                        other.err());
        List<String> agentAsNode = new ArrayList<>(List.of("node", "--port", "0"));
        agentAsNode.addAll(cluster.agent("ops").options());
        TigrisSortTest.Run agent = TigrisSortTest.tigris(agentAsNode.toArray(String[]::new));
        assertEquals(2, agent.status(), agent.err());
        assertTrue(agent.err().contains("holds an agent's certificate (ops), and tigris node needs a node's"), agent.err());
        // An agent that lists h2 where h1 answers is told so, before it sends a thing.
        ControlAgent a = new ControlAgent(cluster.agent("ops").load());
        IOException wrong = assertThrows(IOException.class, () -> a.connect(new Node("h2", "127.0.0.1", h1.port())));
        assertTrue(wrong.getMessage().contains("the node at 127.0.0.1:" + h1.port() + " holds the certificate of h1, not h2's"), wrong.getMessage());
    }

    @Test
    void theAuthoritysCommandsAndTheIdentityFilesSayWhatIsWrong() throws Exception {
        TigrisSortTest.Run inUse = TigrisSortTest.tigris("keygen", cluster.ca().toString());
        assertEquals(1, inUse.status());
        assertTrue(inUse.err().contains(cluster.ca() + " is not empty: a new CA there would lock out every node and agent"), inUse.err());
        TigrisSortTest.Run role = TigrisSortTest.tigris("cert", "x", "--role", "boss", "--ca", cluster.ca().toString());
        assertEquals(2, role.status());
        assertTrue(role.err().contains("--role boss: say node or agent"), role.err());
        TigrisSortTest.Run name = TigrisSortTest.tigris("cert", "a,b", "--role", "node", "--ca", cluster.ca().toString());
        assertEquals(2, name.status());
        assertTrue(name.err().contains("name 'a,b': a name is 1 to 64 letters"), name.err());
        TigrisSortTest.Run twice = TigrisSortTest.tigris("cert", "h1", "--role", "node", "--ca", cluster.ca().toString(), "--out", cluster.directory().toString());
        assertEquals(1, twice.status());
        assertTrue(twice.err().contains(cluster.node("h1").key() + " exists: it may be an identity in use"), twice.err());
        TigrisSortTest.Run noCa = TigrisSortTest.tigris("cert", "x", "--role", "node", "--ca", dir.resolve("nothing").toString());
        assertEquals(1, noCa.status());
        assertTrue(noCa.err().contains(dir.resolve("nothing") + " holds no cluster CA (no ca.p12): make one with tigris keygen"), noCa.err());
        TigrisSortTest.Run nobody = TigrisSortTest.tigris("revoke", "nobody", "--ca", cluster.ca().toString());
        assertEquals(1, nobody.status());
        assertTrue(nobody.err().contains("never issued a certificate to nobody"), nobody.err());

        Identities.Identity h2 = cluster.node("h2");
        Path garbage = Files.writeString(dir.resolve("garbage.crl"), "not a list");
        IOException notAList = assertThrows(IOException.class, () -> ClusterIdentity.load(h2.key(), h2.password(), garbage));
        assertTrue(notAList.getMessage().contains("the revocation list " + garbage + " is not a certificate revocation list"), notAList.getMessage());
        Identities other = Identities.in(dir.resolve("other"));
        Path theirs = other.ca().resolve(ClusterIdentity.REVOCATION_LIST);
        IOException foreign = assertThrows(IOException.class, () -> ClusterIdentity.load(h2.key(), h2.password(), theirs));
        assertTrue(foreign.getMessage().contains("the revocation list " + theirs + " is CN=Tigris cluster CA "), foreign.getMessage());
        assertTrue(foreign.getMessage().contains("not this cluster's CA"), foreign.getMessage());
        IOException none = assertThrows(IOException.class, () -> ClusterIdentity.load(h2.key(), h2.password(), dir.resolve("none.crl")));
        assertTrue(none.getMessage().contains("no revocation list at " + dir.resolve("none.crl")), none.getMessage());
        // A key made the old way (one self-signed key shared by the cluster) is refused, saying what to do instead.
        Path old = dir.resolve("old.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair", "-alias", "tigris", "-keyalg",
                        "EC", "-groupname", "secp256r1", "-dname", "CN=tigris-cluster", "-storetype", "PKCS12", "-keystore", old.toString(), "-storepass:file",
                        h2.password().toString(), "-keypass:file", h2.password().toString()).redirectErrorStream(true).start();
        keytool.getInputStream().readAllBytes();
        assertEquals(0, keytool.waitFor());
        IOException selfSigned = assertThrows(IOException.class, () -> ClusterIdentity.load(old, h2.password(), cluster.directory().resolve("revoked.crl")));
        assertTrue(selfSigned.getMessage().contains("holds a self-signed key, not a certificate issued by a cluster CA"), selfSigned.getMessage());
    }
}
