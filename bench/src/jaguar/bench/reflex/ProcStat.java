/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.reflex;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the kernel says about CPUs and threads: steal time (the hypervisor ran someone else) and preemptions. */
final class ProcStat {
    private ProcStat() {
    }

    /** Steal ticks (USER_HZ, 10 ms) of all CPUs and of {@code cpu}. */
    static long[] steal(int cpu) throws IOException {
        long all = 0;
        long one = 0;
        for (String line : Files.readAllLines(Path.of("/proc/stat"))) {
            String[] f = line.split("\\s+");
            if (f[0].equals("cpu")) {
                all = Long.parseLong(f[8]);
            } else if (f[0].equals("cpu" + cpu)) {
                one = Long.parseLong(f[8]);
            }
        }
        return new long[] { all, one };
    }

    /** Involuntary context switches of this process's thread named {@code prefix}* (the kernel preempted it); -1 if none is. */
    static long nonvoluntarySwitches(String prefix) throws IOException {
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                String comm = Files.readString(t.resolve("comm")).strip();
                if (comm.startsWith(prefix)) {
                    for (String line : Files.readAllLines(t.resolve("status"))) {
                        if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                            return Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
                        }
                    }
                }
            }
        }
        return -1;
    }

    /**
     * Moves every thread of this process but the one named {@code keep}* off {@code cpu} (threads
     * they start inherit it): the process's half of an isolated core. The kernel's own threads and
     * interrupts stay where they are; isolcpus and irqaffinity move those on a machine that has them.
     */
    static void moveOtherThreadsOff(int cpu, String keep) throws IOException, InterruptedException {
        int cpus = Runtime.getRuntime().availableProcessors();
        StringBuilder others = new StringBuilder();
        for (int c = 0; c < cpus; c++) {
            if (c != cpu) {
                others.append(others.isEmpty() ? "" : ",").append(c);
            }
        }
        if (others.isEmpty()) {
            throw new IllegalArgumentException("isolate: this process may use only CPU " + cpu + ", so nothing can move off it");
        }
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                if (Files.readString(t.resolve("comm")).strip().startsWith(keep)) {
                    continue;
                }
                Process p = new ProcessBuilder("taskset", "-p", "-c", others.toString(), t.getFileName().toString()).redirectErrorStream(true).start();
                String said = new String(p.getInputStream().readAllBytes());
                if (p.waitFor() != 0 && Files.exists(t)) {
                    throw new IllegalStateException("taskset could not move thread " + t.getFileName() + " off CPU " + cpu + ": " + said.strip());
                }
            }
        }
    }
}
