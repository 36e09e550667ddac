package tigris.transport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.util.concurrent.CompletableFuture;

import tigris.ProducerEnd;
import tigris.reservoir.TcpReceiver;
import tigris.reservoir.TcpSender;

/** Nodes anywhere: a TCP reservoir ({@link TcpSender}, {@link TcpReceiver}), its consumer listening on its node's address. */
public final class TcpTransport implements Transport {
    /** Where a TCP reservoir's consumer listens. */
    public record At(String host, int port) implements Endpoint {
        public At {
            if (host == null || host.isBlank() || port < 1 || port > 65535) {
                throw new IllegalArgumentException("TCP endpoint " + host + ":" + port + " is not an address and port");
            }
        }

        @Override
        public String transport() {
            return "tcp";
        }
    }

    /** Made by {@link Transports}; find it with {@code Transports.byId("tcp")}. */
    public TcpTransport() {
    }

    @Override
    public String id() {
        return "tcp";
    }

    @Override
    public String label() {
        return "TCP";
    }

    @Override
    public boolean canJoin(Site a, Site b) {
        return true;
    }

    @Override
    public String joinRule() {
        return "TCP joins any nodes";
    }

    @Override
    public PendingConsumer openConsumer(ReservoirPlan plan, TransportContext context) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress(context.bind(), 0));
        At at = new At(context.host(), ((InetSocketAddress) server.getLocalAddress()).getPort());
        CompletableFuture<TcpReceiver> accepted = CompletableFuture.supplyAsync(() -> {
            try (server) {
                return TcpReceiver.accept(server, plan.name(), context.attempt(), context.deadPeer());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return Accepted.pending(at, accepted, "TCP reservoir " + plan.name() + " listening at " + at.host() + ":" + at.port(), () -> {
            try {
                server.close();
            } catch (IOException ignored) {
                // closing
            }
        });
    }

    @Override
    public ProducerEnd openProducer(ReservoirPlan plan, Endpoint at, TransportContext context) throws IOException {
        At a = (At) at;
        return TcpSender.connect(plan.name(), new InetSocketAddress(a.host(), a.port()), plan.window(), plan.waterSize(), context.attempt(),
                        context.deadPeer());
    }

    @Override
    public Class<At> endpointType() {
        return At.class;
    }
}
