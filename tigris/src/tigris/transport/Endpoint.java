/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

import java.io.Serializable;

/**
 * Where a reservoir's producer finds its consumer's end: each transport's own record (a host and
 * port, a segment, a file), made by {@link Transport#openConsumer} on the consumer's node and
 * carried to the producer's by the control agent. Records check their components when built, on
 * deserialization too.
 */
public interface Endpoint extends Serializable {
    /**
     * The transport that made it, and so the one that opens the producer's end to it.
     *
     * @return that transport's {@link Transport#id}, as {@link Transports#byId} resolves it: "tcp"
     */
    String transport();
}
