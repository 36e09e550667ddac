/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tigris.pipe.filters.ProcessModule;

/**
 * A Unix process as a filter: a name that no filter has (or {@code exec PROGRAM}) runs the program
 * found on {@code PATH} (or at a path with a '/'), its standard input and output joined to the
 * pipes before and after it, its standard error the JVM's. As in a shell, a process that begins a
 * pipeline reads the pipeline's own standard input. A node runs it only if its allow-list names
 * the program ({@link ExecPolicy}); outside a node, it runs.
 */
public final class ProcessFilter {

    private ProcessFilter() {
    }

    /**
     * The process {@code program} with {@code arguments}: a filter that takes a stream and gives
     * one and sorts nothing. The program must be found here; where the filter runs, a name is
     * found again on that JVM's PATH (a node's allow-list names the programs on its own), a path
     * is taken as it is.
     *
     * @param program a program's name, found on {@code PATH}, or a path (with a '/'), relative to the
     *            working directory
     * @param arguments its arguments, as the process gets them
     * @return the bound filter, labelled with the program and its arguments as written
     * @throws IllegalArgumentException if there is no such program, or it is not executable
     */
    public static BoundFilter bind(String program, List<String> arguments) {
        Path path = resolve(program);
        Map<String, String> p = new LinkedHashMap<>();
        p.put(ProcessModule.PROGRAM, program.contains("/") ? path.toString() : program);
        for (int i = 0; i < arguments.size(); i++) {
            p.put(ProcessModule.argumentKey(i), arguments.get(i));
        }
        StringBuilder label = new StringBuilder(program);
        arguments.forEach(a -> label.append(' ').append(PipelineExpression.quoteIfNeeded(a)));
        return new BoundFilter(label.toString(), ProcessModule.class, p, true, true, FilterClasses.NONE, true);
    }

    /** {@code f}, a process, as the first filter of a pipeline: it reads the pipeline's standard input itself. */
    static BoundFilter asSource(BoundFilter f) {
        Map<String, String> p = new LinkedHashMap<>(f.parameters());
        p.put(ProcessModule.INHERIT_INPUT, "true");
        return new BoundFilter(f.label(), f.module(), p, false, true, f.classes(), true);
    }

    /** The program {@code program} names here: a path with a '/', or the first on this JVM's PATH; IllegalArgumentException if none. */
    static Path resolve(String program) {
        if (program.contains("/")) {
            Path p = Path.of(program).toAbsolutePath().normalize();
            if (!Files.isRegularFile(p)) {
                throw new IllegalArgumentException("there is no program " + p);
            }
            if (!Files.isExecutable(p)) {
                throw new IllegalArgumentException("program " + p + " is not executable");
            }
            return p;
        }
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p.toAbsolutePath().normalize();
            }
        }
        throw new IllegalArgumentException("there is no filter or program named " + program + " (none on PATH)");
    }
}
