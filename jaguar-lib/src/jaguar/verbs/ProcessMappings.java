/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * This process's memory mappings as the kernel lists them ({@code /proc/self/maps}): the ground
 * truth against which direct queue access checks what it reads from a provider's private structs
 * before it dereferences anything.
 */
record ProcessMappings(List<Mapping> mappings) {
    /** One line: [start, end), permissions, file offset, path ("" for anonymous memory). */
    record Mapping(long start, long end, String permissions, long offset, String path) {
        long length() {
            return end - start;
        }

        boolean contains(long address) {
            return Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address, end) < 0;
        }
    }

    static ProcessMappings read() {
        List<Mapping> list = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
                // start-end perms offset dev inode [path]
                String[] f = line.trim().split("\\s+", 6);
                if (f.length < 5) {
                    continue;
                }
                int dash = f[0].indexOf('-');
                list.add(new Mapping(Long.parseUnsignedLong(f[0], 0, dash, 16), Long.parseUnsignedLong(f[0], dash + 1, f[0].length(), 16),
                        f[1], Long.parseUnsignedLong(f[2], 16), f.length == 6 ? f[5] : ""));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/self/maps", e);
        }
        return new ProcessMappings(List.copyOf(list));
    }

    /** The mapping that starts exactly at {@code address}, or null. */
    Mapping startingAt(long address) {
        for (Mapping m : mappings) {
            if (m.start == address) {
                return m;
            }
        }
        return null;
    }

    /** The mapping holding {@code address}, or null. */
    Mapping containing(long address) {
        for (Mapping m : mappings) {
            if (m.contains(address)) {
                return m;
            }
        }
        return null;
    }
}
