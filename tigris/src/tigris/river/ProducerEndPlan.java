/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.river;

import java.io.Serializable;

import tigris.transport.Endpoint;
import tigris.transport.ReservoirPlan;

/**
 * A producer's end to open on a node: reservoir {@code reservoir} out of module instance
 * {@code module}, joined to its consumer's end at {@code at}.
 *
 * @param reservoir the reservoir: its name, transport, window and Water size; not null
 * @param module the producing module instance's name ({@code "sort#3"}), whose thread puts into
 *        the end; neither null nor blank
 * @param at where the consumer's end is, as its node's {@link RiverSite#grow} answered; not null
 */
public record ProducerEndPlan(ReservoirPlan reservoir, String module, Endpoint at) implements Serializable {
    /**
     * Checks the components, when built and when deserialized.
     *
     * @throws IllegalArgumentException if {@code reservoir} or {@code at} is null, or
     *         {@code module} is null or blank
     */
    public ProducerEndPlan {
        if (reservoir == null || module == null || module.isBlank() || at == null) {
            throw new IllegalArgumentException("a producer's end needs a reservoir, a module instance and its consumer's endpoint");
        }
    }
}
