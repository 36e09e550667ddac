/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSO;
import jaguar.pso.PSOContainer;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Figure 8's setup: a linked list of MyObject filling a 1 MiB container (its root is the head),
 * built once; {@code objects} holds the list's objects in list (and memory) order. Thread-scoped,
 * so JMH builds it on the benchmark thread, which then owns the confined buffer.
 */
@State(Scope.Thread)
public class PsoList {
    public static final int BYTES = 1 << 20;
    /** Objects in a full 1 MiB container; benchmarks declare it as @OperationsPerInvocation. */
    public static final int N = (BYTES - PSOContainer.HEADER_SIZE) / MyObject.SIZE;

    public OffHeapBuffer buffer;
    /** The container the list was built in (its objects cached). */
    public PSOContainer container;
    /** A second container, with a list of its own, that create() empties and refills. */
    public PSOContainer scratch;
    public OffHeapBuffer scratchBuffer;
    public MyObject[] objects;
    /** The addresses of the same objects' bytes, in the same order (Figure 8's "no check" rows). */
    public AddressHolder[] holders;
    /** Offset of someInt in a MyObject's bytes. */
    public int someIntOffset;
    /** The list's head recovered through a second view of the bytes, every reference followed once. */
    public MyObject recoveredHead;

    @Setup(Level.Trial)
    public void build() {
        if (PSO.layoutOf(MyObject.class).size() != MyObject.SIZE) {
            throw new IllegalStateException("MyObject takes " + PSO.layoutOf(MyObject.class).size() + " bytes, not " + MyObject.SIZE);
        }
        buffer = OffHeapBuffer.allocate(BYTES);
        container = PSOContainer.format(buffer);
        objects = new MyObject[N];
        MyObject prev = null;
        for (int i = 0; i < N; i++) {
            MyObject o = container.allocate(MyObject.class, MyObject::new);
            o.someInt = i;
            o.someByte = (byte) i;
            if (prev != null) {
                prev.someRef = o;
            }
            objects[i] = o;
            prev = o;
        }
        container.setRoot(objects[0]);
        holders = new AddressHolder[N];
        for (int i = 0; i < N; i++) {
            holders[i] = new AddressHolder(buffer.address() + objects[i].offset());
        }
        someIntOffset = PSO.layoutOf(MyObject.class).fields().stream().filter(f -> f.name().equals("someInt")).findFirst().orElseThrow().offset();
        recoveredHead = PSOContainer.open(buffer).root(MyObject.class);
        if (PsoObjects.walk(recoveredHead) != N) {
            throw new IllegalStateException("the recovered list does not have " + N + " objects");
        }
        scratchBuffer = OffHeapBuffer.allocate(BYTES);
        scratch = PSOContainer.format(scratchBuffer);
    }

    @TearDown(Level.Trial)
    public void free() {
        buffer.close();
        scratchBuffer.close();
    }
}
