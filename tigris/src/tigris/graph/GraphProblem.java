/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

/**
 * One thing wrong with a river graph, with what it is about, so that whoever wrote the graph can
 * be pointed at it (a river file's line).
 *
 * @param module the module it is about, or null
 * @param connection the connection it is about, or null
 * @param text what is wrong, a sentence naming the module, port or connection and often what to
 *        do instead
 */
public record GraphProblem(String module, Connection connection, String text) {
    static GraphProblem ofModule(String module, String text) {
        return new GraphProblem(module, null, text);
    }

    static GraphProblem ofConnection(Connection c, String text) {
        return new GraphProblem(null, c, text);
    }

    static GraphProblem ofGraph(String text) {
        return new GraphProblem(null, null, text);
    }

    /** {@return the problem's {@link #text()}} */
    @Override
    public String toString() {
        return text;
    }
}
