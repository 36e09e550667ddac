/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.reflex;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;

import jaguar.reflex.EventSpace;
import jaguar.reflex.EventTemplate;
import jaguar.reflex.OverrunPolicy;
import jaguar.reflex.ReflexRuntime;
import jaguar.reflex.ReflexTask;
import jaguar.reflex.Release;

/**
 * The Reflexes paper's predictability figures on Jaguar: one periodic task on a pinned
 * {@code SCHED_FIFO} scheduler beside an ordinary thread that makes the collector work.
 * <ul>
 * <li>Figures 8-9: a 50 µs period, each invocation a take and a write of the same event (the
 *     paper's), beside a noise thread that allocates as fast as it can.</li>
 * <li>Figure 11: a 100 µs period, each invocation reading what its input ring holds into its
 *     stable state, an ordinary thread filling the ring through an atomic method every 20 ms, and a
 *     noise thread allocating 2 MB/s.</li>
 * </ul>
 * Each missed period is attributed: to a safepoint or handshake of the JVM's own log
 * ({@code -Xlog:safepoint,handshake:file=F:tn}) that overlaps the release-to-end window, else to the
 * task's own run time if it ran longer than it started late and its thread was on a CPU for most
 * of the run, else to scheduling (the kernel or the hypervisor started the thread late, or took the
 * CPU from it, with the JVM not stopping it).
 *
 * <p>Usage: {@code PeriodicReflexRun key=value...}: cpu, period (µs), periods, warmup (periods not
 * counted), noise (hard, none, or bytes a second), live (1 KiB arrays the noise keeps reachable),
 * isolate (true: every other thread of this process moved off the task's CPU, as far as a machine
 * without isolated cores can go), caller (the CPU the atomic caller is pinned to; any: not pinned), atomic (ms between atomic calls, 0 none),
 * pauses (the -Xlog file), out (file prefix for the histogram and the misses), label. Prints one TSV
 * row with a header.
 */
public final class PeriodicReflexRun {
    private PeriodicReflexRun() {
    }

    /** The task: what it does, then its own record of the invocation. */
    static final class Periodic extends ReflexTask {
        static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
        static final EventTemplate<Counter> MINE = EventTemplate.of(Counter.class, c -> c.owner = 7);
        private final PeriodLog log;
        private final boolean events;
        Counter event;
        Feed feed;

        Periodic(PeriodLog log, boolean events) {
            super("periodic", 1, OverrunPolicy.SKIP, 4096, 0);
            this.log = log;
            this.events = events;
        }

        @Override
        protected void initialize() {
            feed = stable().allocate(Feed.class);
            stable().setRoot(feed);   // what the atomic method's copy finds
            event = stable().allocate(Counter.class);
            if (events) {
                event.owner = 7;
                writeNow(event);
            }
        }

        @Override
        protected void execute() {
            long started = System.nanoTime();
            long cpu0 = THREADS.getCurrentThreadCpuTime();
            if (events && take(MINE, event)) {
                event.value++;
                write(event);
            }
            Feed f = feed;
            while (f.read < f.written) {
                f.sum += f.slot(f.read);
                f.read++;
            }
            log.record(releaseTime(), started, System.nanoTime(), THREADS.getCurrentThreadCpuTime() - cpu0);
        }

        /** The caller's: bodies run by the atomic call in progress (one, unless it was aborted and run again). */
        private int attempts;

        /** The ordinary thread's atomic method: fills the ring with what the task has read room for; true if it aborted at least once. */
        boolean feed(long value) {
            attempts = 0;
            atomic(state -> {
                attempts++;
                Feed f = state.root(Feed.class);
                for (int i = 0; i < Feed.SLOTS && f.written - f.read < Feed.SLOTS; i++) {
                    f.slot(f.written, value + i);
                    f.written++;
                }
                return null;
            });
            return attempts > 1;
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new HashMap<>(Map.of("cpu", "1", "period", "50", "periods", "50000", "warmup", "4000", "noise", "hard", "atomic", "0",
                        "live", "10000", "isolate", "false", "caller", "any", "label", "run"));
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq < 0 || !o.containsKey(a.substring(0, eq)) && !a.startsWith("pauses=") && !a.startsWith("out=")) {
                throw new IllegalArgumentException("unknown argument " + a + ": use key=value with keys " + o.keySet() + ", pauses, out");
            }
            o.put(a.substring(0, eq), a.substring(eq + 1));
        }
        int cpu = Integer.parseInt(o.get("cpu"));
        long periodMicros = Long.parseLong(o.get("period"));
        int periods = Integer.parseInt(o.get("periods"));
        int warmup = Integer.parseInt(o.get("warmup"));
        long atomicMillis = Long.parseLong(o.get("atomic"));
        String noise = o.get("noise");
        boolean events = atomicMillis == 0;   // Figures 8-9 take and write an event; Figure 11 reads its ring

