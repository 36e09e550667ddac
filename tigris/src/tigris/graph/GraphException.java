package tigris.graph;

import java.util.List;

/** A river graph is not well formed; the message lists every problem found. */
public class GraphException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final List<String> problems;

    public GraphException(String graph, List<String> problems) {
        super("river " + graph + " is not valid:\n  " + String.join("\n  ", problems));
        this.problems = List.copyOf(problems);
    }

    /** One line per problem. */
    public List<String> problems() {
        return problems;
    }
}
