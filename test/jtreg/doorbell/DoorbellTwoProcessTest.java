/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary A doorbell in shared memory between two JVMs: one rings N times, the other polls,
 *          sees every value with its own handle (so the two words arrive in order) and clears.
 * @run main/othervm DoorbellTwoProcessTest
 * @run main/othervm -Xint DoorbellTwoProcessTest
 */

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jaguar.ext.Doorbell;
import jaguar.ext.SharedMemoryBuffer;

public class DoorbellTwoProcessTest {
    private static final int RINGS = 100_000;
    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(180);
    /** Where the poller reports how many rings it saw, next to the doorbell. */
    private static final long COUNT_OFFSET = Doorbell.SIZE;

    /** Differs for consecutive values, so a value paired with a stale handle shows. */
    static int handleFor(int value) {
        return value * 0x9E3779B9 + 17;
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("poller")) {
            System.exit(poll(args[1]));
        }
        String name = "jaguar-doorbell-" + ProcessHandle.current().pid();
        Process poller = null;
        SharedMemoryBuffer shm = SharedMemoryBuffer.create(name, 4096);
        try {
            poller = startPoller(name);
            Doorbell bell = Doorbell.at(shm, 0);
            long deadline = System.nanoTime() + TIMEOUT_NANOS;
            for (int i = 0; i < RINGS; i++) {
                awaitIdle(bell, poller, deadline, i);
                bell.ring(i + 1, handleFor(i + 1));
            }
            awaitIdle(bell, poller, deadline, RINGS);
            if (!poller.waitFor(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                throw new AssertionError("poller did not exit in time");
            }
            String out = new String(poller.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            System.out.print("poller: " + out);
            if (poller.exitValue() != 0) {
                throw new AssertionError("poller exit code " + poller.exitValue() + ": " + out);
            }
            int counted = shm.getIntAcquire(COUNT_OFFSET);
            if (counted != RINGS || !out.contains("received=" + RINGS)) {
                throw new AssertionError("rang " + RINGS + " times, poller counted " + counted + " and said: " + out);
            }
            System.out.println("rang " + RINGS + ", poller saw " + counted + " in order (" + System.getProperty("java.vm.info") + ")");
        } finally {
            if (poller != null && poller.isAlive()) {
                poller.destroyForcibly();
            }
            shm.unlink();
            shm.close();
        }
    }

    private static Process startPoller(String name) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (System.getProperty("java.vm.info", "").contains("interpreted mode")) {
            cmd.add("-Xint"); // both sides run the Java bodies in the -Xint variant
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), DoorbellTwoProcessTest.class.getName(), "poller", name));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    private static void awaitIdle(Doorbell bell, Process poller, long deadline, int rung) {
        for (long spins = 0; bell.isBusy(); spins++) {
            Thread.onSpinWait();
            if ((spins & 0xFFFF) == 0 && (!poller.isAlive() || System.nanoTime() > deadline)) {
                throw new AssertionError("after " + rung + " rings the doorbell stays busy: poller "
                                + (poller.isAlive() ? "timed out" : "exited with " + poller.exitValue()));
            }
        }
    }

    /** The other process: returns the exit code (0: every ring seen in order). */
    private static int poll(String name) throws IOException {
        try (SharedMemoryBuffer shm = SharedMemoryBuffer.open(name)) {
            Doorbell bell = Doorbell.at(shm, 0);
            long deadline = System.nanoTime() + TIMEOUT_NANOS;
            int seen = 0;
            for (long spins = 0; seen < RINGS; spins++) {
                int value = bell.value();
                if (value != 0) {
                    int handle = bell.handle();
                    if (value != seen + 1 || handle != handleFor(value)) {
                        System.out.println("ring " + (seen + 1) + ": value=" + value + " handle=" + handle + " expected handle="
                                        + handleFor(value));
                        return 2;
                    }
                    seen++;
                    bell.clear();
                } else if ((spins & 0xFFFF) == 0 && System.nanoTime() > deadline) {
                    System.out.println("timed out after received=" + seen);
                    return 3;
                }
            }
            shm.putIntRelease(COUNT_OFFSET, seen);
            System.out.println("received=" + seen);
            return 0;
        }
    }
}
