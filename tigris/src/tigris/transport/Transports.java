/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The transports this JVM knows: Tigris's own, then those registered as services by other modules.
 * The one place a transport id is resolved.
 */
public final class Transports {
    private static final List<Transport> ALL = load();

    private Transports() {
    }

    private static List<Transport> load() {
        List<Transport> all = new ArrayList<>(List.of(new MemoryTransport(), new TcpTransport(), new ShmTransport(), new VerbsTransport(),
                        new FileTransport()));
        for (Transport t : ServiceLoader.load(Transport.class)) {
            if (all.stream().anyMatch(k -> k.id().equals(t.id()))) {
                throw new IllegalStateException("two transports are named " + t.id() + ": " + t.getClass().getName() + " and another");
            }
            all.add(t);
        }
        return List.copyOf(all);
    }

    /** Every transport, Tigris's own first. */
    public static List<Transport> all() {
        return ALL;
    }

    /**
     * The transport {@code id}.
     *
     * @throws IllegalArgumentException listing the known ids if there is none
     */
    public static Transport byId(String id) {
        for (Transport t : ALL) {
            if (t.id().equals(id)) {
                return t;
            }
        }
        throw new IllegalArgumentException("transport=" + id + " is not one of " + ids());
    }

    /** The known ids, for messages: "memory, tcp, shm, verbs, file". */
    public static String ids() {
        return String.join(", ", ALL.stream().map(Transport::id).toList());
    }

    /** Every transport's endpoint class. */
    public static List<Class<? extends Endpoint>> endpointTypes() {
        return ALL.stream().<Class<? extends Endpoint>>map(Transport::endpointType).toList();
    }

    /** The endpoint classes, as an ObjectInputFilter pattern ("a.B;c.D;"). */
    public static String endpointFilter() {
        StringBuilder sb = new StringBuilder();
        for (Class<?> c : endpointTypes()) {
            sb.append(c.getName()).append(';');
        }
        return sb.toString();
    }
}
