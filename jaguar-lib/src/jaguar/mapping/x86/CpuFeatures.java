/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.x86;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/** The running CPU's feature flags, as Linux reports them in /proc/cpuinfo (read once). */
final class CpuFeatures {
    private static final Path CPUINFO = Path.of("/proc/cpuinfo");
    private static volatile Set<String> flags;

    private CpuFeatures() {
    }

    /** Whether the CPU has {@code flag} (e.g. "popcnt"); false when /proc/cpuinfo cannot be read. */
    static boolean has(String flag) {
        Set<String> f = flags;
        if (f == null) {
            f = read();
            flags = f;
        }
        return f.contains(flag);
    }

    private static Set<String> read() {
        try {
            for (String line : Files.readAllLines(CPUINFO)) {
                if (line.startsWith("flags")) {
                    return Set.of(line.substring(line.indexOf(':') + 1).trim().split("\\s+"));
                }
            }
        } catch (IOException | SecurityException e) {
            // no flags: every instruction that needs one is refused, saying which
        }
        return Set.of();
    }
}
