/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Where a sink writes an output file until its river commits. On a node, each attempt of a river
 * writes every output under a name of its own beside the file ({@link #stage}); only the control
 * agent's commit, once the whole job is done, renames the attempt's files into place
 * (doc/tigris-operations.md, "Fencing: leases, epochs and commits"), so a node that was given up (paused, cut off, fenced) never writes into an
 * output. Outside any node (a river in one JVM) there is no one to commit, and a sink writes the
 * file itself ({@link #DIRECT}).
 */
public interface OutputStage {
    /** Outputs written in place: a river in one JVM. */
    OutputStage DIRECT = (output, keep) -> output;

    /**
     * The path this attempt writes {@code output} under, empty: what an earlier attempt of the
     * river staged for it on this node is dropped. A later call of the attempt gives the same path.
     *
     * @param output the output file's final path
     * @return where this attempt writes it
     * @throws IOException if the node cannot stage it (a later attempt of the river staged it,
     *         or this attempt was fenced), naming the file and why
     */
    default Path stage(Path output) throws IOException {
        return stage(output, false);
    }

    /**
     * As {@link #stage(Path)}, but an earlier attempt's file for {@code output} on this node is
     * carried over, bytes and all: what that attempt finished in it is kept, and this attempt
     * writes the rest (a sort's key ranges into one file, at their offsets).
     *
     * @param output the output file's final path
     * @return where this attempt writes it, with the earlier attempt's bytes in it if there were any
     * @throws IOException as {@link #stage(Path)}
     */
    default Path stageKeeping(Path output) throws IOException {
        return stage(output, true);
    }

    /**
     * The path this attempt writes {@code output} under: what {@link #stage(Path)} and
     * {@link #stageKeeping} ask of an implementation.
     *
     * @param output the output file's final path
     * @param keep true to carry an earlier attempt's file over ({@link #stageKeeping}), false to
     *        drop it ({@link #stage(Path)})
     * @return where this attempt writes it; {@code output} itself for {@link #DIRECT}
     * @throws IOException as {@link #stage(Path)}
     */
    Path stage(Path output, boolean keep) throws IOException;
}
