package tigris.test;

import java.net.InetSocketAddress;
import java.time.Duration;

import tigris.reservoir.TcpSender;

/**
 * A producer in its own process: connects a TCP reservoir to args[0]:args[1], sends args[2] Waters
 * of one Record each, then dies without End of River (Runtime.halt), as a crashed node would.
 */
public final class TcpProducerMain {
    private TcpProducerMain() {
    }

    public static void main(String[] args) throws Exception {
        TcpSender out = TcpSender.connect("crash", new InetSocketAddress(args[0], Integer.parseInt(args[1])), 8, 256, Duration.ofSeconds(10));
        int n = Integer.parseInt(args[2]);
        TestModules.putRecords(out, n, 256);
        System.out.println("sent " + n);
        System.out.flush();
        Thread.sleep(200);
        Runtime.getRuntime().halt(3);
    }
}
