/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

import jaguar.pso.FilePSOBuffer;
import jaguar.pso.PSOArray;
import jaguar.pso.PSOContainer;
import jaguar.pso.PSOIntArray;

/**
 * Writes Figure 10's input: a PSO container file holding one PSOIntArray (the root) of random
 * ints, so the ints start at byte 32 + 16 = 48 and the element count is the u32 at byte 40
 * (little-endian, like the ints). Every reader of the file-scan suite reads this format. Writes
 * the maximum, the scan's answer, to PATH.max.
 * Usage: MakeIntFile PATH INTS SEED (run on build/jdk).
 */
public final class MakeIntFile {
    private MakeIntFile() {
    }

    public static void main(String[] args) throws IOException {
        Path path = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        SplittableRandom random = new SplittableRandom(Long.parseLong(args[2]));
        long capacity = PSOContainer.HEADER_SIZE + PSOArray.DATA_OFFSET + 4L * n;
        int max = Integer.MIN_VALUE;
        try (FilePSOBuffer f = FilePSOBuffer.create(path, capacity)) {
            PSOIntArray a = PSOIntArray.allocate(f, n);
            f.setRoot(a);
            int[] chunk = new int[1 << 16];
            for (int i = 0; i < n; i += chunk.length) {
                int count = Math.min(chunk.length, n - i);
                for (int k = 0; k < count; k++) {
                    chunk[k] = random.nextInt();
                    max = Math.max(max, chunk[k]);
                }
                a.copyFrom(chunk, 0, i, count);
            }
            f.flush();
        }
        Files.writeString(Path.of(args[0] + ".max"), max + "\n");
    }
}
