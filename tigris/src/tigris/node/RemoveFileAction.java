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

    /** The plan of removing {@code path} on a node. */
    public static ActionPlan<Boolean> plan(String path) {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException("remove file: no path");
        }
        return ActionPlan.of(RemoveFileAction.class, Map.of("path", path));
    }

    /** @return whether there was a file to delete */
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
