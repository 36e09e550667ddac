package tigris.sort;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.Reservoir;
import tigris.Water;

/**
 * Deletes one file on its node and ends (a source without reservoirs): how the control agent
 * removes a failed sort's output from nodes it has no other access to. Parameter: {@code path}
 * ({@code {node}} becomes the node's name).
 */
public final class RemoveFileModule implements ModuleIF {
    /** Made by the river from its module class name. */
    public RemoveFileModule() {
    }

    private String name;
    private Path path;

    @Override
    public String getName() {
        return name;
    }

    @Override
    public void init(ModuleConfig config) {
        name = config.name();
        path = config.path("path");
    }

    @Override
    public void doOperation(Water in, Reservoir out) throws EndOfRiverException {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("module " + name + ": cannot delete " + path + ": " + e.getMessage(), e);
        }
        throw new EndOfRiverException();
    }

    @Override
    public void destroy() {
    }
}
