/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The TCP sockets a process listens on, from Linux's /proc: its descriptors' socket inodes joined
 * with the LISTEN rows of its network namespace's tcp and tcp6 tables (the JVM's sockets are
 * mostly IPv6 ones, IPv4 addresses mapped). rdma_cm listeners are not kernel TCP sockets and do
 * not appear.
 */
final class ListeningSockets {
    private ListeningSockets() {
    }

    /**
     * The sockets node process {@code pid} listens on while a river ("ls") on it has a TCP
     * consumer's end open, its manager {@code m} and module jar {@code jar} (the test classes).
     */
    static List<InetSocketAddress> withAConsumerEndOpen(tigris.node.RiverManager m, long pid, byte[] jar) throws Exception {
        tigris.RiverAttempt ls = tigris.RiverAttempt.first("ls");
        m.begin(ls, 60_000, tigris.AttemptKey.random());
        m.pushJar(ls, "modules.jar", jar);
        m.grow(ls, java.util.List.of(new tigris.river.ModulePlan("sink", GraphModules.SummingSink.class.getName(), "modules.jar", java.util.Map.of(), 0, 1,
                        tigris.graph.ThreadPolicy.LOTTERY)), java.util.List.of(new tigris.river.ConsumerEndPlan(new tigris.transport.ReservoirPlan("x->sink", "tcp", 2, 64), "sink", "in")));
        try {
            return of(pid);
        } finally {
            m.destroy(ls);
        }
    }

    static List<InetSocketAddress> of(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (var fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException gone) {
                    // closed while we looked
                }
            }
        }
        List<InetSocketAddress> listening = new ArrayList<>();
        for (String table : new String[] {"tcp", "tcp6"}) {
            List<String> rows = Files.readAllLines(Path.of("/proc", Long.toString(pid), "net", table));
            for (String row : rows.subList(1, rows.size())) {
                String[] f = row.trim().split("\\s+");
                if (f[3].equals("0A") && inodes.contains(f[9])) {
                    listening.add(address(f[1]));
                }
            }
        }
        return listening;
    }

    /** "0100007F:1B58" (IPv4) or 32 hex digits and a port (IPv6), each 32-bit word little-endian. */
    private static InetSocketAddress address(String hexAddressPort) throws IOException {
        String[] ap = hexAddressPort.split(":");
        String hex = ap[0];
        byte[] ip = new byte[hex.length() / 2];
        for (int word = 0; word < ip.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                ip[word * 4 + b] = (byte) Integer.parseInt(hex.substring(word * 8 + (3 - b) * 2, word * 8 + (3 - b) * 2 + 2), 16);
            }
        }
        return new InetSocketAddress(InetAddress.getByAddress(ip), Integer.parseInt(ap[1], 16));
    }
}
