/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

/**
 * A buffer's memory held for a device (see {@link ExternalBuffer#pin}): while open, closing the
 * buffer fails instead of freeing memory the device may still read or write. Closing the pin
 * twice does nothing.
 */
public final class BufferPin implements AutoCloseable {
    private final BufferScope scope;
    private final String holder;
    private boolean released;

    BufferPin(BufferScope scope, String holder) {
        this.scope = scope;
        this.holder = holder;
    }

    /** Who holds the pin, as given to {@link ExternalBuffer#pin}. */
    public String holder() {
        return holder;
    }

    @Override
    public synchronized void close() {
        if (!released) {
            released = true;
            scope.unpin(holder);
        }
    }
}
