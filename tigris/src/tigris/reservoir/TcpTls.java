/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;

/**
 * TLS 1.3 on one data connection ({@code tigris node --data-tls yes}): an {@link SSLEngine} with
 * mutual authentication by node certificates, driven by hand because the connection is
 * non-blocking. The handshake and the Tigris hello and welcome run blocking, before the
 * connection's I/O thread takes it; after that, frames are wrapped by whichever thread writes
 * (under the connection's write lock) and unwrapped by the I/O thread, which an engine allows at
 * once. Ciphertext and plaintext read ahead of the blocking phase's needs stay here for the I/O
 * thread.
 */
final class TcpTls {
    private final SSLEngine engine;
    /** Ciphertext read and not yet unwrapped (read mode between calls). */
    private final ByteBuffer netIn;
    /** Plaintext unwrapped in the blocking phase and not yet consumed (read mode). */
    private final ByteBuffer appIn;
    private final int packet;
    /** Where {@link #wrap} encrypts: the write lock's holder's only. */
    private ByteBuffer netOut;
    /** Ciphertext bytes the last non-blocking {@link #read} took from the socket (-1: its end). */
    private int lastRead;

    private TcpTls(SSLEngine engine) {
        this.engine = engine;
        this.packet = engine.getSession().getPacketBufferSize();
        this.netIn = ByteBuffer.allocateDirect(4 * packet).flip();
        this.appIn = ByteBuffer.allocate(4 * engine.getSession().getApplicationBufferSize()).flip();
    }

    /** The dialing side's TLS. */
    static TcpTls client(SSLContext context) {
        SSLEngine e = context.createSSLEngine();
        e.setUseClientMode(true);
        e.setEnabledProtocols(new String[] {"TLSv1.3"});
        return new TcpTls(e);
    }

    /** The accepting side's TLS: the dialer must show a certificate of the cluster. */
    static TcpTls server(SSLContext context) {
        SSLEngine e = context.createSSLEngine();
        e.setUseClientMode(false);
        e.setNeedClientAuth(true);
        e.setEnabledProtocols(new String[] {"TLSv1.3"});
        return new TcpTls(e);
    }

    /** The name the peer's certificate was issued to, once the handshake is done: who a hello must say it is. */
    String peerName() throws javax.net.ssl.SSLPeerUnverifiedException {
        return tigris.Role.nameOf((java.security.cert.X509Certificate) engine.getSession().getPeerCertificates()[0]);
    }

    /** Bytes of the largest TLS record on the wire. */
    int packetSize() {
        return packet;
    }

    // ---- the blocking phase ---------------------------------------------------------------------------

