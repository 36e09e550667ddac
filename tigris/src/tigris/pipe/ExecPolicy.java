package tigris.pipe;

import java.nio.file.Path;
import java.util.Set;

/**
 * Which programs a node lets a pipeline run as processes: none unless the node was started with
 * {@code --allow-exec NAME,...} (names of programs, or their absolute paths). A pipeline must not
 * become a way to run commands on every node. Outside a node (a pipeline run on the local host by
 * its own user) every program runs.
 */
public final class ExecPolicy {

    /** Null outside a node: every program runs. */
    private static volatile Set<String> allowed;

    private ExecPolicy() {
    }

    /** Makes this JVM a node's: from now on it runs only {@code programs} (names or absolute paths). */
    public static void restrictTo(Set<String> programs) {
        allowed = Set.copyOf(programs);
    }

    /**
     * Refuses to run {@code program} on node {@code node} if this JVM is a node's that does not allow it.
     *
     * @throws SecurityException saying which program, which node, and how to allow it
     */
    public static void check(Path program, String node) {
        Set<String> a = allowed;
        if (a == null) {
            return;
        }
        String name = program.getFileName().toString();
        if (a.contains(name) || a.contains(program.toString())) {
            return;
        }
        throw new SecurityException("node " + node + " does not run the program " + program + ": its allow-list "
                        + (a.isEmpty() ? "is empty" : "is " + a) + " (start the node with --allow-exec " + name + ")");
    }
}
