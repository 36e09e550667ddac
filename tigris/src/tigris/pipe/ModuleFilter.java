/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tigris.ModuleLifecycle;
import tigris.pipe.PipelineExpression.Argument;

/**
 * A river module by name: the definition an application writes to let pipelines call a module
 * it wrote for rivers, in one line ({@code super("upper", Upper.class, true, true, "upper-cases")}).
 * Its arguments are its parameters, {@code key=value} each; it sorts nothing (its Waters are all
 * class 0), and where its output goes to several pipes or to a selection, the plan routes it.
 */
public abstract class ModuleFilter implements FilterDefinition {
    private final String name;
    private final Class<? extends ModuleLifecycle> module;
    private final boolean input;
    private final boolean output;
    private final String summary;

    /**
     * A filter that runs {@code module} with the call's {@code key=value} arguments as its parameters.
     *
     * @param name the name a pipeline calls it by: a letter, then letters, digits, '-' or '_'
     * @param module the river module the filter runs
     * @param input whether it takes a stream (a module with upstream reservoirs)
     * @param output whether it gives one (a module with downstream reservoirs); not both false
     * @param summary what it does, in one line, for {@code tigris pipe --filters}
     */
    protected ModuleFilter(String name, Class<? extends ModuleLifecycle> module, boolean input, boolean output, String summary) {
        this.name = name;
        this.module = module;
        this.input = input;
        this.output = output;
        this.summary = summary;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String usage() {
        return name + " [KEY=VALUE]...";
    }

    @Override
    public final String summary() {
        return summary;
    }

    @Override
    public final BoundFilter bind(List<Argument> arguments) throws FilterArgumentException {
        Map<String, String> p = new LinkedHashMap<>();
        for (int i = 0; i < arguments.size(); i++) {
            Argument a = arguments.get(i);
            if (!a.named()) {
                throw new FilterArgumentException(i, "takes its parameters as KEY=VALUE, not '" + a.text() + "'");
            }
            if (p.put(a.key(), a.value()) != null) {
                throw new FilterArgumentException(i, "parameter " + a.key() + " is given twice");
            }
        }
        StringBuilder label = new StringBuilder(name);
        arguments.forEach(a -> label.append(' ').append(a.text()));
        return new BoundFilter(label.toString(), module, p, input, output, FilterClasses.NONE);
    }
}
