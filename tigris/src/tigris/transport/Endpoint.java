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
    /** The id of the transport that made it. */
    String transport();
}
