/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The Linux x86-64 system calls a {@code syscall} template may make: those that cannot block.
 * The JITs emit a template's {@code syscall} inline with the thread still in Java state (no
 * transition, as a critical FFM downcall), so a call that sleeps would hold up every safepoint,
 * and with it every thread of the VM. Calls that may block (I/O, waits, memory mapping) go
 * through FFM's {@code Linker}, which leaves the thread in native state (doc/code-mappings.md).
 */
public final class NonBlockingSyscalls {
    /** Number to name: calls that only read or set the calling thread's or process's own state. */
    private static final Map<Long, String> ALLOWED = new TreeMap<>(Map.ofEntries(
                    Map.entry(24L, "sched_yield"),
                    Map.entry(39L, "getpid"),
                    Map.entry(63L, "uname"),
                    Map.entry(96L, "gettimeofday"),
                    Map.entry(98L, "getrusage"),
                    Map.entry(99L, "sysinfo"),
                    Map.entry(102L, "getuid"),
                    Map.entry(104L, "getgid"),
                    Map.entry(107L, "geteuid"),
                    Map.entry(108L, "getegid"),
                    Map.entry(110L, "getppid"),
                    Map.entry(140L, "getpriority"),
                    Map.entry(143L, "sched_getparam"),
                    Map.entry(145L, "sched_getscheduler"),
                    Map.entry(186L, "gettid"),
                    Map.entry(201L, "time"),
                    Map.entry(228L, "clock_gettime"),
                    Map.entry(229L, "clock_getres"),
                    Map.entry(309L, "getcpu")));

    private NonBlockingSyscalls() {
    }

    /**
     * Whether a template may make system call {@code number}.
     *
     * @param number a Linux x86-64 system call number ({@code 39} is {@code getpid})
     * @return {@code true} if the call is on the list of calls that cannot block
     */
    public static boolean allows(long number) {
        return ALLOWED.containsKey(number);
    }

    /**
     * The allowed calls, as {@code 39 (getpid), 186 (gettid), ...}.
     *
     * @return every allowed call as number and name, in increasing number order, for error messages
     */
    public static String describe() {
        return ALLOWED.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + ")").collect(Collectors.joining(", "));
    }
}
