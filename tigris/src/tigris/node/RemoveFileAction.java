package tigris.node;

import java.io.IOException;
import java.nio.file.Files;

/**
 * Deletes one file on the node, if it is there: how the control agent removes a failed run's
 * output from nodes it has no other access to. A node deletes only what its own user may, as any
 * module pushed to it could.
 *
 * @param path the file ({@code {node}} becomes the node's name)
 */
public record RemoveFileAction(String path) implements NodeAction<Boolean> {
    public RemoveFileAction {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException("remove file: no path");
        }
    }

    /** @return whether there was a file to delete */
    @Override
    public Boolean perform(NodeContext node) throws IOException {
        try {
            return Files.deleteIfExists(node.path(path));
        } catch (IOException e) {
            throw new IOException("cannot delete " + node.path(path) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String describe() {
        return "removing " + path;
    }
}
