package tigris.node;

import java.io.IOException;
import java.io.Serializable;

/**
 * Work a control agent asks of a node outside any river: {@link RiverManager#perform} runs it on
 * the node and {@link RiverManager#awaitAction} hands back its result. The set is closed (sealed,
 * and each record is admitted by name by the node's deserialization filter), so a caller can ask
 * a node for nothing but these, with arguments each record checks when it is built, on the node
 * as on the agent.
 *
 * @param <R> what the action hands back to the agent
 */
public sealed interface NodeAction<R extends Serializable> extends Serializable permits RemoveFileAction, tigris.sort.KeySampleAction {
    /**
     * Runs on the node, on a thread of its own.
     *
     * @throws IOException whose message says what was wrong; the agent reports that message
     */
    R perform(NodeContext node) throws IOException;

    /** A few words for the node's messages: "sampling keys of input X". */
    String describe();
}