        PeriodLog log = new PeriodLog(warmup + periods);
        NoiseThread noiseThread = noise.equals("none") ? null : new NoiseThread(noise.equals("hard") ? 0 : Long.parseLong(noise),
                        Integer.parseInt(o.get("live")));
        if (noiseThread != null) {
            noiseThread.start();
        }
        long[] steal0 = ProcStat.steal(cpu);
        long atomicCalls = 0;
        long atomicCallsAborted = 0;
        Periodic task;
        String warnings;
        long sched0;
        long sched1;
        try (EventSpace space = EventSpace.create(16, 64); ReflexRuntime rt = ReflexRuntime.start("periodic", List.of(cpu), ReflexRuntime.DEFAULT_PRIORITY, space)) {
            warnings = String.join("; ", rt.warnings());
            task = rt.add(new Periodic(log, events), Release.periodicMicros(periodMicros));
            if (Boolean.parseBoolean(o.get("isolate"))) {
                ProcStat.moveOtherThreadsOff(cpu, "periodic");
            }
            if (!o.get("caller").equals("any")) {
                jaguar.sched.CpuAffinity.pin(Integer.parseInt(o.get("caller")));
            }
            sched0 = ProcStat.nonvoluntarySwitches("periodic");
            long nextCall = System.nanoTime();
            while (!log.full()) {
                if (atomicMillis > 0) {
                    atomicCallsAborted += task.feed(atomicCalls * Feed.SLOTS) ? 1 : 0;
                    atomicCalls++;
                    nextCall += atomicMillis * 1_000_000;
                    long wait = nextCall - System.nanoTime();
                    if (wait > 0) {
                        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                    }
                } else {
                    Thread.sleep(20);
                }
            }
            sched1 = ProcStat.nonvoluntarySwitches("periodic");
        }
        long[] steal1 = ProcStat.steal(cpu);
        if (noiseThread != null) {
            noiseThread.finish();
        }
        PauseLog pauses = o.containsKey("pauses") ? PauseLog.read(Path.of(o.get("pauses"))) : null;
        report(o, task, log, warmup, periodMicros * 1000, pauses, atomicCalls, atomicCallsAborted, steal1[0] - steal0[0], steal1[1] - steal0[1], sched1 - sched0,
                        noiseThread == null ? 0 : noiseThread.allocated, warnings);
    }

    private static void report(Map<String, String> o, Periodic task, PeriodLog log, int warmup, long period, PauseLog pauses, long atomicCalls,
                    long atomicCallsAborted, long stealAllTicks, long stealCpuTicks, long preempted, long noiseBytes, String warnings) throws IOException {
        Histogram interArrival = new Histogram(1_000_000_000L, 3);
        Map<String, Integer> causes = new TreeMap<>(Map.of("safepoint", 0, "handshake", 0, "run time", 0, "scheduling", 0));
        long missedPeriods = 0;
        long worstPast = 0;
        String out = o.get("out");
        PrintWriter misses = out == null ? null : new PrintWriter(Files.newBufferedWriter(Path.of(out + ".misses.tsv")));
        if (misses != null) {
            misses.println("invocation\trelease_us\tlateness_us\trun_us\trun_cpu_us\tpast_deadline_us\tperiods_missed\tcause\tpause\tpause_us");
        }
        long first = log.release[warmup];
        for (int k = warmup; k < log.count; k++) {
            if (k > warmup) {
                interArrival.recordValue(log.start[k] - log.start[k - 1]);
            }
            long deadline = log.release[k] + period;
            // The releases skipped before the next invocation's were missed too (SKIP): each period
            // with no invocation that ended by its deadline counts once.
            long nextRelease = k + 1 < log.count ? log.release[k + 1] : deadline;
            long skipped = Math.max(0, (nextRelease - deadline) / period);
            boolean late = log.end[k] > deadline;
            long missed = (late ? 1 : 0) + skipped;
            if (missed == 0) {
                continue;
            }
            missedPeriods += missed;
            worstPast = Math.max(worstPast, log.end[k] - deadline);
            PauseLog.Pause p = pauses == null ? null : pauses.overlapping(log.release[k], Math.max(log.end[k], deadline));
            long lateness = log.start[k] - log.release[k];
            long run = log.end[k] - log.start[k];
            // A run that took longer than its thread was on a CPU was descheduled: scheduling too.
            String cause = p != null ? p.kind() : run > lateness && log.cpu[k] * 2 > run ? "run time" : "scheduling";
            causes.merge(cause, (int) missed, Integer::sum);
            if (misses != null) {
                misses.printf("%d\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%d\t%s\t%s\t%.1f%n", k - warmup, (log.release[k] - first) / 1e3, lateness / 1e3, run / 1e3, log.cpu[k] / 1e3,
                                (log.end[k] - deadline) / 1e3, missed, cause, p == null ? "" : p.name(), p == null ? 0.0 : (p.end() - p.start()) / 1e3);
            }
        }
        if (misses != null) {
            misses.close();
            try (PrintWriter h = new PrintWriter(Files.newBufferedWriter(Path.of(out + ".interarrival.tsv")))) {
                h.println("interarrival_us\tcount");
                for (var v : interArrival.linearBucketValues(1000)) {
                    if (v.getCountAddedInThisIterationStep() > 0) {
                        h.printf("%d\t%d%n", v.getValueIteratedTo() / 1000, v.getCountAddedInThisIterationStep());
                    }
                }
            }
        }
        int periods = log.count - warmup;
        long last = log.end[log.count - 1];
        long[] sp = pauses == null ? new long[2] : pauses.countAndLongest("safepoint", first, last);
        long[] hs = pauses == null ? new long[2] : pauses.countAndLongest("handshake", first, last);
        var c = task.counters();
        System.out.println("label\tgc\tperiod_us\tperiods\tmissed\tmiss_pct\tia_min_us\tia_p50_us\tia_p99_us\tia_p9999_us\tia_max_us\tworst_past_us\t"
                        + "by_safepoint\tby_handshake\tby_run\tby_scheduling\tsafepoints\tlongest_safepoint_us\thandshakes\tlongest_handshake_us\t"
                        + "atomic_calls\tatomic_calls_aborted\tatomic_conflicts\tworst_lockout_us\tworst_run_us\tsteal_ms_all\tsteal_ms_cpu\tpreempted\tnoise_mb\twarnings");
        System.out.printf("%s\t%s\t%d\t%d\t%d\t%.4f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%d\t%d\t%d\t%d\t%d\t%.1f\t%d\t%.1f\t%d\t%d\t%d\t%.1f\t%.1f\t%d\t%d\t%d\t%d\t%s%n",
                        o.get("label"), gcName(), period / 1000, periods, missedPeriods, 100.0 * missedPeriods / periods,
                        interArrival.getMinValue() / 1e3, interArrival.getValueAtPercentile(50) / 1e3, interArrival.getValueAtPercentile(99) / 1e3,
                        interArrival.getValueAtPercentile(99.99) / 1e3, interArrival.getMaxValue() / 1e3, worstPast / 1e3, causes.get("safepoint"),
                        causes.get("handshake"), causes.get("run time"), causes.get("scheduling"), sp[0], sp[1] / 1e3, hs[0], hs[1] / 1e3, atomicCalls, atomicCallsAborted,
                        c.atomicConflicts(), c.worstLockoutNanos() / 1e3, c.worstRunNanos() / 1e3, stealAllTicks * 10, stealCpuTicks * 10, preempted,
                        noiseBytes >> 20, warnings.isEmpty() ? "-" : warnings);
    }

    private static String gcName() {
        for (var gc : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            String n = gc.getName();
            if (n.startsWith("G1")) {
                return "G1";
            }
            if (n.startsWith("ZGC")) {
                return "ZGC";
            }
        }
        return java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().get(0).getName();
    }
}
