/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import jaguar.ext.MappingMode;
import jaguar.pso.FilePSOBuffer;
import jaguar.pso.PSOIntArray;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Figure 10: the maximum of a file of random ints (MakeIntFile's format: a PSO container whose root
 * is a PSOIntArray). Each operation opens the file, scans every int and closes it, as the thesis's
 * programs did; {@code psoArrayMapped} scans a file mapped once, to separate the open/map cost.
 * The streams read the count at byte 40 and the ints from byte 48, little-endian. The file is
 * build/bench/filescan/ints-SIZE.pso; the page cache is warm (every operation reads the same file).
 * Jaguar only (FilePSOBuffer is in jaguar.lib). ms per scan; bench/native/filescan.c is C.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class FileScan {
    @Param({"1m"})
    public String size;

    private Path path;
    private int expected;
    private int last;
    private FilePSOBuffer mapped;
    private PSOIntArray mappedArray;

    @Setup(Level.Trial)
    public void open() throws IOException {
        path = Path.of(System.getProperty("jaguar.bench.filescan.dir", "build/bench/filescan"), "ints-" + size + ".pso");
        expected = Integer.parseInt(Files.readString(Path.of(path + ".max")).trim());
        last = expected;
        mapped = FilePSOBuffer.open(path, MappingMode.READ_ONLY);
        mappedArray = mapped.root(PSOIntArray.class);
    }

    @TearDown(Level.Iteration)
    public void check() {
        if (last != expected) {
            throw new IllegalStateException("scan of " + path + " found " + last + ", not " + expected);
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        mapped.close();
    }

    /** DataInputStream on an unbuffered FileInputStream: four read() calls per int. */
    @Benchmark
    public int dataInputStream() throws IOException {
        try (InputStream in = new FileInputStream(path.toFile())) {
            return last = scan(new DataInputStream(in));
        }
    }

    /** DataInputStream on a BufferedInputStream (8 KiB). */
    @Benchmark
    public int dataInputStreamBuffered() throws IOException {
        try (InputStream in = new BufferedInputStream(new FileInputStream(path.toFile()))) {
            return last = scan(new DataInputStream(in));
        }
    }

    /** PSOIntArray over FilePSOBuffer (mmap, confined: unmapped at close as C's munmap): open, map the root array, scan, unmap. */
    @Benchmark
    public int psoArray() throws IOException {
        try (FilePSOBuffer f = FilePSOBuffer.openConfined(path, MappingMode.READ_ONLY)) {
            return last = max(f.root(PSOIntArray.class));
        }
    }

    /** PSOIntArray over a FilePSOBuffer mapped once: the scan alone. */
    @Benchmark
    public int psoArrayMapped() {
        return last = max(mappedArray);
    }

    private static int max(PSOIntArray a) {
        int max = Integer.MIN_VALUE;
        for (int i = 0; i < a.length(); i++) {
            max = Math.max(max, a.get(i));
        }
        return max;
    }

    private static int scan(DataInputStream in) throws IOException {
        in.skipNBytes(40);
        int n = Integer.reverseBytes(in.readInt());
        in.skipNBytes(4);
        int max = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, Integer.reverseBytes(in.readInt()));
        }
        return max;
    }
}
