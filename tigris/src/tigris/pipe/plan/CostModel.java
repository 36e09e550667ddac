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
 * @param crossings one per transport the planner may choose; copied, unmodifiable
 * @param linkBytesPerNano a host's network link, each way, in bytes per nanosecond (1.25: 10 Gb/s); positive
 * @param cacheBytes a core's cache in bytes ({@link ShmSizing#coreCache()}): a pipe whose buffers
 *            (window times Water) exceed it pays {@code missNanosPerByte} on its reading end; positive
 * @param missNanosPerByte what a byte read from memory instead of a cache costs, in ns; 0 or more
 * @param cpuWeight the weight of total CPU beside the bottleneck in the objective: among plans of
 *            one throughput, the one with fewer copies and crossings; 0 or more (0.01 in {@link #measured()})
 */
public record CostModel(List<Crossing> crossings, double linkBytesPerNano, long cacheBytes, double missNanosPerByte, double cpuWeight) {

    /** The Water sizes a pipe may get, smallest first; its window stays {@link #WINDOW} unless a hint says otherwise. */
    public static final List<Integer> WATER_SIZES = List.of(16 << 10, 64 << 10, 256 << 10);
    /** Waters in flight on a pipe (its window) unless {@code @window} says otherwise. */
    public static final int WINDOW = 8;

    /**
     * What a transport costs each end of a pipe.
     *
     * @param transport its id (memory, shm, tcp, verbs), as {@code tigris.transport.Transports} knows it
     * @param sendNanosPerByte the writing end's CPU per byte, in ns, beyond writing the Water itself
     * @param receiveNanosPerByte the reading end's CPU per byte, in ns, beyond reading the Water
     * @param nanosPerWater each end's CPU per Water, in ns (hand-off, descriptor, system calls)
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
     * estimated (the device moves the bytes: 2 µs a Water for posting and completing). Links of
     * 10 Gb/s, this machine's core cache, 0.1 ns a byte for a miss (an estimate), and a CPU weight of
     * 0.01.
     *
     * @return the model {@link Planner#standard()} uses
     */
    public static CostModel measured() {
        return new CostModel(List.of(
                        new Crossing("memory", 0, 0, 210, false),
                        new Crossing("shm", 0.07, 0.07, 60, false),
                        new Crossing("tcp", 1.1, 1.1, 5000, true),
                        new Crossing("verbs", 0.02, 0.02, 2000, true)),
                        1.25, ShmSizing.coreCache().bytes(), 0.1, 0.01);
    }

    /**
     * Copies {@code crossings}.
     *
     * @throws IllegalArgumentException if the link or cache is not positive, or the miss cost or
     *             CPU weight is negative
     */
    public CostModel {
        crossings = List.copyOf(crossings);
        if (linkBytesPerNano <= 0 || cacheBytes <= 0 || missNanosPerByte < 0 || cpuWeight < 0) {
            throw new IllegalArgumentException("a cost model's link, cache, miss cost and CPU weight must be positive");
        }
    }

    /**
     * This model with links of another speed ({@code tigris pipe --link-gbps}).
     *
     * @param bytesPerNano each host's link, each way, in bytes per nanosecond (the Gb/s over 8)
     * @return a new model, the same but for its links
     * @throws IllegalArgumentException if {@code bytesPerNano} is not positive
     */
    public CostModel withLink(double bytesPerNano) {
        return new CostModel(crossings, bytesPerNano, cacheBytes, missNanosPerByte, cpuWeight);
    }

    /**
     * The crossing of a transport.
     *
     * @param transport the transport's id: memory, shm, tcp or verbs
     * @return its crossing
     * @throws IllegalArgumentException if the model has none
     */
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
     *
     * @param c the transport's crossing
     * @param sending true for the writing end, false for the reading end
     * @param water the size of the pipe's Waters in bytes, positive
     * @param window how many Waters may be in flight
     * @return the end's CPU in nanoseconds per byte the pipe carries
     */
    public double endNanosPerByte(Crossing c, boolean sending, int water, int window) {
        double perByte = sending ? c.sendNanosPerByte() : c.receiveNanosPerByte();
        double misses = !sending && (long) water * window > cacheBytes ? missNanosPerByte : 0;
        return perByte + c.nanosPerWater() / water + misses;
    }

    /**
     * The Water size among {@link #WATER_SIZES} that costs {@code c}'s two ends least at {@code window}
     * (the smallest of equals).
     *
     * @param c the transport's crossing
     * @param window how many Waters may be in flight
     * @return the size in bytes
     */
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
