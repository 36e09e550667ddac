package jaguar.bench.verbs;

import jaguar.memory.NativeMemory;

/**
 * Prints {@code TSC_MHZ <rate>}: the time-stamp counter's ticks per microsecond, measured against
 * System.nanoTime over two seconds, as a check that the guest's counter keeps time (it does:
 * bench/results/raw/verbs-clock-check.txt); both sides' latencies are TSC cycles per round trip.
 * Needs --add-exports jaguar.lib/jaguar.memory=ALL-UNNAMED.
 */
public final class TscRate {
    private TscRate() {
    }

    /** {@code busy}: spin for the two seconds instead of sleeping. */
    public static void main(String[] args) throws InterruptedException {
        boolean busy = args.length > 0 && args[0].equals("busy");
        // The first read links the counter's stub (seconds under emulation): not inside the timed span,
        // where it once made the guest's counter look like it ran at half speed, or stood still.
        NativeMemory.timestampCounter();
        System.nanoTime();
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
