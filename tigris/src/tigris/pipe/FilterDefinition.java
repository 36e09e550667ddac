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
 */
public interface FilterDefinition {
    /** The name a pipeline calls it by: letters, digits, '-' and '_'. */
    String name();

    /** How it is called, in one line: {@code grep [-v] [-i] [-F] PATTERN}. */
    String usage();

    /** What it does, in one line, for {@code tigris pipe --filters}. */
    String summary();

    /**
     * The module this call of the filter runs, with its parameters.
     *
     * @throws FilterArgumentException naming the argument that is wrong (its index) and why
     */
    BoundFilter bind(List<Argument> arguments) throws FilterArgumentException;
}
