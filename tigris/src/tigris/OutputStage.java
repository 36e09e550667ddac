package tigris;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Where a sink writes an output file until its river commits. On a node, each attempt of a river
 * writes every output under a name of its own beside the file ({@link #stage}); only the control
 * agent's commit, once the whole job is done, renames the attempt's files into place (doc/tigris.md,
 * "Committing outputs"), so a node that was given up (paused, cut off, fenced) never writes into an
 * output. Outside any node (a river in one JVM) there is no one to commit, and a sink writes the
 * file itself ({@link #DIRECT}).
 */
@FunctionalInterface
public interface OutputStage {
    /** Outputs written in place: a river in one JVM. */
    OutputStage DIRECT = output -> output;

    /**
     * The path this attempt writes {@code output} under. On a node, the first call of an attempt
     * for a file it wrote in an earlier attempt of the same river carries that file over (its
     * bytes stay: what the earlier attempt finished is kept); a later call gives the same path.
     *
     * @throws IOException if the node cannot stage it (a later attempt of the river staged it,
     *         or this attempt was fenced), naming the file and why
     */
    Path stage(Path output) throws IOException;
}
