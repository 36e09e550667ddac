/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.graph.LocalRiver;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.view.ViewLogin;
import tigris.view.LiveView;
import tigris.view.LocalRiverSource;
import tigris.view.ViewAddress;

/**
 * The live view over HTTP (the page's browser test is test/browser, in make test-long): the
 * page, the river as JSON and as server-sent events whose counts grow while it runs, its end and
 * a failure as they happen, and the credentials a non-loopback address needs.
 */
class LiveViewTest {
    private static final ReservoirSpec MEM = ReservoirSpec.of(4, 4096);
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    static Path dir;

    static RiverGraph slowPipeline(long waters) {
        RiverGraph g = new RiverGraph("watched");
        g.module("source", GraphModules.CountingSource.class).parameter("count", Long.toString(waters)).output("out", Record.class);
        g.module("doubler", GraphModules.Doubler.class).instances(2).input("in", Record.class).output("out", Record.class);
        g.module("sink", GraphModules.SlowSink.class).parameter("pauseMillis", "2").input("in", Record.class);
        g.connect("source.out", "doubler.in", MEM);
        g.connect("doubler.out", "sink.in", MEM);
        return g;
    }

    static String get(URI uri) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), uri + ": " + r.body());
        return r.body();
    }

    /** The "watersIn" of thread {@code module} in a snapshot's JSON. */
    static long watersIn(String json, String module) {
        Matcher m = Pattern.compile("\"module\":\"" + Pattern.quote(module) + "\",\"node\":\"[^\"]*\",\"unreachable\":false,\"state\":\"[A-Z]+\",\"watersIn\":(\\d+)")
                        .matcher(json);
        assertTrue(m.find(), module + " not in " + json);
        return Long.parseLong(m.group(1));
    }

    @Test
    void aRunningRiverIsServedAsAPageAndAsEventsWhoseCountsGrowUntilItEnds() throws Exception {
        try (LiveView view = LiveView.start(ViewAddress.parse("0"), null, null); LocalRiver river = LocalRiver.build(slowPipeline(600))) {
            assertTrue(view.uri().toString().startsWith("http://127.0.0.1:"), view.uri().toString());
            assertTrue(get(view.uri()).contains("<title>Tigris live view</title>"));
            assertTrue(get(view.uri().resolve("snapshot")).contains("\"river\":\"(no river yet)\""));
            assertTrue(rawGet(view.uri(), "evil.example:80").startsWith("HTTP/1.1 403"), "a request for another host name is refused (DNS rebinding)");
            assertTrue(rawGet(view.uri(), "localhost:" + view.uri().getPort()).startsWith("HTTP/1.1 200"));
            view.show(new LocalRiverSource(river));
            river.start();
            List<String> events = new ArrayList<>();
            HttpResponse<Stream<String>> stream = HTTP.send(HttpRequest.newBuilder(view.uri().resolve("events")).build(),
                            HttpResponse.BodyHandlers.ofLines());
            assertEquals("text/event-stream", stream.headers().firstValue("Content-Type").orElse(""));
            Iterator<String> lines = stream.body().iterator();
            while (events.size() < 3 && lines.hasNext()) {
                String l = lines.next();
                if (l.startsWith("data: ")) {
                    events.add(l.substring(6));
                }
            }
            stream.body().close();
            long first = watersIn(events.get(0), "sink");
            long last = watersIn(events.get(2), "sink");
            assertTrue(last > first, "the sink's Waters did not grow between events: " + first + " then " + last);
            String running = events.get(2);
            assertTrue(running.contains("{\"from\":\"source\",\"to\":\"doubler\",\"transport\":\"memory\"}"), running);
            assertTrue(running.contains("\"module\":\"doubler#1\",\"node\":\"local\""), running);
            assertTrue(running.contains("\"reservoir\":\"source->doubler#0\"") || running.contains("\"reservoir\":\"source->doubler"), running);
            assertTrue(river.await(60, TimeUnit.SECONDS).completed());
            String end = get(view.uri().resolve("snapshot"));
            assertTrue(end.contains("\"ended\":true,\"failure\":null,\"earlier\":[]"), end);
            assertEquals(600, watersIn(end, "sink"), end);
            // A later attempt of a job says how the earlier ones ended (a sort that lost a node).
            LocalRiverSource source = new LocalRiverSource(river);
            view.show(() -> source.snapshot().withEarlier(List.of("attempt 1 lost node \"b\" (refused)")));
            String later = get(view.uri().resolve("snapshot"));
            assertTrue(later.contains("\"earlier\":[\"attempt 1 lost node \\\"b\\\" (refused)\"]"), later);
        }
    }

    @Test
    void aFailedModuleIsShownFailedWithItsError() throws Exception {
        RiverGraph g = new RiverGraph("failing-watched");
        g.module("source", GraphModules.CountingSource.class).parameter("count", "1000").output("out", Record.class);
        g.module("bad", GraphModules.FailingModule.class).input("in", Record.class).output("out", Record.class);
        g.module("sink", GraphModules.SummingSink.class).input("in", Record.class);
        g.connect("source.out", "bad.in", MEM);
        g.connect("bad.out", "sink.in", MEM);
        try (LiveView view = LiveView.start(ViewAddress.parse("127.0.0.1:0"), null, null); LocalRiver river = LocalRiver.build(g)) {
            view.show(new LocalRiverSource(river));
            river.start();
            river.await(60, TimeUnit.SECONDS);
            String s = get(view.uri().resolve("snapshot"));
            assertTrue(s.contains("\"failure\":\"module bad failed: ") && s.contains("failing on purpose at Water 10"), s);
            assertTrue(s.contains("\"module\":\"bad\",\"node\":\"local\",\"unreachable\":false,\"state\":\"FAILED\""), s);
        }
    }

    /** A non-loopback address of this machine (the test runs where one is up). */
    static InetAddress outward() throws IOException {
        for (NetworkInterface n : NetworkInterface.networkInterfaces().toList()) {
            if (n.isUp() && !n.isLoopback()) {
                for (InetAddress a : n.inetAddresses().toList()) {
                    if (a instanceof Inet4Address) {
                        return a;
                    }
                }
            }
        }
        throw new IllegalStateException("this machine has no non-loopback IPv4 address up: the test needs one");
    }

    /**
     * Off loopback the view serves HTTPS with the agent's certificate and asks for its own
     * password: the one in the user's file, or one made for the run; never the key store's.
     */
    @Test
    void aViewOffLoopbackNeedsTheAgentsIdentityAndItsOwnLogin() throws Exception {
        InetAddress out = outward();
        ViewAddress at = new ViewAddress(out, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LiveView.start(at, null, null));
        assertTrue(e.getMessage().contains("needs the agent's identity and a login: give --key and --password-file"), e.getMessage());

        Identities cluster = Identities.shared();
        Identities.Identity agent = cluster.agent();
        String storePassword = java.nio.file.Files.readAllLines(agent.password()).get(0);
        Path viewPassword = java.nio.file.Files.writeString(dir.resolve("view-password"), "a view's own password\n");
        HttpClient https = HttpClient.newBuilder().sslContext(trustingTheClusterCa(cluster.ca().resolve("ca.crt"))).build();
        try (LiveView view = LiveView.start(at, agent.load(), ViewLogin.fromFile(viewPassword))) {
            assertTrue(view.uri().toString().startsWith("https://" + out.getHostAddress() + ":"), view.uri().toString());
            assertEquals(401, https.send(HttpRequest.newBuilder(view.uri()).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
            assertEquals(401, https.send(login(view.uri().resolve("snapshot"), LiveView.USER, "a view's own passwordx"), HttpResponse.BodyHandlers.ofString())
                            .statusCode());
            assertEquals(401, https.send(login(view.uri().resolve("snapshot"), "admin", "a view's own password"), HttpResponse.BodyHandlers.ofString()).statusCode());
            assertEquals(401, https.send(login(view.uri().resolve("snapshot"), LiveView.USER, storePassword), HttpResponse.BodyHandlers.ofString()).statusCode(),
                            "the key store's password is not the view's");
            HttpResponse<String> ok = https.send(login(view.uri().resolve("snapshot"), LiveView.USER, "a view's own password"), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, ok.statusCode(), ok.body());
            assertTrue(ok.body().startsWith("{\"river\":"), ok.body());
            X509Certificate served = (X509Certificate) https.send(HttpRequest.newBuilder(view.uri()).build(), HttpResponse.BodyHandlers.discarding()).sslSession()
                            .orElseThrow().getPeerCertificates()[0];
            assertEquals("CN=agent, OU=agent, O=tigris", served.getSubjectX500Principal().getName().replace(",", ", "), "the page is served with the agent's certificate");
        }
        Path shortPassword = java.nio.file.Files.writeString(dir.resolve("short-password"), "short\n");
        IOException tooShort = assertThrows(IOException.class, () -> ViewLogin.fromFile(shortPassword));
        assertTrue(tooShort.getMessage().contains("has 5 characters: give it at least 12"), tooShort.getMessage());
        ViewLogin once = ViewLogin.random();
        String told = once.howToLogIn();
        assertTrue(told.matches("log in as tigris with password [0-9a-f]{32} \\(made for this run\\)"), told);
        try (LiveView view = LiveView.start(at, agent.load(), once)) {
            String made = told.substring("log in as tigris with password ".length(), told.indexOf(' ', "log in as tigris with password ".length()));
            assertEquals(200, https.send(login(view.uri().resolve("snapshot"), LiveView.USER, made), HttpResponse.BodyHandlers.ofString()).statusCode());
        }
    }

    /**
     * A client context that trusts what the cluster's CA signed and skips the host name check
     * (the cluster's certificates name no address): a browser would show a warning instead.
     */
    static SSLContext trustingTheClusterCa(Path caCertificate) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        try (var in = java.nio.file.Files.newInputStream(caCertificate)) {
            ks.setCertificateEntry("ca", java.security.cert.CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        X509TrustManager ca = (X509TrustManager) tmf.getTrustManagers()[0];
        X509ExtendedTrustManager chainOnly = new X509ExtendedTrustManager() {
            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
                ca.checkServerTrusted(chain, authType);
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
                ca.checkServerTrusted(chain, authType);
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
                ca.checkServerTrusted(chain, authType);
            }

            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
                throw new CertificateException("a client only");
            }

            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
                throw new CertificateException("a client only");
            }

            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
                throw new CertificateException("a client only");
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return ca.getAcceptedIssuers();
            }
        };
        SSLContext ctx = SSLContext.getInstance("TLSv1.3");
        ctx.init(null, new TrustManager[] {chainOnly}, null);
        return ctx;
    }

    /** The status line and headers of GET /snapshot sent with {@code host} as the Host header (HttpClient will not send another). */
    static String rawGet(URI view, String host) throws IOException {
        try (Socket s = new Socket(view.getHost(), view.getPort())) {
            s.getOutputStream().write(("GET /snapshot HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static HttpRequest login(URI uri, String user, String password) {
        String pair = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        return HttpRequest.newBuilder(uri).header("Authorization", "Basic " + pair).build();
    }

    @Test
    void badViewAddressesAreNamed() {
        for (String bad : List.of("", "x", "70000", "-1", "host:", "nosuchhost.invalid:80")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ViewAddress.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("--view " + bad + ": "), e.getMessage());
        }
        assertTrue(ViewAddress.parse("8080").isLoopback());
        assertEquals(8080, ViewAddress.parse("[::1]:8080").port());
    }
}
