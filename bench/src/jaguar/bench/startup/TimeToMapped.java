/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.startup;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;

/**
 * A new user's first hot loop of mapped calls, from JVM start: the user's own mappings (this
 * class, never registered by hand) in a loop that starts at once. Needs
 * -Djaguar.mapping.strict=true, which counts Java-body runs. Prints one line: milliseconds from
 * the process's start until the loop's calls ran as templates (the first moment after which a
 * 100 ms window ran no Java body), and the time main started.
 */
public final class TimeToMapped {
    private static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
    private static final int N = 1024;
    private static final long LIMIT_MS = 60_000;

    private TimeToMapped() {
    }

    @CodeMapping("v = load.i32 [$0 + $1]; return v")
    static int get(long base, long offset) {
        CodeMappings.enterJavaBody("TimeToMapped.get");
        return ALL.get(ValueLayout.JAVA_INT_UNALIGNED, base + offset);
    }

    @CodeMapping("store.i32 [$0 + $1], $2")
    static void put(long base, long offset, int v) {
        CodeMappings.enterJavaBody("TimeToMapped.put");
        ALL.set(ValueLayout.JAVA_INT_UNALIGNED, base + offset, v);
    }

    static int round(long base, int seed) {
        int sum = 0;
        for (int i = 0; i < N; i++) {
            put(base, 4L * i, seed + i);
            sum += get(base, 4L * i);
        }
        return sum;
    }

    public static void main(String[] args) {
        long start = ProcessHandle.current().info().startInstant().orElseThrow().toEpochMilli();
        long mainAt = System.currentTimeMillis() - start;
        try (Arena arena = Arena.ofConfined()) {
            long base = arena.allocate(4L * N, 8).address();
            long quietSince = -1;
            long lastRuns = -1;
            int sink = 0;
            for (int seed = 0; ; seed++) {
                sink += round(base, seed);
                if ((seed & 15) != 0) {
                    continue;
                }
                long now = System.currentTimeMillis() - start;
                long runs = CodeMappings.javaBodyRuns();
                if (runs != lastRuns) {
                    lastRuns = runs;
                    quietSince = now;
                } else if (now - quietSince >= 100) {
                    System.out.println("mapped_ms " + quietSince + " main_ms " + mainAt + " sink " + (sink & 1));
                    return;
                }
                if (now > LIMIT_MS) {
                    System.out.println("mapped_ms never main_ms " + mainAt);
                    return;
                }
            }
        }
    }
}
