package jaguar.bench.verbs;

import jaguar.memory.NativeMemory;

/**
 * Prints {@code TSC_MHZ <rate>}: the time-stamp counter's ticks per microsecond, measured against
 * System.nanoTime over two seconds. perftest's -C reports latency in TSC cycles (its own
 * cycles-to-microseconds conversion reads "cpu MHz", which the emulated guest does not give
 * usefully); bench/tools/verbs-perf.sh converts with this rate, measured in the same guest.
 * Needs --add-exports jaguar.lib/jaguar.memory=ALL-UNNAMED.
 */
public final class TscRate {
    private TscRate() {
    }

    /** {@code busy}: spin for the two seconds instead of sleeping (under emulation the rates may differ). */
    public static void main(String[] args) throws InterruptedException {
        boolean busy = args.length > 0 && args[0].equals("busy");
        long t0 = System.nanoTime();
        long c0 = NativeMemory.timestampCounter();
        if (busy) {
            while (System.nanoTime() - t0 < 2_000_000_000L) {
                Thread.onSpinWait();
            }
        } else {
            Thread.sleep(2000);
        }
        long c1 = NativeMemory.timestampCounter();
        long t1 = System.nanoTime();
        System.out.printf("TSC_MHZ %.3f%n", (c1 - c0) * 1e3 / (t1 - t0));
    }
}
