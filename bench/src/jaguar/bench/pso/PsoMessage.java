/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import java.util.concurrent.TimeUnit;

import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSO;
import jaguar.pso.PSOContainer;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Message build, PSO column (Jaguar): empty a container and build the 128-element list in
 * it, every field assigned (the thesis's worst case); the container's used bytes are then the
 * message. ns per message. SerializationMessage and SbeMessage build the same message.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class PsoMessage {
    public static final int NODES = 128;

    private OffHeapBuffer buffer;
    private PSOContainer container;
    /** Varies the field values between messages, so nothing is constant-folded. */
    private int seed;

    @Setup(Level.Trial)
    public void allocate() {
        if (PSO.layoutOf(MessageNode.class).size() != MessageNode.SIZE) {
            throw new IllegalStateException("MessageNode takes " + PSO.layoutOf(MessageNode.class).size() + " bytes, not " + MessageNode.SIZE);
        }
        buffer = OffHeapBuffer.allocate(8192);
        container = PSOContainer.format(buffer);
        build();
        if (container.used() != PSOContainer.HEADER_SIZE + NODES * MessageNode.SIZE) {
            throw new IllegalStateException("the message takes " + container.used() + " bytes");
        }
    }

    @TearDown(Level.Trial)
    public void free() {
        buffer.close();
    }

    @Benchmark
    public PSOContainer build() {
        return MessageLists.buildPso(container, NODES, seed++);
    }

    /**
     * The thesis's other way to send a PSO message: reuse the one already built, assigning every
     * field of its 128 objects again (following the cached references); nothing is allocated.
     */
    @Benchmark
    public PSOContainer refill() {
        PSOContainer c = container;
        int v = seed++;
        for (MessageNode n = c.root(MessageNode.class); n != null; n = n.next, v++) {
            MessageLists.fill(n, v);
        }
        return c;
    }
}
