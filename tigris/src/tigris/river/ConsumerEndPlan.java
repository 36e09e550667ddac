/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.river;

import java.io.Serializable;

import tigris.transport.ReservoirPlan;

/**
 * A consumer's end to open on a node: reservoir {@code reservoir} into input port {@code port}
 * (null: unnamed) of module instance {@code module}.
 *
 * @param reservoir the reservoir: its name, transport, window and Water size; not null
 * @param module the consuming module instance's name ({@code "sort#3"}), whose thread takes from
 *        the end; neither null nor blank
 * @param port the input port the reservoir leads into ({@code "in"}), which each Water taken from
 *        it tells the module; null if unnamed
 */
public record ConsumerEndPlan(ReservoirPlan reservoir, String module, String port) implements Serializable {
    /**
     * Checks the components, when built and when deserialized.
     *
     * @throws IllegalArgumentException if {@code reservoir} is null, or {@code module} is null or blank
     */
    public ConsumerEndPlan {
        if (reservoir == null || module == null || module.isBlank()) {
            throw new IllegalArgumentException("a consumer's end needs a reservoir and a module instance");
        }
    }
}
