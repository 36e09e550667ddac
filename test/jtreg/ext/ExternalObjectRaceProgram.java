/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.MappedFileBuffer;
import jaguar.ext.MappingMode;
import jaguar.ext.OffHeapBuffer;
import jaguar.ext.SharedMemoryBuffer;

/**
 * Races on External Objects, round after round in one JVM (ExternalObjectRaceTest runs it; a crash
 * kills the JVM and fails the test): a shared buffer closed while two threads write and check a
 * pattern (each must end with IllegalStateException, and every value read before must be the one
 * its thread wrote); a mapped file truncated under a reader (every byte read is the file's, and a
 * pass begun after the truncation must end in InternalError past the new end); a shared-memory segment opened while it is created (never half
 * made); a confined buffer used from another thread (WrongThreadException every time). Prints one line of
 * counts; any silent wrong result ends the program with status 1.
 */
public class ExternalObjectRaceProgram {
    static final int SIZE = 1 << 16;
    static final AtomicReference<String> WRONG = new AtomicReference<>();
    static long closeRaces, truncateRaces, createOpenRaces, wrongThreadRaces, valuesChecked;

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        Path dir = Files.createTempDirectory(Path.of("."), "races");
        for (int round = 0; round < rounds && WRONG.get() == null; round++) {
            closeUnderLoad(OffHeapBuffer.allocateShared(SIZE), round);
            Path file = dir.resolve("close-" + round);
            closeUnderLoad(MappedFileBuffer.mapShared(file, MappingMode.READ_WRITE, 0, SIZE, java.nio.file.StandardOpenOption.CREATE), round);
            Files.delete(file);
            SharedMemoryBuffer shm = SharedMemoryBuffer.create("jaguar-race-" + ProcessHandle.current().pid() + "-" + round, SIZE);
            shm.unlink();
            closeUnderLoad(shm, round);
            truncateUnderReader(dir.resolve("truncate-" + round), round);
            createWhileOpening("jaguar-race-open-" + ProcessHandle.current().pid() + "-" + round);
            wrongThread();
        }
        if (WRONG.get() != null) {
            System.out.println("WRONG: " + WRONG.get());
            System.exit(1);
        }
        System.out.printf("races: %d close-under-load, %d truncate-under-reader, %d create-while-opening, %d wrong-thread;"
                + " %d values checked; 0 wrong%n", closeRaces, truncateRaces, createOpenRaces, wrongThreadRaces, valuesChecked);
    }

    static void wrong(String what) {
        WRONG.compareAndSet(null, what);
    }

    /** Two threads write their own pattern into their half and read it back; main closes the buffer. */
    static void closeUnderLoad(ExternalBuffer b, int round) throws Exception {
        CountDownLatch running = new CountDownLatch(2);
        AtomicLong checked = new AtomicLong();
        Thread[] workers = new Thread[2];
        Throwable[] ended = new Throwable[2];
        for (int w = 0; w < 2; w++) {
            int half = w;
            workers[w] = Thread.ofPlatform().start(() -> {
                long base = half * (SIZE / 2L);
                long pattern = (long) round << 32 | half;
                running.countDown();
                try {
                    for (long pass = 0; ; pass++) {
                        for (long i = 0; i < SIZE / 2; i += 8) {
                            b.putLong(base + i, pattern ^ pass ^ i);
                        }
                        for (long i = 0; i < SIZE / 2; i += 8) {
                            long v = b.getLong(base + i);
                            if (v != (pattern ^ pass ^ i)) {
                                wrong("close race: read " + Long.toHexString(v) + " at " + (base + i) + ", wrote "
                                        + Long.toHexString(pattern ^ pass ^ i));
                                return;
                            }
                            checked.incrementAndGet();
                        }
                    }
                } catch (Throwable t) {
                    ended[half] = t;
                }
            });
        }
        running.await();
        Thread.sleep(2);
        b.close();
        for (int w = 0; w < 2; w++) {
            workers[w].join();
            if (WRONG.get() == null && !(ended[w] instanceof IllegalStateException)) {
                wrong("close race: a worker ended with " + ended[w] + " instead of IllegalStateException");
            }
        }
        valuesChecked += checked.get();
        closeRaces++;
    }

    /** A reader of a mapped file while another thread truncates the file to half. */
    static void truncateUnderReader(Path file, int round) throws Exception {
        byte[] content = new byte[SIZE];
        for (int i = 0; i < SIZE; i++) {
            content[i] = (byte) (i * 31 + round);
        }
        Files.write(file, content);
        try (MappedFileBuffer b = MappedFileBuffer.mapShared(file, MappingMode.READ_ONLY, 0, SIZE)) {
            CountDownLatch started = new CountDownLatch(1);
            java.util.concurrent.atomic.AtomicBoolean truncated = new java.util.concurrent.atomic.AtomicBoolean();
            Thread truncater = Thread.ofPlatform().start(() -> {
                try {
                    started.await();
                    Thread.sleep(1);
                    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                        f.setLength(SIZE / 2);
                    }
                    truncated.set(true);
                } catch (Exception e) {
                    wrong("truncate: " + e);
                }
            });
            started.countDown();
            long checked = 0;
            try {
                while (true) {
                    // A pass begun after the truncation must fault past the new end.
                    boolean after = truncated.get();
                    for (int i = 0; i < SIZE; i++) {
                        byte v = b.getByte(i);
                        if (v != content[i]) {
                            wrong("truncate race: read " + v + " at " + i + ", the file had " + content[i]);
                            return;
                        }
                        checked++;
                    }
                    if (after) {
                        wrong("truncate race: read past the end of a truncated file without a fault");
                        return;
                    }
                }
            } catch (InternalError e) {
                if (!String.valueOf(e.getMessage()).contains("fault occurred in an unsafe memory access")) {
                    wrong("truncate race: " + e);
                }
            }
            truncater.join();
            valuesChecked += checked;
        } finally {
            Files.deleteIfExists(file);
        }
        truncateRaces++;
    }

    /** An opener polling a name while the segment is created and removed under it. */
    static void createWhileOpening(String name) throws Exception {
        Thread opener = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < 50; i++) {
                try (SharedMemoryBuffer b = SharedMemoryBuffer.open(name)) {
                    if (b.size() != 4096) {
                        wrong("create/open race: opened a segment of " + b.size() + " bytes");
                    }
                } catch (NoSuchFileException e) {
                    // not created yet, or removed again
                } catch (Throwable t) {
                    wrong("create/open race: " + t);
                }
            }
        });
        for (int i = 0; i < 5; i++) {
            try (SharedMemoryBuffer b = SharedMemoryBuffer.create(name, 4096)) {
                b.unlink();
            }
        }
        opener.join();
        createOpenRaces++;
    }

    /** A confined buffer touched from another thread: refused, every time, whatever the JIT did. */
    static void wrongThread() throws Exception {
        try (OffHeapBuffer b = OffHeapBuffer.allocate(64)) {
            Thread t = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 1000; i++) {
                    try {
                        b.putLong(0, i);
                        wrong("wrong thread: a confined buffer accepted a write from another thread");
                        return;
                    } catch (WrongThreadException expected) {
                        // refused
                    }
                }
            });
            t.join();
            if (b.getLong(0) != 0) {
                wrong("wrong thread: the confined buffer's bytes changed");
            }
        }
        wrongThreadRaces++;
    }

}
