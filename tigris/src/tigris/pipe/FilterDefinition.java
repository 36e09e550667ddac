/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.List;

import tigris.pipe.PipelineExpression.Argument;

/**
 * A filter a pipeline can name: a module registered under a name. Tigris's own filters and an
 * application's are found the same way, as providers of this service ({@link java.util.ServiceLoader};
 * an application's jar lists its definitions in {@code META-INF/services/tigris.pipe.FilterDefinition}).
 * A name that no definition has runs as a Unix process ({@link ProcessFilter}).
 *
 * <p>A provider needs a public constructor without parameters. The registry makes one instance of
 * each definition, and it binds every call of its filter: {@link #bind} keeps nothing from one call
 * to the next.
 */
public interface FilterDefinition {
    /**
     * The name a pipeline calls it by.
     *
     * @return a letter, then letters, digits, '-' or '_'; unique among the filters
     *         ({@link FilterRegistry} refuses another name)
     */
    String name();

    /**
     * How it is called, in one line: shown by {@code tigris pipe --filters} and after an error in
     * its arguments.
     *
     * @return its name and its arguments' syntax: {@code grep [-v] [-i] [-F] PATTERN}
     */
    String usage();

    /**
     * What it does, in one line, for {@code tigris pipe --filters}.
     *
     * @return a phrase, in the style of {@code "compresses the stream"}
     */
    String summary();

    /**
     * The module this call of the filter runs, with its parameters.
     *
     * @param arguments the call's arguments in the order written, each a word or {@code key=value},
     *            quotes removed; empty for a filter called by its name alone
     * @return the bound filter: its module, parameters, ends and classes; never null
     * @throws FilterArgumentException naming the argument that is wrong (its index) and why
     */
    BoundFilter bind(List<Argument> arguments) throws FilterArgumentException;
}
