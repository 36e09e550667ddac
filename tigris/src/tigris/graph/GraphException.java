/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

import java.util.List;

/** A river graph is not well formed; the message lists every problem found. */
public class GraphException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** Every problem; transient: a serialized exception keeps only its message. */
    private final transient List<GraphProblem> problems;

    /**
     * Makes the exception, its message the graph's name and every problem's text, a line each.
     *
     * @param graph the river graph's name
     * @param problems every problem found, at least one; copied
     */
    public GraphException(String graph, List<GraphProblem> problems) {
        super("river " + graph + " is not valid:\n  " + String.join("\n  ", problems.stream().map(GraphProblem::text).toList()));
        this.problems = List.copyOf(problems);
    }

    /**
     * Every problem, with what it is about, in the order found.
     *
     * @return the problems, unmodifiable; null in an exception that was serialized and read back
     */
    public List<GraphProblem> problems() {
        return problems;
    }
}
