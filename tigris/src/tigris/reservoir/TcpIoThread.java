/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.IOException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * One of a node's few I/O threads: a selector over the data plane's connections it was given. It
 * reads every frame that arrives (Waters straight into their channels' buffers) and writes what a
 * producer's thread could not write at once; it also watches its connections' peers (heartbeats
 * out, silence in).
 */
final class TcpIoThread {
    /** How often the thread looks at its connections' clocks. */
    private static final long WATCH_MILLIS = 50;

    private final Selector selector;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    /** Its connections: this thread's only. */
    private final List<TcpPeerConnection> connections = new ArrayList<>();
    private final Thread thread;
    private volatile boolean closed;

    TcpIoThread(String name) throws IOException {
        this.selector = Selector.open();
        this.thread = Thread.ofPlatform().daemon().name(name).start(this::run);
    }

    /** Takes {@code c} on: its reads and deferred writes are this thread's from now on. */
    void register(TcpPeerConnection c) {
        execute(() -> {
            try {
                c.registered(c.channel.register(selector, SelectionKey.OP_READ, c));
                connections.add(c);
                c.readable();   // bytes the handshake read ahead (TLS) are parsed now, not at the next arrival
            } catch (IOException | RuntimeException e) {
                c.fail("cannot watch the connection: " + e, null);
            }
        });
    }

    /** Runs {@code task} on this thread, soon. */
    void execute(Runnable task) {
        tasks.add(task);
        selector.wakeup();
    }

    void wakeup() {
        selector.wakeup();
    }

    boolean isCurrent() {
        return Thread.currentThread() == thread;
    }

    /** The number of connections this thread serves. */
    int connections() {
        return connections.size();
    }

    private void run() {
        long lastWatch = System.nanoTime();
        while (!closed) {
            try {
                selector.select(WATCH_MILLIS);
            } catch (IOException e) {
                System.err.println("tigris data plane: " + thread.getName() + ": select failed: " + e);
                return;
            }
            Runnable t;
            while ((t = tasks.poll()) != null) {
                t.run();
            }
            for (SelectionKey k : selector.selectedKeys()) {
                TcpPeerConnection c = (TcpPeerConnection) k.attachment();
                try {
                    if (k.isValid() && k.isReadable()) {
                        c.readable();
                    }
                    if (k.isValid() && k.isWritable()) {
                        c.writable();
                    }
                } catch (CancelledKeyException e) {
                    // closed by another thread meanwhile: its failure is recorded there
                }
            }
            selector.selectedKeys().clear();
            long now = System.nanoTime();
            if (now - lastWatch >= TimeUnit.MILLISECONDS.toNanos(WATCH_MILLIS)) {
                lastWatch = now;
                connections.removeIf(c -> {
                    if (c.isClosed()) {
                        c.abandonRead();
                        return true;
                    }
                    return false;
                });
                for (TcpPeerConnection c : connections) {
                    c.watch(now);
                }
            }
        }
        try {
            selector.close();
        } catch (IOException ignored) {
            // closing
        }
    }

    void close() {
        closed = true;
        selector.wakeup();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
