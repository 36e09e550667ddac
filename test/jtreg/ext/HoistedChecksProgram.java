import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;
import jaguar.test.Warmup;

/**
 * Indexed loops nested in an outer loop, the shape of JMH's measurement stub once it inlines a
 * benchmark: the outer loop is tiny, so Graal does not peel the inner one (a loop larger than half
 * its parent is never peeled), and a check leaves the inner loop only if its guard can float.
 * HoistedChecksTest reads the compiled code of sumNested and fillNested.
 */
public final class HoistedChecksProgram {
    static final int INTS = 4096;

    /** The outer loop's exit: a volatile, as JMH's isDone, so the outer loop is not counted. */
    static final class Flag {
        volatile int left;
    }

    static int sum(ExternalBuffer b) {
        int sum = 0;
        for (int i = 0; i < INTS; i++) {
            sum += b.getIntAtIndex(i);
        }
        return sum;
    }

    static void fill(ExternalBuffer b, int v) {
        for (int i = 0; i < INTS; i++) {
            b.putIntAtIndex(i, v);
        }
    }

    /** Compiled on its own (kept out of line by the test): sum() is inlined into its loop. */
    static long sumNested(ExternalBuffer b, Flag f) {
        long total = 0;
        f.left = 4;
        do {
            total += sum(b);
        } while (--f.left > 0);
        return total;
    }

    static long fillNested(ExternalBuffer b, Flag f, int v) {
        long rounds = 0;
        f.left = 4;
        do {
            fill(b, v);
            rounds++;
        } while (--f.left > 0);
        return rounds;
    }

    public static void main(String[] args) {
        try (ExternalBuffer confined = OffHeapBuffer.allocate(4L * INTS); ExternalBuffer shared = OffHeapBuffer.allocateShared(4L * INTS)) {
            Flag f = new Flag();
            long[] sink = {0};
            // Both kinds pass through the accessors, as in the access benchmarks' set-up.
            Warmup.untilMapped(() -> {
                for (int k = 0; k < 50; k++) {
                    sink[0] += fillNested(confined, f, k) + sumNested(confined, f);
                    sink[0] += fillNested(shared, f, k) + sumNested(shared, f);
                }
            }, 240);
            System.out.println("mapped " + sink[0]);
            // A quiet round can come from sum() and fill() compiled on their own: go on until
            // Graal has also compiled both nested methods, which is when it dumps their code.
            Path dumps = Path.of(System.getProperty("jdk.graal.DumpPath"));
            long deadline = System.nanoTime() + 200_000_000_000L;
            while (!(dumped(dumps, "sumNested") && dumped(dumps, "fillNested"))) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("Graal did not compile sumNested and fillNested within 200 s");
                }
                for (int k = 0; k < 50; k++) {
                    sink[0] += fillNested(confined, f, k) + sumNested(confined, f);
                }
            }
            // Graal writes the code dump after installing the code, on its own thread.
            try {
                Thread.sleep(3000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.out.println("compiled " + sink[0]);
        }
    }

    static boolean dumped(Path dir, String method) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.anyMatch(p -> p.getFileName().toString().contains("." + method + "("));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
