/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;

/**
 * Deletes one file on the node, if it is there (parameter {@code path}; {@code {node}} becomes the
 * node's name). A node deletes only what its own user may, as any module pushed to it could.
 */
public final class RemoveFileAction implements NodeAction<Boolean> {
    /** Made by the node from an {@link ActionPlan}. */
    public RemoveFileAction() {
    }

    /**
     * The plan of removing {@code path} on a node.
     *
     * @param path the file's path on the node; {@code {node}} in it becomes the node's name
     * @return the plan, for {@link ControlAgent#performEverywhere}
     * @throws IllegalArgumentException if {@code path} is null or blank
     */
    public static ActionPlan<Boolean> plan(String path) {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException("remove file: no path");
        }
        return ActionPlan.of(RemoveFileAction.class, Map.of("path", path));
    }

    /**
     * Deletes the file parameter {@code path} names on this node, if it is there.
     *
     * @param node the node it runs on, whose name replaces {@code {node}} in the path
     * @param parameters {@code path}: the file's path
     * @return whether there was a file to delete
     * @throws IOException naming the file if it is there and cannot be deleted (a non-empty
     *         directory, no permission)
     * @throws IllegalArgumentException if there is no {@code path} parameter
     */
    @Override
    public Boolean perform(NodeContext node, Map<String, String> parameters) throws IOException {
        String path = parameters.get("path");
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException("remove file: no path");
        }
        try {
            return Files.deleteIfExists(node.path(path));
        } catch (IOException e) {
            throw new IOException("cannot delete " + node.path(path) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String describe(Map<String, String> parameters) {
        return "removing " + parameters.get("path");
    }
}
