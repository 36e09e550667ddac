/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.tigris;

import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.OneToOneConcurrentArrayQueue;
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

/**
 * {@link WaterHandOff}'s baselines: one object from a producer's thread to a consumer's thread
 * through Agrona's single-producer single-consumer queue (the floor of a bounded hand-off) or the
 * JDK's ArrayBlockingQueue, as deep as the reservoir's window, with the same counters.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ObjectHandOff {
    @Param({"8", "64"})
    public int window;

    @Param({"agronaSpsc", "arrayBlockingQueue"})
    public String queue;

    private Queue<Object> q;
    private final Object item = new Object();

    @Setup(Level.Iteration)
    public void open() {
        q = queue.equals("agronaSpsc") ? new OneToOneConcurrentArrayQueue<>(window) : new ArrayBlockingQueue<>(window);
    }

    @Benchmark
    @Group("handOff")
    @GroupThreads(1)
    public void offer(WaterHandOff.Put p) {
        if (!q.offer(item)) {
            p.full++;
        }
    }

    @Benchmark
    @Group("handOff")
    @GroupThreads(1)
    public Object poll(WaterHandOff.Taken t) {
        Object o = q.poll();
        if (o != null) {
            t.taken++;
        } else {
            t.empty++;
        }
        return o;
    }
}
