/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.tigris;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import tigris.ConsumerEnd;
import tigris.ProducerEnd;
import tigris.Water;
import tigris.reservoir.MemoryReservoir;

/**
 * One Water handed from a producer's thread to a consumer's thread through a memory reservoir
 * (the producer makes it from the reservoir's spring and puts it; the consumer takes it, releases
 * it and gives the credit back: what a river does per Water between two modules of one node),
 * beside the same work done with Agrona's queues ({@link PooledHandOff}: a pooled buffer taken,
 * offered, polled and returned, the fair baseline) and the bare hand-off of one object through
 * Agrona's single-producer single-consumer queue and through an ArrayBlockingQueue, each as deep as
 * the reservoir's window. Neither side ever
 * waits inside the timed call (a full or empty end counts a miss and returns), so JMH's end of an
 * iteration cannot leave a thread parked; {@link Taken} counts the Waters that went through.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class WaterHandOff {
    /** Waters (objects) between the threads at most: the reservoir's window, the queues' capacity. */
    @Param({"8", "64"})
    public int window;

    /** The consumer's side: Waters taken (the rate the tables read) and looks that found none. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Taken {
        public long taken;
        public long empty;

        @Setup(Level.Iteration)
        public void clear() {
            taken = 0;
            empty = 0;
        }
    }

    /** The producer's side: looks that found no credit (no room). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Put {
        public long full;

        @Setup(Level.Iteration)
        public void clear() {
            full = 0;
        }
    }

    /** A memory reservoir, made again for each iteration. */
    @State(Scope.Group)
    public static class Reservoir {
        MemoryReservoir reservoir;
        ProducerEnd out;
        ConsumerEnd in;

        @Setup(Level.Iteration)
        public void open(WaterHandOff b) {
            reservoir = new MemoryReservoir("bench", b.window, 64);
            out = reservoir.producer();
            in = reservoir.consumer();
        }

        @TearDown(Level.Iteration)
        public void close() {
            reservoir.close();
        }
    }

    @Benchmark
    @Group("reservoir")
    @GroupThreads(1)
    public void reservoirPut(Reservoir r, Put p) throws InterruptedException {
        if (r.out.credits() == 0) {
            p.full++;
            return;
        }
        Water w = r.out.spring().createWater(64);
        w.setLength(64);
        r.out.put(w);
    }

    @Benchmark
    @Group("reservoir")
    @GroupThreads(1)
    public void reservoirTake(Reservoir r, Taken t) {
        Water w = r.in.poll();
        if (w == null) {
            t.empty++;
            return;
        }
        w.release();
        r.in.creditBack();
        t.taken++;
    }
}
