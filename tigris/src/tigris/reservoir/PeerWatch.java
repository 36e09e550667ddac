package tigris.reservoir;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Heartbeats and dead-peer detection for the ends of TCP reservoirs: every end sends a heartbeat
 * when it has sent nothing for a second, and fails when it has heard nothing for its timeout. A
 * peer whose host died or whose link was cut sends no FIN; only silence tells.
 */
final class PeerWatch {
    static final long HEARTBEAT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "tigris-peer-watch");
        t.setDaemon(true);
        return t;
    });

    /** One end of a connection, as the watch sees it. */
    interface End {
        /** Nanotime of the last frame sent / received. */
        long lastSent();

        long lastHeard();

        /** Sends a heartbeat unless a write is under way (then the peer hears that). */
        void heartbeat();

        /** The peer has been silent for longer than the timeout. */
        void silent(long silentNanos);
    }

    private PeerWatch() {
    }

    /** An exchange on a blocking channel that may wait. */
    interface Exchange<T> {
        T run() throws IOException;
    }

    /**
     * Runs {@code exchange} (a handshake) on {@code ch}, closing the channel if it takes longer
     * than {@code timeout}: blocking channel reads have no timeout of their own.
     */
    static <T> T within(SocketChannel ch, Duration timeout, String what, Exchange<T> exchange) throws IOException {
        ScheduledFuture<?> alarm = TIMER.schedule(() -> {
            try {
                ch.close();
            } catch (IOException ignored) {
                // the exchange fails with the close
            }
        }, timeout.toNanos(), TimeUnit.NANOSECONDS);
        try {
            return exchange.run();
        } catch (ClosedChannelException e) {
            throw new IOException("no answer from " + what + " within " + timeout.toMillis() + " ms", e);
        } finally {
            alarm.cancel(false);
        }
    }

    static ScheduledFuture<?> watch(End end, long timeoutNanos) {
        long period = Math.max(TimeUnit.MILLISECONDS.toNanos(50), Math.min(HEARTBEAT_NANOS, timeoutNanos / 4));
        return TIMER.scheduleAtFixedRate(() -> {
            long now = System.nanoTime();
            long silent = now - end.lastHeard();
            if (silent > timeoutNanos) {
                end.silent(silent);
            } else if (now - end.lastSent() >= HEARTBEAT_NANOS) {
                end.heartbeat();
            }
        }, period, period, TimeUnit.NANOSECONDS);
    }
}
