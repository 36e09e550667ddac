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
 * definitions of one name are refused, naming both classes.
 */
public final class FilterRegistry {

    private final TreeMap<String, FilterDefinition> byName = new TreeMap<>();

    private FilterRegistry() {
    }

    /**
     * The filters {@code loader} provides: those of the named modules it and its ancestors define
     * (Tigris's own) and those its jars list in {@code META-INF/services}.
     */
    public static FilterRegistry load(ClassLoader loader) {
        FilterRegistry r = new FilterRegistry();
        for (FilterDefinition d : ServiceLoader.load(FilterDefinition.class, loader)) {
            r.add(d);
        }
        return r;
    }

    /** Tigris's own filters and those this class's loader provides. */
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

    /** The filter named {@code name}, or null. */
    public FilterDefinition find(String name) {
        return byName.get(name);
    }

    /** Every filter's name, in order. */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /** Every filter, by name. */
    public List<FilterDefinition> all() {
        return List.copyOf(byName.values());
    }
}
