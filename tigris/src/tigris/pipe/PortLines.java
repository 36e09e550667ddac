/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.LinkedHashMap;
import java.util.Map;

import tigris.Water;

/**
 * {@link Lines} for each input port of a filter: a filter whose input merges several streams
 * ({@code (a + b) | grep x}) gets their Waters interleaved, each stream cut anywhere, so each
 * stream's unfinished line waits for that stream's next Water, not the other's. A port is told by
 * {@link Water#inputPort()}. Used by its filter's thread only: not thread-safe.
 */
public final class PortLines {
    private final Map<String, Lines> byPort = new LinkedHashMap<>();
    private String lastPort;
    private Lines last;

    /** Lines of no port yet: each port's {@link Lines} is made when its first Water comes. */
    public PortLines() {
    }

    /**
     * Hands every whole line of {@code w}, after what earlier Waters of its port left unfinished,
     * to {@code v}. {@code w} is only read: it stays the caller's.
     *
     * @param w the next Water of one of the filter's input ports
     * @param v what is done with each line
     * @throws Exception what {@code v} threw
     */
    public void take(Water w, Lines.Visitor v) throws Exception {
        String port = w.inputPort();
        if (last == null || !java.util.Objects.equals(port, lastPort)) {
            last = byPort.computeIfAbsent(port, p -> new Lines());
            lastPort = port;
        }
        last.take(w, v);
    }

    /**
     * Every stream ended: hands each one's unfinished last line, if any, to {@code v}, the ports in
     * the order their first Waters came.
     *
     * @param v what is done with each last line
     * @throws Exception what {@code v} threw; the ports after it are then not finished
     */
    public void finish(Lines.Visitor v) throws Exception {
        for (Lines l : byPort.values()) {
            l.finish(v);
        }
    }
}
