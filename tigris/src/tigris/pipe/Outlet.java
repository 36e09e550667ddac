/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.ArrayList;
import java.util.List;

import tigris.ModuleConfig;
import tigris.ProducerEnd;
import tigris.Water;

/**
 * Where a {@link PipeModule} puts its Waters: each goes, by its class, to every pipe after the
 * filter that selects that class, or nowhere. The pipes are the module's downstream ends in its
 * graph connections' order; the selection of end {@code i} is its parameter {@code route.i}
 * ({@link ClassSet}), written by {@link PipelinePlan}; with none, a single end takes every class.
 *
 * <p>A Water of class c is made by the spring of the first pipe that takes c and put there as it
 * is; the other pipes that take c get copies. So a Water over a reservoir's own memory (a
 * shared-memory stream's data) goes back into that reservoir and nowhere else. Where several of a
 * filter's writers ({@link WaterWriter}s, one a class) go to one pipe, they all make their Waters
 * from a pool (copied in at their put): a stream hands out one Water over its data at a time, and
 * a writer of a class that rarely comes would hold it while the others wait for room.
 *
 * <p>Each {@link PipeModule} has one, made by its {@code init} and bound to its pipes at its first
 * Water; only the module's thread uses it: not thread-safe.
 */
public final class Outlet {
    /**
     * The parameter that says which classes a downstream end takes.
     *
     * @param end the end's index among the module's downstream ends, from 0
     * @return {@code route.}<i>end</i>, whose value is a {@link ClassSet} as its {@code toString}
     *         writes it
     */
    public static String routeKey(int end) {
        return "route." + end;
    }

    /**
     * The parameter that says how large the Waters of the module's pipes are, in bytes (at least 1;
     * absent: 64 KiB): {@code water}.
     */
    public static final String WATER = "water";

    private final String module;
    private final List<ClassSet> routes;
    private final int waterSize;
    private final ClassSet wanted;
    private List<ProducerEnd> ends;
    private final List<ProducerEnd> matching = new ArrayList<>();
    /** Per end: how many writers make Waters for it. */
    private int[] writers;
    /** Waters for writers that find their pipe's spring taken, and for splitting what is too large. */
    private tigris.WaterPool pool;

    Outlet(ModuleConfig config) {
        this.module = config.name();
        List<ClassSet> r = new ArrayList<>();
        for (int i = 0; config.parameters().containsKey(routeKey(i)); i++) {
            r.add(ClassSet.parse(config.get(routeKey(i))));
        }
        this.routes = List.copyOf(r);
        ClassSet w = routes.isEmpty() ? ClassSet.ALL : ClassSet.NONE;
        for (ClassSet s : routes) {
            w = w.or(s);
        }
        this.wanted = w;
        this.waterSize = (int) config.getLong(WATER, 64 << 10);
        if (waterSize < 1) {
            throw new IllegalArgumentException("module " + module + ": parameter water=" + waterSize + " is not positive");
        }
    }

    void bind(List<ProducerEnd> outs) {
        if (ends != null) {
            return;
        }
        if (!routes.isEmpty() && routes.size() != outs.size()) {
            throw new IllegalStateException("module " + module + " has " + outs.size() + " downstream reservoir(s) but routes for " + routes.size());
        }
        if (routes.isEmpty() && outs.size() > 1) {
            throw new IllegalStateException("module " + module + " has " + outs.size() + " downstream reservoirs and no route to choose among them");
        }
        ends = List.copyOf(outs);
        writers = new int[ends.size()];
    }

    /** The first end that takes class {@code c}, or -1. */
    private int firstTaking(int c) {
        for (int i = 0; i < ends.size(); i++) {
            if (routes.isEmpty() || routes.get(i).contains(c)) {
                return i;
            }
        }
        return -1;
    }

    /** A writer of class {@code c} comes ({@link WaterWriter}: a filter makes all its writers before it writes). */
    void register(int c) {
        int i = firstTaking(c);
        if (i >= 0) {
            writers[i]++;
        }
    }

    /**
     * Where a writer of class {@code c} makes its next Water: the spring of the first pipe that
     * takes the class if it is that pipe's only writer, else a pool's.
     */
    tigris.Spring springFor(int c) {
        int i = firstTaking(c);
        return i >= 0 && writers[i] <= 1 ? ends.get(i).spring() : pool();
    }

