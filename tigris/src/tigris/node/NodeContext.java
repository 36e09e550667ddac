/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.nio.file.Path;

import tigris.ModuleConfig;

/**
 * What a {@link NodeAction} knows of the node it runs on.
 *
 * @param name the node's name, its certificate's
 */
public record NodeContext(String name) {
    /**
     * {@code path} with {@code {node}} replaced by this node's name, as modules' path parameters are.
     *
     * @param path a path parameter, which may hold {@code {node}} any number of times
     * @return the path on this node
     * @throws java.nio.file.InvalidPathException if the result is not a path
     */
    public Path path(String path) {
        return ModuleConfig.onNode(path, name);
    }
}
