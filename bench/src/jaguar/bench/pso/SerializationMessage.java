/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Message build, Java serialization column, as the thesis measured it: a new ObjectOutputStream
 * (one per message, else later messages are back-references) and writeObject of an existing
 * 128-element Serializable list, into a reused ByteArrayOutputStream. ns per message.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class SerializationMessage {
    private JavaNode head;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(16384);

    @Setup(Level.Trial)
    public void buildList() {
        head = JavaNode.list(PsoMessage.NODES, 0);
    }

    @Benchmark
    public ByteArrayOutputStream build() throws IOException {
        bytes.reset();
        ObjectOutputStream out = new ObjectOutputStream(bytes);
        out.writeObject(head);
        out.flush();
        return bytes;
    }
}
