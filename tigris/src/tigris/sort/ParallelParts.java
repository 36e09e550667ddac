/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs the parts of one file job on their own threads and gives back their results in part order. */
final class ParallelParts {
    /** One part's work. */
    interface Part<T> {
        T run(int part) throws IOException;
    }

    private ParallelParts() {
    }

    /**
     * Runs parts {@code 0 .. parts-1} at once on threads named {@code name-N}.
     *
     * @throws IOException the first failed part's, in part order
     */
    static <T> List<T> run(String name, int parts, Part<T> work) throws IOException {
        if (parts == 1) {
            return List.of(work.run(0));
        }
        ExecutorService pool = Executors.newFixedThreadPool(parts, Thread.ofPlatform().name(name + "-", 0).daemon().factory());
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (int p = 0; p < parts; p++) {
                int part = p;
                futures.add(pool.submit(() -> work.run(part)));
            }
            List<T> out = new ArrayList<>();
            for (Future<T> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(name + " interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
