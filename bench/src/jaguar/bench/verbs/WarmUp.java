package jaguar.bench.verbs;

import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;

import jaguar.mapping.CodeMappings;

/**
 * When a benchmark's unmeasured warm-up is over: after its time, and, when the VM runs with
 * {@code -Djaguar.mapping.strict=true}, only once a whole check period has run no code mapping's
 * Java body (so the measured part runs the JIT's templates, not the interpreter's bodies). Under
 * emulation Graal can take minutes to get there; a hard limit of four times the warm-up time ends
 * it regardless, and {@link #report} says how many Java bodies the measured part still ran. A
 * peer's count (the server's, carried in its replies) can gate the end too: both processes must
 * have gone a whole period without a Java body.
 */
final class WarmUp {
    private static final boolean COUNTING = Boolean.getBoolean("jaguar.mapping.strict");
    private static final long CHECK_PERIOD_NANOS = 2_000_000_000L;

    private final long start = System.nanoTime();
    private final long softEnd;
    private final long hardEnd;
    private long nextCheck;
    private final LongSupplier peerRuns;
    private long runsAtCheck = -1;
    private long peerRunsAtCheck = -1;
    private long peerRunsAtEnd = -1;
    private long runsAtEnd;
    private SortedMap<String, Long> byMethodAtEnd = new TreeMap<>();
    private long end;
    /** Whether the warm-up ended at its hard limit with Java bodies still running. */
    private boolean hitLimit;

    WarmUp(long warmupNanos) {
        this(warmupNanos, null);
    }

    /** {@code peerRuns}: the other process's Java-body count as last heard, or null. */
    WarmUp(long warmupNanos, LongSupplier peerRuns) {
        this.peerRuns = peerRuns;
        this.softEnd = start + warmupNanos;
        this.hardEnd = start + 4 * warmupNanos;
        this.nextCheck = softEnd;
    }

    /** True once the warm-up is over; call it once per iteration, it is cheap until a check is due. */
    boolean over() {
        if (end != 0) {
            return true;
        }
        long now = System.nanoTime();
        if (now < nextCheck) {
            return false;
        }
        long runs = CodeMappings.javaBodyRuns();
        long peer = peerRuns == null ? -1 : peerRuns.getAsLong();
        if (!COUNTING || runs == runsAtCheck && peer == peerRunsAtCheck || now >= hardEnd) {
            hitLimit = COUNTING && !(runs == runsAtCheck && peer == peerRunsAtCheck);
            end = now;
            runsAtEnd = runs;
            peerRunsAtEnd = peer;
            byMethodAtEnd = CodeMappings.javaBodyRunsByMethod();
            return true;
        }
        runsAtCheck = runs;
        peerRunsAtCheck = peer;
        nextCheck = now + CHECK_PERIOD_NANOS;
        return false;
    }

    /** The System.nanoTime at which {@link #over} first returned true. */
    long endNanos() {
        return end;
    }

    /** One line for the log: warm-up length and the Java-body runs since it ended (-1: not counted). */
    String report() {
        long measured = COUNTING ? CodeMappings.javaBodyRuns() - runsAtEnd : -1;
        return String.format("WARMUP %.1f s%s, java bodies before %d, during the measured part %d%s%s", (end - start) / 1e9,
                hitLimit ? " (limit)" : "", runsAtEnd, measured, measured > 0 ? " " + since(byMethodAtEnd) : "",
                peerRuns == null ? "" : ", peer's before " + peerRunsAtEnd);
    }

    /** Java-body runs per mapped method since {@code before}: the ones the JIT has not mapped. */
    static String since(SortedMap<String, Long> before) {
        StringBuilder out = new StringBuilder("(");
        CodeMappings.javaBodyRunsByMethod().forEach((method, runs) -> {
            long d = runs - before.getOrDefault(method, 0L);
            if (d > 0) {
                out.append(out.length() > 1 ? ", " : "").append(method).append(' ').append(d);
            }
        });
        return out.append(')').toString();
    }
}
