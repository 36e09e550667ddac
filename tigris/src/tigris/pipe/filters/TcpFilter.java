/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Map;

import tigris.ModuleConfig;
import tigris.Water;
import tigris.pipe.BoundFilter;
import tigris.pipe.FilterArgumentException;
import tigris.pipe.FilterClasses;
import tigris.pipe.FilterDefinition;
import tigris.pipe.Outlet;
import tigris.pipe.PipeModule;
import tigris.pipe.PipelineExpression.Argument;
import tigris.pipe.plan.FilterCost;

/**
 * {@code tcp listen=[HOST:]PORT}: a source of the bytes one TCP connection sends (it accepts the
 * first, reads it to its end); {@code tcp connect=HOST:PORT [wait=SECONDS]}: a sink that sends its
 * stream over a connection it makes (trying for {@code wait} seconds, 10 by default, while nothing
 * listens), and closes it at the end. Plain bytes, as netcat moves them: the pipeline's
 * own data, not Tigris's authenticated pipes between nodes.
 */
public final class TcpFilter implements FilterDefinition {
    static final String LISTEN = "listen";
    static final String CONNECT = "connect";
    static final String WAIT = "wait";
    /** How long {@code connect=} tries a peer that refuses before it fails, unless {@code wait=} says. */
    static final long WAIT_SECONDS = 10;

    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public TcpFilter() {
    }

    @Override
    public String name() {
        return "tcp";
    }

    @Override
    public String usage() {
        return "tcp listen=[HOST:]PORT | tcp connect=HOST:PORT [wait=SECONDS]";
    }

    @Override
    public String summary() {
        return "reads the bytes of one TCP connection it accepts (listen=, a source) or sends the stream over one it makes (connect=, a sink)";
    }

    @Override
    public BoundFilter bind(List<Argument> args) throws FilterArgumentException {
        if (args.isEmpty() || !args.getFirst().named()) {
            throw new FilterArgumentException(-1, "takes listen=[HOST:]PORT (a source) or connect=HOST:PORT [wait=SECONDS] (a sink)");
        }
        Argument a = args.getFirst();
        long wait = WAIT_SECONDS;
        for (int i = 1; i < args.size(); i++) {
            Argument b = args.get(i);
            if (!a.key().equals(CONNECT) || !b.named() || !b.key().equals(WAIT)) {
                throw Arguments.unknown(args, i);
            }
            wait = Arguments.number(b.value(), i, 1, "wait");
        }
        return switch (a.key()) {
            case LISTEN -> {
                address(a.value(), false);
                yield new BoundFilter("tcp listen=" + a.value(), Source.class, Map.of(LISTEN, a.value()), false, true, FilterClasses.NONE);
            }
            case CONNECT -> {
                address(a.value(), true);
                yield new BoundFilter("tcp connect=" + a.value() + (wait == WAIT_SECONDS ? "" : " wait=" + wait), Sink.class,
                                Map.of(CONNECT, a.value(), WAIT, Long.toString(wait)), true, false, FilterClasses.NONE);
            }
            default -> throw new FilterArgumentException(0, "takes listen=[HOST:]PORT or connect=HOST:PORT, not " + a.key() + "=");
        };
    }

    /** HOST:PORT (or PORT alone where {@code needHost} is false: every address), unresolved. */
    static InetSocketAddress address(String text, boolean needHost) throws FilterArgumentException {
        int colon = text.lastIndexOf(':');
        if (needHost && colon <= 0) {
            throw new FilterArgumentException(0, "'" + text + "' is not HOST:PORT");
        }
        String host = colon < 0 ? "" : text.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new FilterArgumentException(0, "the port '" + text.substring(colon + 1) + "' is not a number");
        }
        if (port < 1 || port > 65535) {
            throw new FilterArgumentException(0, "port " + port + " is not between 1 and 65535");
        }
        return host.isEmpty() ? new InetSocketAddress(port) : InetSocketAddress.createUnresolved(host, port);
    }

    private static InetSocketAddress resolved(String text, boolean needHost) throws IOException {
        InetSocketAddress a;
        try {
            a = address(text, needHost);
        } catch (FilterArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
        InetSocketAddress r = a.isUnresolved() ? new InetSocketAddress(a.getHostString(), a.getPort()) : a;
        if (r.isUnresolved()) {
            throw new IOException("tcp " + text + ": no host " + a.getHostString() + " is known here");
        }
        return r;
    }

    /** Accepts one connection and reads it straight into Waters. */
    @FilterCost(nanosPerByte = 1.2)
    public static final class Source extends PipeModule {
        private ServerSocketChannel server;
        private SocketChannel in;
        private String at;

        /** Made reflectively by the river, one for each place the filter runs; {@link #open} then reads its parameters. */
        public Source() {
        }

        @Override
        protected void open(ModuleConfig config) throws IOException {
            at = config.get(LISTEN);
            server = ServerSocketChannel.open();
            try {
                server.bind(resolved(at, false));
            } catch (IOException e) {
                server.close();
                throw new IOException("tcp listen=" + at + ": cannot listen there: " + e.getMessage(), e);
            }
        }

        @Override
        protected boolean isSource() {
            return true;
        }

        @Override
        protected boolean produce(Outlet out) throws Exception {
            if (in == null) {
                // Waits for the writer; a river stopped meanwhile interrupts the thread, which closes the channel.
                in = server.accept();
                server.close();
            }
            return Channels.readInto(in, out, "the connection accepted at " + at);
        }

        @Override
        protected void close() {
            try {
                if (in != null) {
                    in.close();
                }
                if (server != null) {
                    server.close();
                }
            } catch (IOException e) {
                // closing
            }
        }
    }

    /** Sends each Water's bytes over the connection it makes. */
    @FilterCost(nanosPerByte = 1.2)
    public static final class Sink extends PipeModule {
        private SocketChannel out;
        private String to;

        /** Made reflectively by the river, one for each place the filter runs; {@link #open} then reads its parameters. */
        public Sink() {
        }

        @Override
        protected void open(ModuleConfig config) throws IOException, InterruptedException {
            to = config.get(CONNECT);
            long wait = Long.parseLong(config.get(WAIT));
            InetSocketAddress a = resolved(to, true);
            long start = System.nanoTime();
            long limit = java.util.concurrent.TimeUnit.SECONDS.toNanos(wait); // saturates: wait= may be any long
            while (true) {
                try {
                    out = SocketChannel.open(a);
                    return;
                } catch (java.net.ConnectException e) {
                    // The reader may not listen yet: a pipeline's ends start together.
                    if (System.nanoTime() - start > limit) {
                        throw new IOException("tcp connect=" + to + ": nothing accepted a connection there within " + wait + " s ("
                                        + e.getMessage() + ")", e);
                    }
                    Thread.sleep(100);
                }
            }
        }

        @Override
        protected void take(Water in, Outlet o) throws IOException {
            try {
                Channels.write(in, out);
            } catch (IOException e) {
                throw new IOException("tcp connect=" + to + ": the connection failed: " + e.getMessage(), e);
            }
        }

        @Override
        protected void finish(Outlet o) throws IOException {
            out.shutdownOutput();
        }

        @Override
        protected void close() {
            try {
                if (out != null) {
                    out.close();
                }
            } catch (IOException e) {
                // closing
            }
        }
    }
}
