/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.lang.foreign.*;
import java.nio.channels.FileChannel;
import java.nio.file.*;
import java.nio.ByteBuffer;
import jaguar.ext.*;

/** Reads a file of 100-byte records with two threads, each its half, reading a long per record: mapped windows with MADV_WILLNEED on the next one (as PartitionModule) or pread into one buffer. Usage: ReadWindows FILE mmap|pread WINDOW-BYTES */
public class ReadWindows {
    static final int RECORD = 100;
    static long sink;
    public static void main(String[] a) throws Exception {
        if (a.length != 3 || !(a[1].equals("mmap") || a[1].equals("pread"))) {
            System.err.println("usage: java ReadWindows.java FILE mmap|pread WINDOW-BYTES");
            System.exit(2);
        }
        Path p = Path.of(a[0]); String mode = a[1]; long window = Long.parseLong(a[2]);
        long size = Files.size(p); int threads = 2;
        long t0 = System.nanoTime();
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            long from = size / RECORD * t / threads * RECORD, to = size / RECORD * (t + 1) / threads * RECORD;
            ts[t] = new Thread(() -> { try { if (mode.equals("mmap")) mmap(p, from, to, window); else pread(p, from, to, window); } catch (Exception e) { throw new RuntimeException(e); } });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        System.out.printf("%s window %d MB: %.3f s%n", mode, window >> 20, (System.nanoTime() - t0) / 1e9);
    }
    static void scan(MemorySegment s, long n) { long x = 0; for (long o = 0; o + RECORD <= n; o += RECORD) x += s.get(ValueLayout.JAVA_LONG_UNALIGNED, o); sink += x; }
    static void mmap(Path p, long from, long to, long window) throws Exception {
        MappedFileBuffer ahead = null;
        for (long at = from; at < to; at += window) {
            long n = Math.min(window, to - at);
            MappedFileBuffer cur = ahead != null ? ahead : MappedFileBuffer.map(p, MappingMode.READ_ONLY, at, n);
            if (ahead == null) cur.willNeed();
            ahead = null;
            if (at + n < to) { ahead = MappedFileBuffer.map(p, MappingMode.READ_ONLY, at + n, Math.min(window, to - at - n)); ahead.willNeed(); }
            scan(cur.asSegment(), n); cur.close();
        }
    }
    static void pread(Path p, long from, long to, long window) throws Exception {
        try (FileChannel ch = FileChannel.open(p); Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(window, 4096); ByteBuffer bb = buf.asByteBuffer();
            for (long at = from; at < to; at += window) {
                long n = Math.min(window, to - at); bb.clear().limit((int) n);
                while (bb.hasRemaining()) { if (ch.read(bb, at + bb.position()) < 0) throw new java.io.EOFException(); }
                scan(buf, n);
            }
        }
    }
}
