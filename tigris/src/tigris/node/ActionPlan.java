package tigris.node;

import java.io.Serializable;
import java.util.Map;

/**
 * A {@link NodeAction} as the agent asks a node for it: the action's class, its parameters (text,
 * as a module's), and the jar its class is in (null, with its name: Tigris's own module). The node
 * makes the action from it; nothing but these strings and bytes crosses to the node.
 *
 * @param <R> what the action hands back
 */
public record ActionPlan<R extends Serializable>(String className, Map<String, String> parameters, String jarName, byte[] jar) implements Serializable {
    private static final long serialVersionUID = 1L;

    public ActionPlan {
        if (className == null || className.isBlank()) {
            throw new IllegalArgumentException("an action needs its class's name");
        }
        if ((jarName == null) != (jar == null)) {
            throw new IllegalArgumentException("action " + className + ": a jar needs its name and a name its jar (jar name " + jarName + ")");
        }
        parameters = Map.copyOf(parameters);
    }

    /** Action {@code action}, of Tigris's own module (or the application's, in the agent's and every node's module path), with {@code parameters}. */
    public static <R extends Serializable> ActionPlan<R> of(Class<? extends NodeAction<R>> action, Map<String, String> parameters) {
        return new ActionPlan<>(action.getName(), parameters, null, null);
    }

    /** The action of class {@code className} in jar {@code jar}, sent with the request. */
    public static <R extends Serializable> ActionPlan<R> inJar(String className, Map<String, String> parameters, String jarName, byte[] jar) {
        return new ActionPlan<>(className, parameters, jarName, jar);
    }
}
