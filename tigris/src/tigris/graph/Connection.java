/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

/**
 * An output port joined to an input port by reservoirs of one spec: one reservoir per pair of a
 * producer's instance and a consumer's instance.
 *
 * @param from the output, {@code "module.port"}
 * @param to the input, {@code "module.port"}
 * @param reservoir what each of its reservoirs is made of
 */
public record Connection(String from, String to, ReservoirSpec reservoir) {
    /**
     * The module part of "module.port".
     *
     * @param end a connection's end, {@code "module.port"}
     * @return what comes before the first '.', or all of {@code end} if it has none
     */
    public static String module(String end) {
        int dot = end.indexOf('.');
        return dot < 0 ? end : end.substring(0, dot);
    }

    /**
     * The port part of "module.port".
     *
     * @param end a connection's end, {@code "module.port"}
     * @return what comes after the first '.', or null if there is none
     */
    public static String port(String end) {
        int dot = end.indexOf('.');
        return dot < 0 ? null : end.substring(dot + 1);
    }

    /** {@return {@code "a.out -> b.in"}: how problems and errors name the connection} */
    @Override
    public String toString() {
        return from + " -> " + to;
    }
}