    private tigris.WaterPool pool() {
        if (pool == null) {
            pool = new tigris.WaterPool(waterSize, 4);
        }
        return pool;
    }

    /**
     * Whether any pipe after the filter takes Waters of class {@code c}: a filter need not make
     * those nobody takes (grep writes no rejected lines unless a {@code |!} wants them).
     *
     * @param c the class, 0 to 255
     * @return true if a pipe selects {@code c}; false before the Outlet is bound to its pipes, or
     *         when there are none
     */
    public boolean wants(int c) {
        return wanted.contains(c) && ends != null && !ends.isEmpty();
    }

    /**
     * The size of a Water the pipes after the filter carry: the module's {@link #WATER} parameter.
     *
     * @return the size in bytes, at least 1
     */
    public int waterSize() {
        return waterSize;
    }

    /**
     * A new, empty Water of {@link #waterSize()} bytes for class 0 (a filter that writes one class:
     * a source's), from the spring of the first pipe that takes class 0, else from a pool.
     *
     * @return the Water, the caller's until it is {@link #put} or released
     * @throws IllegalStateException if no pipe follows the filter
     */
    public Water water() {
        if (ends == null || ends.isEmpty()) {
            throw new IllegalStateException("module " + module + " has no pipe after it to make Waters for");
        }
        int i = firstTaking(0);
        return (i < 0 ? pool() : ends.get(i).spring()).createWater(waterSize);
    }

    /**
     * Puts {@code w}, of class {@code c}, into every pipe that takes the class (itself into the
     * first, copies into the others); releases it if none does. A Water larger than these pipes
     * carry (passed on from a pipe of larger Waters) goes as several. Afterwards it is not the caller's.
     *
     * @param w the Water, the caller's; its bytes in use are what goes on
     * @param c its class, 0 to 255, written into its {@link Water#kind() kind}
     * @throws InterruptedException if the thread is interrupted while it waits for a pipe's credit
     */
    public void put(Water w, int c) throws InterruptedException {
        w.setKind((byte) c);
        matching.clear();
        for (int i = 0; i < ends.size(); i++) {
            if (routes.isEmpty() || routes.get(i).contains(c)) {
                matching.add(ends.get(i));
            }
        }
        if (matching.isEmpty()) {
            w.release();
            return;
        }
        if (bytesOf(w) > waterSize) {
            split(w);
            return;
        }
        for (int i = 1; i < matching.size(); i++) {
            ProducerEnd e = matching.get(i);
            e.put(copy(w, e));
        }
        matching.getFirst().put(w);
    }

    private static long bytesOf(Water w) {
        long total = 0;
        for (int i = 0; i < w.bufferCount(); i++) {
            total += w.length(i);
        }
        return total;
    }

    /** {@code w}'s bytes as Waters of at most {@link #waterSize} each, into every matching pipe; {@code w} released. */
    private void split(Water w) throws InterruptedException {
        byte kind = w.kind();
        for (ProducerEnd e : matching) {
            for (int b = 0; b < w.bufferCount(); b++) {
                for (long at = 0; at < w.length(b); at += waterSize) {
                    int n = (int) Math.min(waterSize, w.length(b) - at);
                    Water part = e.spring().createWater(n);
                    w.buffer(b).copyTo(at, part.buffer(), 0, n);
                    part.setLength(n);
                    part.setKind(kind);
                    e.put(part);
                }
            }
        }
        w.release();
    }

    /** {@code w}'s bytes and class in a new Water of {@code end}'s. */
    private static Water copy(Water w, ProducerEnd end) {
        long total = 0;
        for (int i = 0; i < w.bufferCount(); i++) {
            total += w.length(i);
        }
        Water c = end.spring().createWater((int) Math.max(1, total));
        long at = 0;
        for (int i = 0; i < w.bufferCount(); i++) {
            w.buffer(i).copyTo(0, c.buffer(), at, w.length(i));
            at += w.length(i);
        }
        c.setLength((int) at);
        c.setKind(w.kind());
        return c;
    }
}
