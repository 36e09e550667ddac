/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package example.hello;

import java.util.concurrent.atomic.AtomicLong;

import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ProducerEnd;
import tigris.Water;

/** A river's sink: adds up the Readings it receives (Main prints the totals). */
public final class Totals implements ModuleIF {
    static final AtomicLong READINGS = new AtomicLong();
    static final AtomicLong SUM = new AtomicLong();

    @Override
    public String getName() {
        return "totals";
    }

    @Override
    public void init(ModuleConfig config) {
    }

    @Override
    public void destroy() {
    }

    @Override
    public void doOperation(Water in, ProducerEnd out) {
        if (in != null) {
            Reading r = in.container().root(Reading.class);
            READINGS.incrementAndGet();
            SUM.addAndGet(r.value);
        }
    }
}
