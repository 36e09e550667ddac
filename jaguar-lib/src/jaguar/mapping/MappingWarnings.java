/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The one channel for warnings about code mappings. Each key, a method named as
 * {@code Holder.name(param, types)}, is reported once per VM, by whichever part of Jaguar finds
 * the fault first: the registrar when the VM initialises the class, or a JIT when it compiles a
 * caller.
 */
public final class MappingWarnings {
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private MappingWarnings() {
    }

    /**
     * Prints {@code [jaguar] warning: message} on stderr unless {@code key} was reported before.
     * Thread-safe: of two threads reporting the same key, one prints.
     *
     * @param key what the warning is about, usually {@link #key(Method)} of the method (a class
     *        name for a whole class); a key is remembered for the life of the VM
     * @param message the warning, without the {@code [jaguar] warning: } prefix
     */
    public static void warnOnce(String key, String message) {
        if (WARNED.add(key)) {
            System.err.println("[jaguar] warning: " + message);
        }
    }

    /**
     * The key of a method: {@code Holder.name(param, types)}.
     *
     * @param m the method
     * @return its binary class name, name and parameter type names, for example
     *         {@code p.Mailbox.post(long, int)}
     */
    public static String key(Method m) {
        return m.getDeclaringClass().getName() + "." + m.getName()
                        + Arrays.stream(m.getParameterTypes()).map(Class::getTypeName).collect(Collectors.joining(", ", "(", ")"));
    }
}
