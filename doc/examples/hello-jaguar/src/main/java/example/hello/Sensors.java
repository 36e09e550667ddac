/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package example.hello;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ProducerEnd;
import tigris.Water;

/** A river's source: "count" Waters of one Reading each. */
public final class Sensors implements ModuleIF {
    private long next;
    private long count;

    @Override
    public String getName() {
        return "sensors";
    }

    @Override
    public void init(ModuleConfig config) {
        count = config.getLong("count", 1000);
    }

    @Override
    public void destroy() {
    }

    @Override
    public void doOperation(Water in, ProducerEnd out) throws EndOfRiverException, InterruptedException {
        if (next == count) {
            throw new EndOfRiverException();
        }
        Water w = out.spring().createWater(256);
        Reading r = w.container().allocate(Reading.class);
        r.sensor = next;
        r.value = next * 10;
        w.container().setRoot(r);
        next++;
        out.put(w);
    }
}
