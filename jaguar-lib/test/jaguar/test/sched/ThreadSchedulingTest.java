/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import jaguar.sched.CpuAffinity;
import jaguar.sched.DeadlineTimer;
import jaguar.sched.RealtimePriority;
import jaguar.sched.ThreadNice;
import jaguar.sched.TimerSlack;

/**
 * A thread's CPUs, scheduling class and deadline sleeps, each checked against what the kernel
 * says of the thread in /proc, not only against this library's own getters.
 */
class ThreadSchedulingTest {
    /** Runs {@code body} on a thread of its own (what it changes dies with it) and rethrows what it threw. */
    private static void onOwnThread(ThrowingRunnable body) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.join(TimeUnit.SECONDS.toMillis(30));
        if (failure.get() instanceof Exception e) {
            throw e;
        }
        if (failure.get() instanceof Error e) {
            throw e;
        }
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** The fields of /proc/self/task/TID/stat after the command's closing parenthesis, numbered as proc(5) numbers them from 3. */
    private static String statField(int tid, int field) throws Exception {
        String stat = Files.readString(Path.of("/proc/self/task/" + tid + "/stat"));
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return after[field - 3];
    }

    private static String statusLine(int tid, String key) throws Exception {
        return Files.readAllLines(Path.of("/proc/self/task/" + tid + "/status")).stream().filter(l -> l.startsWith(key + ":"))
                        .map(l -> l.substring(key.length() + 1).strip()).findFirst().orElseThrow();
    }

    private static boolean root() throws Exception {
        return statusLine(ThreadNice.tid(), "Uid").split("\\s+")[1].equals("0");
    }

    @Test
    void aPinnedThreadRunsOnItsCpuOnly() throws Exception {
        BitSet all = CpuAffinity.current();
        int cpu = all.length() - 1;   // the highest this process may use: not always CPU 0
        onOwnThread(() -> {
            CpuAffinity.pin(cpu);
            BitSet one = new BitSet();
            one.set(cpu);
            assertEquals(one, CpuAffinity.current());
            assertEquals(Integer.toString(cpu), statusLine(ThreadNice.tid(), "Cpus_allowed_list"), "what the kernel says of the thread");
            assertEquals(cpu, Integer.parseInt(statField(ThreadNice.tid(), 39)), "the CPU it last ran on");
        });
        assertEquals(all, CpuAffinity.current(), "another thread's pin leaves this one as it was");
    }

    @Test
    void aCpuTheThreadCannotHaveIsAClearError() throws Exception {
        int past = Runtime.getRuntime().availableProcessors() + 8;
        onOwnThread(() -> {
            BitSet before = CpuAffinity.current();
            var offline = assertThrows(IllegalArgumentException.class, () -> CpuAffinity.pin(past));
            assertTrue(offline.getMessage().contains("none of them is online and in this process's cpuset"), offline.getMessage());
            var huge = assertThrows(IllegalArgumentException.class, () -> CpuAffinity.pin(5000));
            assertTrue(huge.getMessage().contains("CPUs 0-1023"), huge.getMessage());
            assertThrows(IllegalArgumentException.class, () -> CpuAffinity.set(new BitSet()));
            assertEquals(before, CpuAffinity.current(), "a refused pin changes nothing");
        });
    }

    @Test
    void fifoIsSetAndUndoneOrRefusedSayingWhy() throws Exception {
        onOwnThread(() -> {
            int tid = ThreadNice.tid();
            assertEquals(0, RealtimePriority.fifoPriority());
            assumeTrue(root(), "SCHED_FIFO needs root here (CAP_SYS_NICE); the refusal is checked by the next test");
            RealtimePriority.setFifo(10);
            assertEquals(10, RealtimePriority.fifoPriority());
            assertEquals("1", statField(tid, 41), "the kernel's policy: SCHED_FIFO");
            assertEquals("10", statField(tid, 40), "the kernel's rt_priority");
            RealtimePriority.setNormal();
            assertEquals(0, RealtimePriority.fifoPriority());
            assertEquals("0", statField(tid, 41));
            assertThrows(IllegalArgumentException.class, () -> RealtimePriority.setFifo(100));
        });
    }

