/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.Serializable;

/**
 * One output file a node renamed into place when a job committed: where, and how many bytes. The
 * job's marker beside each part lists every part of the job.
 *
 * @param node the name of the node that holds the file
 * @param path the file's final path on that node, as text
 * @param bytes the file's size, in bytes, as synced before the commit; 0 or more
 */
public record CommittedPart(String node, String path, long bytes) implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * Checks the components, when built and when deserialized.
     *
     * @throws IllegalArgumentException if {@code node} or {@code path} is null or {@code bytes} is negative
     */
    public CommittedPart {
        if (node == null || path == null || bytes < 0) {
            throw new IllegalArgumentException("a committed part needs a node, a path and a size: " + node + ", " + path + ", " + bytes);
        }
    }
}
