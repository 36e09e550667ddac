/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import java.util.concurrent.TimeUnit;

import jaguar.bench.pso.sbe.ListMessageEncoder;
import jaguar.bench.pso.sbe.MessageHeaderEncoder;

import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Message build, SBE column: the same 128 elements (four int8, four int32 and the next element's
 * index as an int32) encoded as a repeating group into an off-heap UnsafeBuffer with the codec
 * SbeTool generated from bench/sbe/pso-message.xml. Agrona's bounds checks are on (its default).
 * ns per message.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class SbeMessage {
    private final UnsafeBuffer buffer = new UnsafeBuffer(java.nio.ByteBuffer.allocateDirect(8192));
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final ListMessageEncoder message = new ListMessageEncoder();
    private int seed;

    @Benchmark
    public int build() {
        int s = seed++;
        ListMessageEncoder.NodesEncoder nodes = message.wrapAndApplyHeader(buffer, 0, header).nodesCount(PsoMessage.NODES);
        for (int i = 0; i < PsoMessage.NODES; i++) {
            int v = s + i;
            nodes.next()
                .b0((byte) v)
                .b1((byte) (v >> 8))
                .b2((byte) (v >> 16))
                .b3((byte) (v >> 24))
                .i0(v)
                .i1(v + 1)
                .i2(v + 2)
                .i3(v + 3)
                .nextIndex(i + 1 < PsoMessage.NODES ? i + 1 : -1);
        }
        return message.encodedLength();
    }
}
