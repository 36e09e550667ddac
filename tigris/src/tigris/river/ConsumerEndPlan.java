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
 */
public record ConsumerEndPlan(ReservoirPlan reservoir, String module, String port) implements Serializable {
    public ConsumerEndPlan {
        if (reservoir == null || module == null || module.isBlank()) {
            throw new IllegalArgumentException("a consumer's end needs a reservoir and a module instance");
        }
    }
}
