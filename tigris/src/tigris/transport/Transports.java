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

    /**
     * Every transport, Tigris's own first.
     *
     * @return the transports, loaded once per JVM; an unmodifiable list
     */
    public static List<Transport> all() {
        return ALL;
    }

    /**
     * The transport {@code id}.
     *
     * @param id a transport's {@link Transport#id}: "tcp"
     * @return the transport of that id
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

    /**
     * The known ids, for messages.
     *
     * @return the ids in the order of {@link #all}, comma-separated: "memory, tcp, shm, verbs, file"
     */
    public static String ids() {
        return String.join(", ", ALL.stream().map(Transport::id).toList());
    }

    /**
     * Every transport's endpoint class.
     *
     * @return each transport's {@link Transport#endpointType}, in the order of {@link #all}; an
     *         unmodifiable list
     */
    public static List<Class<? extends Endpoint>> endpointTypes() {
        return ALL.stream().<Class<? extends Endpoint>>map(Transport::endpointType).toList();
    }

    /**
     * The endpoint classes, as an {@code ObjectInputFilter} pattern, for the node's
     * deserialization filter to admit them.
     *
     * @return each class's name followed by a semicolon: "a.B;c.D;"
     */
    public static String endpointFilter() {
        StringBuilder sb = new StringBuilder();
        for (Class<?> c : endpointTypes()) {
            sb.append(c.getName()).append(';');
        }
        return sb.toString();
    }
}
