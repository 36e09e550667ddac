/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.view;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import javax.net.ssl.SSLParameters;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;

import tigris.node.ClusterIdentity;

/**
 * A web page that shows a river while it runs (the JDK's HTTP server): {@code /} is the page,
 * {@code /snapshot} the river now as JSON, {@code /events} the same as server-sent events, one
 * every {@link #PERIOD_MILLIS}, which the page draws: the graph with each module's threads per
 * node, Waters in and out with their rates, each output's credits, a Distributed Queue's shares
 * per consumer, reports and failures as they come.
 *
 * <p>On a loopback address it serves plain HTTP to anyone on the machine, for requests addressed
 * to localhost, 127.0.0.1 or [::1] (not to a name rebound to loopback). On any other address it
 * serves HTTPS with the agent's certificate and asks for an HTTP login with the view's own
 * password ({@link ViewLogin}: a file's, or one made for the run), never a key store's; a wrong
 * login waits a second. A browser that was not given the cluster's CA certificate warns about the
 * page's: a user should check it before logging in (or use loopback through an SSH tunnel).
 */
public final class LiveView implements AutoCloseable {
    /** How often the page gets a new snapshot. */
    public static final long PERIOD_MILLIS = 500;
    /** The HTTP login's user name on a non-loopback address (the password is the view's own, {@link ViewLogin}). */
    public static final String USER = "tigris";

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    /** What the view shows; null until a river is grown. */
    private volatile SnapshotSource source;
    /** The login asked for off loopback; null on loopback. */
    private final ViewLogin login;
    private final URI uri;
    private volatile boolean closed;

