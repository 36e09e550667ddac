/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.river;

import java.io.Serializable;

import tigris.transport.Endpoint;
import tigris.transport.ReservoirPlan;

/** A producer's end to open on a node: reservoir {@code reservoir} out of module instance {@code module}, joined to its consumer's end at {@code at}. */
public record ProducerEndPlan(ReservoirPlan reservoir, String module, Endpoint at) implements Serializable {
    public ProducerEndPlan {
        if (reservoir == null || module == null || module.isBlank() || at == null) {
            throw new IllegalArgumentException("a producer's end needs a reservoir, a module instance and its consumer's endpoint");
        }
    }
}
