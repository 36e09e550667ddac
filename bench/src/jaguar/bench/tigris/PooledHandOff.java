/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.tigris;

import java.nio.ByteBuffer;
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
 * {@link WaterHandOff}'s fair baseline: the same work done with Agrona's single-producer
 * single-consumer queues, as a hand-written pipeline would do it. A pool of {@code window}
 * off-heap buffers circulates through two queues: the producer takes a free buffer (none free: no
 * credit), sets its length and offers it; the consumer polls it, reads its length and returns it
 * to the free queue (its credit back). Credits are buffers, as in Flink's network stack.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PooledHandOff {
    @Param({"8", "64"})
    public int window;

    private OneToOneConcurrentArrayQueue<ByteBuffer> free;
    private OneToOneConcurrentArrayQueue<ByteBuffer> full;

    @Setup(Level.Iteration)
    public void open() {
        free = new OneToOneConcurrentArrayQueue<>(window);
        full = new OneToOneConcurrentArrayQueue<>(window);
        for (int i = 0; i < window; i++) {
            free.offer(ByteBuffer.allocateDirect(64));
        }
    }

    @Benchmark
    @Group("pooled")
    @GroupThreads(1)
    public void put(WaterHandOff.Put p) {
        ByteBuffer b = free.poll();
        if (b == null) {
            p.full++;
            return;
        }
        b.limit(64);
        full.offer(b);
    }

    @Benchmark
    @Group("pooled")
    @GroupThreads(1)
    public int take(WaterHandOff.Taken t) {
        ByteBuffer b = full.poll();
        if (b == null) {
            t.empty++;
            return 0;
        }
        int length = b.limit();
        free.offer(b);
        t.taken++;
        return length;
    }
}
