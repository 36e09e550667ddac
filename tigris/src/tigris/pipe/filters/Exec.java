/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.util.List;

import tigris.pipe.BoundFilter;
import tigris.pipe.FilterArgumentException;
import tigris.pipe.FilterDefinition;
import tigris.pipe.PipelineExpression.Argument;
import tigris.pipe.ProcessFilter;

/** {@code exec PROGRAM ARGS...}: runs the program as a process even where a native filter has its name ({@code exec grep -P x}). */
public final class Exec implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public Exec() {
    }

    @Override
    public String name() {
        return "exec";
    }

    @Override
    public String usage() {
        return "exec PROGRAM [ARGUMENT...]";
    }

    @Override
    public String summary() {
        return "runs a program as a process, its standard input and output joined to the pipes (any name that is no filter does too)";
    }

    @Override
    public BoundFilter bind(List<Argument> args) throws FilterArgumentException {
        if (args.isEmpty()) {
            throw new FilterArgumentException(-1, "needs a program to run");
        }
        try {
            return ProcessFilter.bind(args.getFirst().text(), args.subList(1, args.size()).stream().map(Argument::text).toList());
        } catch (IllegalArgumentException e) {
            throw new FilterArgumentException(0, e.getMessage());
        }
    }
}