    private LiveView(HttpServer server, ViewLogin login, String scheme) {
        this.server = server;
        this.login = login;
        String host = server.getAddress().getAddress().getHostAddress();
        this.uri = URI.create(scheme + "://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + server.getAddress().getPort() + "/");
    }

    /**
     * Serves a view at {@code at}, bound before any river is grown (so a bad address fails the
     * command before it does any work); {@link #show} gives it the river. Until then the page shows
     * an empty river named {@code (no river yet)}.
     *
     * @param at the address to serve on; not null
     * @param identity the agent's identity, whose certificate the page is served with; needed (else
     *        IllegalArgumentException) when {@code at} is not loopback, as is {@code login}; both
     *        are ignored on loopback
     * @param login the password asked for off loopback; see {@code identity}
     * @return the view, serving; {@link #close} it when the command ends
     * @throws IllegalArgumentException if {@code at} is not loopback and {@code identity} or
     *         {@code login} is null
     * @throws IOException if the address cannot be bound (in use, not this machine's)
     */
    public static LiveView start(ViewAddress at, ClusterIdentity identity, ViewLogin login) throws IOException {
        if (!at.isLoopback() && (identity == null || login == null)) {
            throw new IllegalArgumentException("a live view on " + at.host().getHostAddress()
                            + " (not loopback) needs the agent's identity and a login: give --key and --password-file, or serve it on loopback");
        }
        HttpServer server;
        String scheme;
        try {
            if (at.isLoopback()) {
                server = HttpServer.create(at.socketAddress(), 16);
                scheme = "http";
            } else {
                HttpsServer https = HttpsServer.create(at.socketAddress(), 16);
                // The page's certificate is the agent's; no browser holds a cluster certificate, so
                // the trust side (nodes only) is never asked.
                https.setHttpsConfigurator(new HttpsConfigurator(identity.tlsContext(tigris.Role.NODE)) {
                    @Override
                    public void configure(HttpsParameters params) {
                        SSLParameters p = getSSLContext().getDefaultSSLParameters();
                        p.setNeedClientAuth(false);   // a browser logs in with the password instead
                        params.setSSLParameters(p);
                    }
                });
                server = https;
                scheme = "https";
            }
        } catch (java.net.SocketException e) {
            throw new IOException("cannot serve the live view on " + at.host().getHostAddress() + ":" + at.port() + ": " + e.getMessage(), e);
        }
        LiveView v = new LiveView(server, at.isLoopback() ? null : login, scheme);
        server.createContext("/", v::page);
        server.createContext("/snapshot", v::snapshot);
        server.createContext("/events", v::events);
        server.setExecutor(v.executor);
        server.start();
        return v;
    }

    /**
     * Shows {@code river} from now on, in place of what the view showed before; safe from any thread.
     *
     * @param river where the view's snapshots come from; null goes back to showing no river
     */
    public void show(SnapshotSource river) {
        source = river;
    }

    private RiverSnapshot now() {
        SnapshotSource s = source;
        return s == null ? new RiverSnapshot("(no river yet)", System.currentTimeMillis(), java.util.List.of(), java.util.List.of(), null, false)
                        : s.snapshot();
    }

    /**
     * Where the page is.
     *
     * @return the page's address: scheme ({@code http} on loopback, else {@code https}), the bound
     *         address (IPv6 in brackets) and the port actually bound (the free one when 0 was asked)
     */
    public URI uri() {
        return uri;
    }

    private boolean allowed(HttpExchange x) throws IOException {
        if (login == null) {
            // Loopback: answer only requests addressed to loopback by name, so a web page whose
            // name was rebound to 127.0.0.1 (DNS rebinding) cannot read the view from a browser.
            String host = hostOf(x.getRequestHeaders().getFirst("Host"));
            if (host == null || !LOOPBACK_NAMES.contains(host)) {
                send(x, 403, "text/plain", "the live view answers requests for localhost, 127.0.0.1 or [::1] only (Host: "
                                + x.getRequestHeaders().getFirst("Host") + ")\n");
                return false;
            }
            return true;
        }
        String auth = x.getRequestHeaders().getFirst("Authorization");
        if (auth != null && auth.regionMatches(true, 0, "Basic ", 0, 6)) {
            String pair;
            try {
                pair = new String(Base64.getDecoder().decode(auth.substring(6).trim()), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                pair = "";
            }
            int colon = pair.indexOf(':');
            if (colon >= 0 && pair.substring(0, colon).equals(USER) && login.matches(pair.substring(colon + 1).toCharArray())) {
                return true;
            }
            // A wrong login waits before it is answered, one at a time: guessing the password over
            // the network costs a second a guess.
            synchronized (FAILED_LOGINS) {
                try {
                    Thread.sleep(FAILED_LOGIN_DELAY_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        x.getResponseHeaders().set("WWW-Authenticate", "Basic realm=\"tigris live view: user " + USER + ", the view's password\"");
        send(x, 401, "text/plain", "the live view needs its login: user " + USER + " and the password its command told its user\n");
        return false;
    }

    private static final java.util.Set<String> LOOPBACK_NAMES = java.util.Set.of("localhost", "127.0.0.1", "[::1]", "::1");
    private static final Object FAILED_LOGINS = new Object();
    private static final long FAILED_LOGIN_DELAY_MILLIS = 1000;

    /** The host part of a Host header ("localhost:8080" -> "localhost", "[::1]:8080" -> "[::1]"), lower case; null if none. */
    static String hostOf(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String h = header.trim().toLowerCase(java.util.Locale.ROOT);
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            return end < 0 ? null : h.substring(0, end + 1);
        }
        int colon = h.indexOf(':');
        return colon < 0 ? h : h.substring(0, colon);
    }

    private void page(HttpExchange x) throws IOException {
        try (x) {
            if (!allowed(x)) {
                return;
            }
            if (!x.getRequestURI().getPath().equals("/")) {
                send(x, 404, "text/plain", "no such page: " + x.getRequestURI().getPath() + " (the view is at /)\n");
                return;
            }
            byte[] html;
            try (InputStream in = LiveView.class.getResourceAsStream("view.html")) {
                if (in == null) {
                    throw new IOException("the view's page is missing from the tigris module (tigris/view/view.html)");
                }
                html = in.readAllBytes();
            }
            send(x, 200, "text/html; charset=utf-8", html);
        }
    }

    private void snapshot(HttpExchange x) throws IOException {
        try (x) {
            if (allowed(x)) {
                send(x, 200, "application/json", SnapshotJson.of(now()));
            }
        }
    }

    /**
     * One snapshot every PERIOD_MILLIS until the page goes away or the view closes, then the last
     * one: a page keeps showing how the river ended (completed, failed, a node unreachable) after
     * the command that served it has exited.
     */
    private void events(HttpExchange x) throws IOException {
        try (x) {
            if (!allowed(x)) {
                return;
            }
            x.getResponseHeaders().set("Content-Type", "text/event-stream");
            x.getResponseHeaders().set("Cache-Control", "no-cache");
            x.sendResponseHeaders(200, 0);
            OutputStream out = x.getResponseBody();
            while (true) {
                boolean last = closed;
                out.write(("data: " + SnapshotJson.of(now()) + "\n\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                if (last) {
                    return;
                }
                try {
                    Thread.sleep(PERIOD_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        } catch (IOException gone) {
            // the page was closed: nothing to tell anyone
        }
    }

    private static void send(HttpExchange x, int status, String type, String body) throws IOException {
        send(x, status, type, body.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange x, int status, String type, byte[] body) throws IOException {
        x.getResponseHeaders().set("Content-Type", type);
        x.sendResponseHeaders(status, body.length);
        x.getResponseBody().write(body);
    }

    /** Stops serving: open event streams get the last snapshot first (within a period, at most a second). */
    @Override
    public void close() {
        closed = true;
        server.stop(1);
        executor.shutdownNow();
    }
}
