/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.IOException;
import java.io.Serializable;
import java.util.Map;

/**
 * Work a control agent asks of a node outside any river, brought by the application as it brings
 * its modules: a class with a public no-argument constructor, in Tigris's own module or in a jar
 * the agent sends with the request. The agent sends an {@link ActionPlan} (the class's name, text
 * parameters, the jar); {@link RiverManager#perform} makes the action on the node and runs it, and
 * {@link RiverManager#awaitAction} hands back its result. The runtime knows no action but the
 * ones it is handed.
 *
 * @param <R> what the action hands back to the agent: a type the agent can read
 */
public interface NodeAction<R extends Serializable> {
    /**
     * Runs on the node, on a thread of its own, with the plan's parameters. Any exception it
     * throws fails the action; the agent reports its message, or the exception itself for one
     * other than those below.
     *
     * @param node the node it runs on
     * @param parameters the plan's parameters, unmodifiable
     * @return what the agent is handed back: an instance of the plan's
     *         {@link ActionPlan#resultType}, or null
     * @throws IOException or IllegalArgumentException whose message says what was wrong; the agent reports that message
     */
    R perform(NodeContext node, Map<String, String> parameters) throws IOException;

    /**
     * A few words for the node's messages, and the start of a failure's: "sampling keys of input X".
     * A description that throws is replaced by the class's name.
     *
     * @param parameters the plan's parameters, unmodifiable
     * @return the description; by default the class's simple name and the parameters
     */
    default String describe(Map<String, String> parameters) {
        return getClass().getSimpleName() + " " + parameters;
    }
}
