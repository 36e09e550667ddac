/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import jaguar.ext.ExternalBuffer;

/**
 * Where a Water's buffers go when it is released: back to the spring that made them, or, for a
 * Water a consumer's end received into a buffer of its own (a ring slot, a registered receive
 * buffer), back to that end.
 */
@FunctionalInterface
public interface Recycler {
    /**
     * Takes back the buffers of a released Water that this recycler's side handed out. Called by
     * whichever thread releases the Water, once per Water.
     *
     * @param buffers the Water's buffers, in the Water's order; the Water no longer uses them
     */
    void recycle(ExternalBuffer[] buffers);
}
