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
 * stream's unfinished line waits for that stream's next Water, not the other's.
 */
public final class PortLines {
    private final Map<String, Lines> byPort = new LinkedHashMap<>();
    private String lastPort;
    private Lines last;

    public PortLines() {
    }

    /** Hands every whole line of {@code w}, after what earlier Waters of its port left unfinished, to {@code v}. */
    public void take(Water w, Lines.Visitor v) throws Exception {
        String port = w.inputPort();
        if (last == null || !java.util.Objects.equals(port, lastPort)) {
            last = byPort.computeIfAbsent(port, p -> new Lines());
            lastPort = port;
        }
        last.take(w, v);
    }

    /** Every stream ended: hands each one's unfinished last line, if any, to {@code v}. */
    public void finish(Lines.Visitor v) throws Exception {
        for (Lines l : byPort.values()) {
            l.finish(v);
        }
    }
}
