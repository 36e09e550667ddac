/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

/** An output port joined to an input port by reservoirs of one spec. */
public record Connection(String from, String to, ReservoirSpec reservoir) {
    /** The module part of "module.port". */
    public static String module(String end) {
        int dot = end.indexOf('.');
        return dot < 0 ? end : end.substring(0, dot);
    }

    /** The port part of "module.port"; null if there is none. */
    public static String port(String end) {
        int dot = end.indexOf('.');
        return dot < 0 ? null : end.substring(dot + 1);
    }

    @Override
    public String toString() {
        return from + " -> " + to;
    }
}