    /** Without CAP_SYS_NICE and with RLIMIT_RTPRIO 0, as a process started by anyone but root runs: refused, and the message says what is missing. */
    @Test
    void fifoWithoutThePrivilegeIsRefusedSayingWhatIsMissing() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        String classes = Path.of(FifoProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> command = new java.util.ArrayList<>(List.of("prlimit", "--rtprio=0:0"));
        if (root()) {
            command.addAll(List.of("setpriv", "--inh-caps=-sys_nice", "--bounding-set=-sys_nice"));   // root as anyone else
        }
        command.addAll(List.of(java, "-cp", classes, FifoProbe.class.getName()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("refused: thread ") && out.contains("may not run SCHED_FIFO at priority 10")
                        && out.contains("RLIMIT_RTPRIO of at least 10 (this process's is 0"), out);
        assertTrue(out.contains("priority after: 0"), out);
    }

    /** Run by the test above in a process without the privilege. */
    public static final class FifoProbe {
        public static void main(String[] args) {
            try {
                RealtimePriority.setFifo(10);
                System.out.println("set");
            } catch (SecurityException e) {
                System.out.println("refused: " + e.getMessage());
            }
            System.out.println("priority after: " + RealtimePriority.fifoPriority());
        }
    }

    @Test
    void deadlineSleepsWakeAtOrAfterTheirDeadlinesOnSystemNanoTimesClock() throws Exception {
        long a = System.nanoTime();
        long kernel = DeadlineTimer.monotonicNanos();
        long b = System.nanoTime();
        assertTrue(a <= kernel && kernel <= b, "System.nanoTime and CLOCK_MONOTONIC are one clock: " + a + " <= " + kernel + " <= " + b);
        DeadlineTimer timer = new DeadlineTimer();
        long start = System.nanoTime();
        long period = TimeUnit.MICROSECONDS.toNanos(500);
        for (int k = 1; k <= 100; k++) {
            long deadline = start + k * period;
            timer.sleepUntil(deadline);
            long woke = System.nanoTime();
            assertTrue(woke >= deadline, "release " + k + " woke " + (deadline - woke) + " ns before its deadline");
        }
        long past = System.nanoTime() - 1_000_000;
        timer.sleepUntil(past);   // at once
    }

    @Test
    void aWakeEndsAnAwaitAndIsNeverLostAndTheDeadlineEndsItOtherwise() throws Exception {
        DeadlineTimer timer = new DeadlineTimer();
        long far = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        int seen = timer.wakes();
        Thread waker = Thread.ofPlatform().start(() -> {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
            timer.wake();
        });
        assertTrue(timer.awaitUntil(seen, far), "woken");
        assertTrue(System.nanoTime() < far);
        waker.join();
        seen = timer.wakes();
        timer.wake();   // before the sleep: it must still end it
        assertTrue(timer.awaitUntil(seen, far), "a wake between reading the count and sleeping is not lost");
        assertTrue(System.nanoTime() < far);
        long near = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(3);
        assertTrue(!timer.awaitUntil(timer.wakes(), near), "not woken: the deadline ends it");
        assertTrue(System.nanoTime() >= near);
    }

    @Test
    void timerSlackIsTheThreadsOwn() throws Exception {
        onOwnThread(() -> {
            TimerSlack.set(1);
            assertEquals(1, TimerSlack.current());
        });
        assertEquals(50_000, TimerSlack.current(), "this thread keeps the default");
        assertThrows(IllegalArgumentException.class, () -> TimerSlack.set(0));
    }

    @Test
    void anInterruptedSleeperSaysSo() throws Exception {
        onOwnThread(() -> {
            Thread.currentThread().interrupt();
            assertThrows(InterruptedException.class, () -> new DeadlineTimer().sleepUntil(System.nanoTime() + TimeUnit.SECONDS.toNanos(10)));
        });
    }

    @Test
    void aDeadlineSleepAllocatesNothing() throws Exception {
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        DeadlineTimer timer = new DeadlineTimer();
        long past = System.nanoTime();
        for (int i = 0; i < 50_000; i++) {
            timer.sleepUntil(past);   // warm-up: compiled
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 100_000; i++) {
            timer.sleepUntil(past);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        // The smallest object is 16 bytes: fewer than one per hundred sleeps is none per sleep (a few
        // hundred bytes once, as compiled code replaces the interpreter's, are not the sleep's).
        assertTrue(allocated < 100_000 / 100 * 16, "100,000 sleeps allocated " + allocated + " bytes");
    }
}
