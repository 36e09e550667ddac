/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import tigris.Water;
import tigris.pipe.Outlet;
import tigris.pipe.PipeModule;

/**
 * Routes each Water, as it is, to the pipes that select its class: what the plan puts after a
 * module that cannot route its own output (a river module, a Unix process) when that output goes
 * to several pipes or to a selection.
 */
public final class RouteModule extends PipeModule {
    /** Made reflectively by the river where the plan puts a route; it takes no parameters. */
    public RouteModule() {
    }

    @Override
    protected void take(Water in, Outlet out) throws InterruptedException {
        out.put(in, in.kind() & 0xFF);
    }
}
