/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.Serializable;
import java.util.Map;

/**
 * A {@link NodeAction} as the agent asks a node for it: the action's class, its parameters (text,
 * as a module's), the jar its class is in (null, with its name: Tigris's own module), and the class
 * of its result, the one class besides the runtime's that the agent accepts in the node's answer.
 * The node makes the action from it; nothing but these strings and bytes crosses to the node.
 *
 * @param <R> what the action hands back
 */
public record ActionPlan<R extends Serializable>(String className, Map<String, String> parameters, String jarName, byte[] jar, String resultType)
                implements Serializable {
    private static final long serialVersionUID = 1L;

    public ActionPlan {
        if (className == null || className.isBlank()) {
            throw new IllegalArgumentException("an action needs its class's name");
        }
        if ((jarName == null) != (jar == null)) {
            throw new IllegalArgumentException("action " + className + ": a jar needs its name and a name its jar (jar name " + jarName + ")");
        }
        if (resultType == null || resultType.isBlank()) {
            throw new IllegalArgumentException("action " + className + ": the agent needs the class of its result");
        }
        parameters = Map.copyOf(parameters);
    }

    /** Action {@code action}, of Tigris's own module (or the application's, in the agent's and every node's module path), with {@code parameters}. */
    public static <R extends Serializable> ActionPlan<R> of(Class<? extends NodeAction<R>> action, Map<String, String> parameters) {
        return new ActionPlan<>(action.getName(), parameters, null, null, resultOf(action).getName());
    }

    /** The action of class {@code className} in jar {@code jar}, sent with the request, handing back a {@code resultType}. */
    public static <R extends Serializable> ActionPlan<R> inJar(String className, Class<R> resultType, Map<String, String> parameters, String jarName, byte[] jar) {
        return new ActionPlan<>(className, parameters, jarName, jar, resultType.getName());
    }

    /** The R of {@code action implements NodeAction<R>}. */
    private static Class<?> resultOf(Class<?> action) {
        for (java.lang.reflect.Type t : action.getGenericInterfaces()) {
            if (t instanceof java.lang.reflect.ParameterizedType p && p.getRawType() == NodeAction.class) {
                java.lang.reflect.Type r = p.getActualTypeArguments()[0];
                if (r instanceof Class<?> c) {
                    return c;
                }
                if (r instanceof java.lang.reflect.ParameterizedType pr) {
                    return (Class<?>) pr.getRawType();
                }
            }
        }
        throw new IllegalArgumentException("action " + action.getName() + " does not say what it hands back (implement NodeAction<R> with R a class)");
    }
}
