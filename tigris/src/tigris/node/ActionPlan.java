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
 * @param className the binary name of the action's class, a {@link NodeAction} with a public
 *        no-argument constructor; neither null nor blank
 * @param parameters the text parameters the node hands the action's {@link NodeAction#perform};
 *        copied, unmodifiable
 * @param jarName the file name the node stores {@code jar} under (a plain name ending in
 *        {@code .jar}), or null, with {@code jar} null, for a class of Tigris's own module
 * @param jar the bytes of the jar the class is in, or null, with {@code jarName} null; the array
 *        is kept as given, not copied
 * @param resultType the binary name of the class of the action's result, which the agent's
 *        deserialization filter admits in the answer; neither null nor blank
 */
public record ActionPlan<R extends Serializable>(String className, Map<String, String> parameters, String jarName, byte[] jar, String resultType)
                implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * Checks the components and copies {@code parameters}, when built and when deserialized.
     *
     * @throws IllegalArgumentException if {@code className} or {@code resultType} is null or
     *         blank, or only one of {@code jarName} and {@code jar} is null
     * @throws NullPointerException if {@code parameters} is null or holds a null key or value
     */
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

    /**
     * Action {@code action}, of Tigris's own module (or the application's, in the agent's and every
     * node's module path), with {@code parameters}.
     *
     * @param <R> what the action hands back
     * @param action the action's class, which must name {@code NodeAction<R>} among its own
     *        interfaces (not only through a superclass): its result type is read from there
     * @param parameters the action's text parameters
     * @return the plan, with no jar
     * @throws IllegalArgumentException if {@code action} does not name its result type so
     */
    public static <R extends Serializable> ActionPlan<R> of(Class<? extends NodeAction<R>> action, Map<String, String> parameters) {
        return new ActionPlan<>(action.getName(), parameters, null, null, resultOf(action).getName());
    }

    /**
     * The action of class {@code className} in jar {@code jar}, sent with the request, handing back
     * a {@code resultType}.
     *
     * @param <R> what the action hands back
     * @param className the binary name of the action's class in {@code jar}
     * @param resultType the class of its result, which must be one the agent can load
     * @param parameters the action's text parameters
     * @param jarName the name the node stores the jar under: a plain file name ending in {@code .jar}
     * @param jar the jar's bytes, not copied
     * @return the plan
     * @throws IllegalArgumentException as the record's constructor does
     */
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
