/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import jaguar.ext.ExternalBuffer;

/**
 * Makes the Waters a reservoir can carry (the thesis's Spring): every reservoir has one, so a
 * module writes its output straight into buffers the reservoir can send without a copy.
 */
public interface Spring extends Recycler {
    /**
     * A new, empty Water of at least {@code size} bytes, owned by the calling thread.
     *
     * @param size the bytes the caller needs in the Water's first buffer, from 1 to the most this
     *        spring makes (for a reservoir, its Water size)
     * @return the Water, with no bytes in use and kind {@link Water#DATA}
     * @throws IllegalArgumentException if size is not positive or more than this spring makes
     */
    Water createWater(int size);

    /**
     * Takes back the buffers of a Water this spring made, released without being sent (or
     * processed at the far end of a zero-copy hand-off). The default forgets them: they are
     * freed when unreachable, or by whoever owns them.
     */
    @Override
    default void recycle(ExternalBuffer[] buffers) {
    }
}
