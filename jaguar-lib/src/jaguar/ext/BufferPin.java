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

    /**
     * Who holds the pin.
     *
     * @return the description given to {@link ExternalBuffer#pin}, which
     *         {@link ExternalBuffer#close()} names when it refuses to free the memory
     */
    public String holder() {
        return holder;
    }

    /**
     * Releases the pin: once no pin is left, the buffer may be closed. Call it only when the device
     * can no longer access the memory (for an RDMA region: after deregistering it). Closing twice
     * does nothing; any thread may close it.
     */
    @Override
    public synchronized void close() {
        if (!released) {
            released = true;
            scope.unpin(holder);
        }
    }
}
