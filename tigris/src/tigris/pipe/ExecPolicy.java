/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.nio.file.Path;
import java.util.Set;

/**
 * Which programs a node lets a pipeline run as processes: none unless the node was started with
 * {@code --allow-exec NAME,...} (names of programs on its PATH, or absolute paths; compared by real
 * path). A pipeline must not
 * become a way to run commands on every node. Outside a node (a pipeline run on the local host by
 * its own user) every program runs.
 *
 * <p>The policy is the JVM's, set once by the node at its start; it is read through volatile fields,
 * so every thread sees it once set.
 */
public final class ExecPolicy {
    /** The real paths a node allows; null outside a node: every program runs. */
    private static volatile Set<Path> allowed;
    /** As the node's operator named them, for messages. */
    private static volatile Set<String> named = Set.of();

    private ExecPolicy() {
    }

    /**
     * Makes this JVM a node's: from now on it runs only {@code programs}, each a name found on this
     * node's PATH or an absolute path, compared by real path (a program of the same name elsewhere,
     * or a link to another, is not allowed).
     *
     * @param programs the programs as the node's operator named them ({@code --allow-exec}); empty:
     *            none runs
     * @throws IllegalArgumentException naming a program that is not on this node; the policy is then
     *             unchanged
     */
    public static void restrictTo(Set<String> programs) {
        Set<Path> real = new java.util.LinkedHashSet<>();
        for (String p : programs) {
            try {
                real.add(ProcessFilter.resolve(p).toRealPath());
            } catch (IllegalArgumentException | java.io.IOException e) {
                throw new IllegalArgumentException("--allow-exec " + p + ": " + (p.contains("/") ? "no program at " + p : "no program " + p
                                + " on this node's PATH"));
            }
        }
        named = Set.copyOf(programs);
        allowed = Set.copyOf(real);
    }

    /**
     * The file names of the programs this JVM runs as processes (each allowed program's name and
     * its real path's), or null outside a node, where every program runs.
     *
     * @return a new sorted set of file names, what {@link tigris.pipe.plan.PlaceFacts} tells the
     *         planner; null outside a node
     */
    public static Set<String> allowedNames() {
        Set<Path> a = allowed;
        if (a == null) {
            return null;
        }
        Set<String> names = new java.util.TreeSet<>();
        a.forEach(p -> names.add(p.getFileName().toString()));
        named.forEach(n -> names.add(Path.of(n).getFileName().toString()));
        return names;
    }

    /**
     * The program a process filter is about to start here: {@code program} as the pipeline wrote
     * it, a name found on this JVM's PATH (on a node, the node's, which its allow-list was read
     * against) or a path; refused if this JVM is a node's that does not allow it.
     *
     * @param program the program's name, or its absolute path (a path the pipeline wrote, made
     *            absolute where it was planned)
     * @param node the node's name, for the messages
     * @return the program's path here
     * @throws IllegalArgumentException if there is no such program here
     * @throws SecurityException saying which program, which node, and how to allow it
     */
    public static Path program(String program, String node) {
        Set<Path> a = allowed;
        Path path;
        try {
            path = ProcessFilter.resolve(program);
        } catch (IllegalArgumentException e) {
            throw a == null ? e : new IllegalArgumentException("node " + node + " has no program " + program + (program.contains("/") ? "" : " on its PATH"));
        }
        if (a == null) {
            return path;
        }
        Path real;
        try {
            real = path.toRealPath();
        } catch (java.io.IOException e) {
            real = path;
        }
        if (a.contains(real)) {
            return path;
        }
        Set<String> n = named;
        throw new SecurityException("node " + node + " does not run the program " + path + ": its allow-list "
                        + (n.isEmpty() ? "is empty" : "is " + n) + " (start the node with --allow-exec " + path.getFileName() + ")");
    }
}