    /** Runs the handshake over a blocking socket's streams. */
    void handshake(InputStream in, OutputStream out) throws IOException {
        engine.beginHandshake();
        ByteBuffer empty = ByteBuffer.allocate(0);
        ByteBuffer net = ByteBuffer.allocate(packet);
        while (true) {
            switch (engine.getHandshakeStatus()) {
                case NEED_WRAP -> {
                    net.clear();
                    SSLEngineResult r = engine.wrap(empty, net);
                    flush(net.flip(), out);
                    if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
                        throw new SSLException("the peer closed the connection during the TLS handshake");
                    }
                }
                case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                    ByteBuffer sink = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
                    if (unwrap(sink, in) < 0) {
                        throw new EOFException("the peer closed the connection during the TLS handshake");
                    }
                    sink.flip();
                    if (sink.hasRemaining()) {
                        keep(sink);
                    }
                }
                case NEED_TASK -> runTasks();
                case FINISHED, NOT_HANDSHAKING -> {
                    return;
                }
            }
        }
    }

    /** Writes {@code plain} whole, encrypted, to a blocking socket's stream. */
    void write(byte[] plain, OutputStream out) throws IOException {
        ByteBuffer src = ByteBuffer.wrap(plain);
        ByteBuffer net = ByteBuffer.allocate(packet);
        while (src.hasRemaining()) {
            net.clear();
            SSLEngineResult r = engine.wrap(src, net);
            if (r.getStatus() != SSLEngineResult.Status.OK) {
                throw new SSLException("TLS wrap: " + r.getStatus());
            }
            flush(net.flip(), out);
        }
    }

    /** The next {@code n} plaintext bytes from a blocking socket's stream. */
    byte[] read(int n, InputStream in) throws IOException {
        while (appIn.remaining() < n) {
            ByteBuffer sink = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
            if (unwrap(sink, in) < 0) {
                throw new EOFException("connection closed by the peer");
            }
            keep(sink.flip());
        }
        byte[] b = new byte[n];
        appIn.get(b);
        return b;
    }

    /** A plaintext stream over {@link #read}, for the blocking phase's parsers. */
    InputStream plainStream(InputStream in) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                return TcpTls.this.read(1, in)[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                if (!appIn.hasRemaining()) {
                    TcpTls.this.read(1, in);
                    appIn.position(appIn.position() - 1);
                }
                int k = Math.min(len, appIn.remaining());
                appIn.get(b, off, k);
                return k;
            }
        };
    }

    /** Unwraps one record into {@code sink}, reading ciphertext from {@code in} as needed; -1 at the stream's end. */
    private int unwrap(ByteBuffer sink, InputStream in) throws IOException {
        while (true) {
            if (netIn.hasRemaining()) {
                SSLEngineResult r = engine.unwrap(netIn, sink);
                switch (r.getStatus()) {
                    case OK -> {
                        if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK) {
                            runTasks();
                        }
                        return r.bytesProduced();
                    }
                    case CLOSED -> {
                        return -1;
                    }
                    case BUFFER_OVERFLOW -> throw new SSLException("TLS unwrap: no room for a record");
                    case BUFFER_UNDERFLOW -> {
                        // a record cut short: read more below
                    }
                }
            }
            netIn.compact();
            byte[] chunk = new byte[Math.min(netIn.remaining(), packet)];
            int n = in.read(chunk);
            if (n < 0) {
                netIn.flip();
                return -1;
            }
            netIn.put(chunk, 0, n).flip();
        }
    }

    private void keep(ByteBuffer plain) {
        appIn.compact().put(plain).flip();
    }

    private static void flush(ByteBuffer net, OutputStream out) throws IOException {
        out.write(net.array(), net.arrayOffset() + net.position(), net.remaining());
        out.flush();
    }

    private void runTasks() {
        Runnable t;
        while ((t = engine.getDelegatedTask()) != null) {
            t.run();
        }
    }

    // ---- the non-blocking phase ----------------------------------------------------------------------

    /**
     * The ciphertext of {@code parts}, whole (consumed from them), ready to write, in a buffer
     * this end reuses: valid until the next call. The caller holds the connection's write lock, so
     * records go out in the order they are made, and copies what it cannot write at once.
     */
    ByteBuffer wrap(ByteBuffer[] parts) throws IOException {
        long plain = 0;
        for (ByteBuffer p : parts) {
            plain += p.remaining();
        }
        int need = (int) Math.min(Integer.MAX_VALUE, plain + (plain / 16384 + 2) * (packet - 16384 + 64) + packet);
        if (netOut == null || netOut.capacity() < need) {
            netOut = ByteBuffer.allocateDirect(need);
        }
        ByteBuffer net = netOut.clear();
        while (true) {
            boolean left = false;
            for (ByteBuffer p : parts) {
                left |= p.hasRemaining();
            }
            if (!left) {
                return net.flip();
            }
            SSLEngineResult r = engine.wrap(parts, net);
            if (r.getStatus() != SSLEngineResult.Status.OK) {
                throw new SSLException("TLS wrap: " + r.getStatus());
            }
            if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK) {
                runTasks();
            }
        }
    }

    /** The I/O thread: plaintext left from the blocking phase, moved into {@code in} (write mode) once. */
    void drainPlain(ByteBuffer in) {
        in.put(appIn);
    }

    /**
     * The I/O thread: reads ciphertext from {@code ch} and unwraps what it can into {@code in}
     * (write mode), leaving a record cut short for the next call ({@link #lastRead} says whether
     * the socket gave anything).
     *
     * @return plaintext bytes added, -1 at the stream's end
     */
    int read(java.nio.channels.SocketChannel ch, ByteBuffer in) throws IOException {
        netIn.compact();
        int n = netIn.hasRemaining() ? ch.read(netIn) : 0;
        lastRead = n;
        netIn.flip();
        int produced = 0;
        while (netIn.hasRemaining() && in.remaining() >= engine.getSession().getApplicationBufferSize()) {
            SSLEngineResult r = engine.unwrap(netIn, in);
            if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK) {
                runTasks();
            }
            if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
                return produced > 0 ? produced : -1;
            }
            if (r.getStatus() != SSLEngineResult.Status.OK) {
                break;   // BUFFER_UNDERFLOW: the rest of a record is still on its way
            }
            produced += r.bytesProduced();
        }
        if (n < 0 && produced == 0) {
            return -1;
        }
        return produced;
    }

    /** Ciphertext bytes the last {@link #read} took from the socket. */
    int lastRead() {
        return lastRead;
    }
}
