/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The filters a pipeline can name: every {@link FilterDefinition} the class loader's service
 * providers offer (Tigris's own, and those of the jars an application adds), by name. Two
 * definitions of one name are refused, naming both classes. Fixed once loaded: safe to share
 * between threads.
 */
public final class FilterRegistry {

    private final TreeMap<String, FilterDefinition> byName = new TreeMap<>();

    private FilterRegistry() {
    }

    /**
     * The filters {@code loader} provides: those of the named modules it and its ancestors define
     * (Tigris's own) and those its jars list in {@code META-INF/services}.
     *
     * @param loader the class loader whose service providers to load: one that adds an
     *            application's jars to Tigris's ({@code tigris pipe --jar})
     * @return the registry of every filter found
     * @throws IllegalStateException if a definition's name is not a letter, then letters, digits, '-'
     *             or '_', or two classes define one name
     * @throws java.util.ServiceConfigurationError if a provider cannot be loaded or made
     */
    public static FilterRegistry load(ClassLoader loader) {
        FilterRegistry r = new FilterRegistry();
        for (FilterDefinition d : ServiceLoader.load(FilterDefinition.class, loader)) {
            r.add(d);
        }
        return r;
    }

    /**
     * Tigris's own filters and those this class's loader provides.
     *
     * @return the registry {@link #load} makes of this class's loader
     * @throws IllegalStateException as {@link #load} does
     */
    public static FilterRegistry standard() {
        return load(FilterRegistry.class.getClassLoader());
    }

    private void add(FilterDefinition d) {
        String n = d.name();
        if (n == null || !n.matches("[A-Za-z][A-Za-z0-9_-]*")) {
            throw new IllegalStateException("filter definition " + d.getClass().getName() + " has the name '" + n + "': names are a letter, then letters, digits, '-' or '_'");
        }
        FilterDefinition old = byName.putIfAbsent(n, d);
        if (old != null && old.getClass() != d.getClass()) {
            throw new IllegalStateException("two filters are named " + n + ": " + old.getClass().getName() + " and " + d.getClass().getName());
        }
    }

    /**
     * The filter a pipeline calls {@code name}.
     *
     * @param name the name as written in the pipeline, case-sensitive
     * @return its definition, or null if no filter has the name (it is then run as a process)
     */
    public FilterDefinition find(String name) {
        return byName.get(name);
    }

    /**
     * Every filter's name, in order.
     *
     * @return an unmodifiable list of the names, sorted
     */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /**
     * Every filter, by name: what {@code tigris pipe --filters} lists.
     *
     * @return an unmodifiable list of the definitions, in the order of their names
     */
    public List<FilterDefinition> all() {
        return List.copyOf(byName.values());
    }
}
