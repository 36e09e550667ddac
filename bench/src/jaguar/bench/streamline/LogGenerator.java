/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.streamline;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * A log for the pipelines-against-the-shell benchmark: LogGenerator FILE BYTES writes lines of a
 * server's log (time, level, worker, words of a message) until the file holds BYTES, the same
 * bytes for the same arguments.
 */
public final class LogGenerator {
    private static final String[] LEVELS = {"DEBUG", "DEBUG", "DEBUG", "INFO", "INFO", "WARN", "ERROR"};
    private static final String[] WORDS = ("request served from cache in worker pool after retry timeout connection reset by peer user session "
                    + "opened closed token refresh database query slow index rebuilt queue drained backlog grew memory pressure "
                    + "compaction started finished file written read rotated socket accepted refused handshake failed ok").split(" ");

    private LogGenerator() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        long bytes = Long.parseLong(args[1]);
        SplittableRandom r = new SplittableRandom(7);
        StringBuilder line = new StringBuilder(200);
        long written = 0;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            for (long n = 0; written < bytes; n++) {
                line.setLength(0);
                long s = n / 50;
                line.append("2026-12-01T").append(two(s / 3600 % 24)).append(':').append(two(s / 60 % 60)).append(':').append(two(s % 60)).append(' ');
                line.append(LEVELS[r.nextInt(LEVELS.length)]).append(" worker-").append(r.nextInt(16)).append(" request ").append(r.nextInt(100_000));
                int words = 4 + r.nextInt(12);
                for (int w = 0; w < words; w++) {
                    line.append(' ').append(WORDS[r.nextInt(WORDS.length)]);
                }
                line.append(" took ").append(r.nextInt(2000)).append(" ms\n");
                byte[] b = line.toString().getBytes(StandardCharsets.US_ASCII);
                out.write(b);
                written += b.length;
            }
        }
    }

    private static String two(long v) {
        return v < 10 ? "0" + v : Long.toString(v);
    }
}
