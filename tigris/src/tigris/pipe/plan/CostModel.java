/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

import java.util.List;

import tigris.reservoir.ShmSizing;

/**
 * The planner's cost model (doc/pipelines.md, "The planner"): what moving a byte and a Water costs
 * on each transport, how fast a host's link is, and what a buffer larger than a core's cache adds.
 * Costs are CPU nanoseconds per byte entering the pipeline, the thesis's single currency (chapter
 * 6.3): a filter's own work, and on each end of a pipe the transport's copies and hand-offs.
 *
 * @param crossings one per transport the planner may choose
 * @param linkBytesPerNano a host's network link, each way (1.25: 10 Gb/s)
 * @param cacheBytes a core's cache ({@link ShmSizing#coreCache()}): a pipe whose buffers exceed it
 *            pays {@code missNanosPerByte} on its reading end
 * @param missNanosPerByte what a byte read from memory instead of a cache costs
 * @param cpuWeight the weight of total CPU beside the bottleneck in the objective: among plans of
 *            one throughput, the one with fewer copies and crossings
 */
public record CostModel(List<Crossing> crossings, double linkBytesPerNano, long cacheBytes, double missNanosPerByte, double cpuWeight) {

    /** The Water sizes a pipe may get, smallest first; its window stays {@link #WINDOW} unless a hint says otherwise. */
    public static final List<Integer> WATER_SIZES = List.of(16 << 10, 64 << 10, 256 << 10);
    /** Waters in flight on a pipe. */
    public static final int WINDOW = 8;

    /**
     * What a transport costs each end of a pipe.
     *
     * @param transport its id (memory, shm, tcp, verbs)
     * @param sendNanosPerByte the writing end's CPU per byte, beyond writing the Water itself
     * @param receiveNanosPerByte the reading end's CPU per byte, beyond reading the Water
     * @param nanosPerWater each end's CPU per Water (hand-off, descriptor, system calls)
     * @param network whether its bytes cross the hosts' links
     */
    public record Crossing(String transport, double sendNanosPerByte, double receiveNanosPerByte, double nanosPerWater, boolean network) {
    }

    /**
     * The figures this project measured, and what it estimates: memory's hand-off (about 420 ns a
     * Water at a window of 8, bench/results/tigris-handoff.md, half on each end); the shared-memory
     * stream (a Water by reference: 120 ns a Water and 0.14 ns a byte in and out for 64 KiB blocks
     * across two CPUs, bench/results/streamline-pipes.md); TCP, 1.2 ns a byte each end with 64 KiB
     * Waters (the tcp filter's row of bench/results/pipe-costs.md: both processes on loopback, halved),
     * of which 5 µs a Water (system calls, estimated) and the rest, 1.1 ns, a byte; verbs,
     * estimated (the device moves the bytes: 2 µs a Water for posting and completing).
     */
    public static CostModel measured() {
        return new CostModel(List.of(
                        new Crossing("memory", 0, 0, 210, false),
                        new Crossing("shm", 0.07, 0.07, 60, false),
                        new Crossing("tcp", 1.1, 1.1, 5000, true),
                        new Crossing("verbs", 0.02, 0.02, 2000, true)),
                        1.25, ShmSizing.coreCache().bytes(), 0.1, 0.01);
    }

    public CostModel {
        crossings = List.copyOf(crossings);
        if (linkBytesPerNano <= 0 || cacheBytes <= 0 || missNanosPerByte < 0 || cpuWeight < 0) {
            throw new IllegalArgumentException("a cost model's link, cache, miss cost and CPU weight must be positive");
        }
    }

    /** This model with links of {@code bytesPerNano} each way. */
    public CostModel withLink(double bytesPerNano) {
        return new CostModel(crossings, bytesPerNano, cacheBytes, missNanosPerByte, cpuWeight);
    }

    /** The crossing of {@code transport}; IllegalArgumentException if the model has none. */
    public Crossing crossing(String transport) {
        for (Crossing c : crossings) {
            if (c.transport().equals(transport)) {
                return c;
            }
        }
        throw new IllegalArgumentException("the cost model has no transport " + transport);
    }

    /**
     * What one end of a pipe on {@code transport} costs per byte with Waters of {@code water} bytes,
     * {@code window} in flight: its share of the per-Water cost, and on the reading end the misses
     * of buffers larger than a core's cache.
     */
    public double endNanosPerByte(Crossing c, boolean sending, int water, int window) {
        double perByte = sending ? c.sendNanosPerByte() : c.receiveNanosPerByte();
        double misses = !sending && (long) water * window > cacheBytes ? missNanosPerByte : 0;
        return perByte + c.nanosPerWater() / water + misses;
    }

    /** The Water size among {@link #WATER_SIZES} that costs {@code c}'s two ends least at {@code window} (the smallest of equals). */
    public int water(Crossing c, int window) {
        int best = WATER_SIZES.getFirst();
        double bestCost = Double.POSITIVE_INFINITY;
        for (int w : WATER_SIZES) {
            double cost = endNanosPerByte(c, true, w, window) + endNanosPerByte(c, false, w, window);
            if (cost < bestCost - 1e-12) {
                best = w;
                bestCost = cost;
            }
        }
        return best;
    }
}
