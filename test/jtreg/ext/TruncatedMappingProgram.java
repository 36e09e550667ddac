/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.MappedFileBuffer;
import jaguar.ext.MappingMode;

/**
 * Maps a file, warms reading loops over it (indexed and byte-offset accessors) until the JIT
 * has compiled them, truncates the file under the mapping, and reads again: each read must end in
 * an exception, never a crash. Prints one line per loop.
 */
public final class TruncatedMappingProgram {
    static long sumIndexed(ExternalBuffer b) {
        long s = 0;
        for (int i = 0; i < 1024; i++) {
            s += b.getIntAtIndex(i);
        }
        return s;
    }

    static long sumOffsets(ExternalBuffer b) {
        long s = 0;
        for (long o = 0; o < 4096; o += 8) {
            s += b.getLong(o, ByteOrder.LITTLE_ENDIAN);
        }
        return s;
    }

    /** args[0]: warming rounds (100,000 unless given: the interpreter, with nothing to warm, is given a few). */
    public static void main(String[] args) throws IOException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        Path file = Path.of("truncated.bin");
        Files.write(file, new byte[8192]);
        try (MappedFileBuffer b = MappedFileBuffer.map(file, MappingMode.READ_ONLY, 0, 4096)) {
            long warm = 0;
            for (int k = 0; k < rounds; k++) {
                warm += sumIndexed(b) + sumOffsets(b);
            }
            System.out.println("warm " + warm);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(0);
            }
            report("indexed", () -> sumIndexed(b));
            report("offsets", () -> sumOffsets(b));
        }
    }

    interface Read {
        long run();
    }

    static void report(String what, Read r) {
        try {
            System.out.println(what + ": read " + r.run() + " from a truncated file");
        } catch (Throwable t) {
            System.out.println(what + ": threw " + t.getClass().getName() + ": " + t.getMessage());
        }
    }
}
