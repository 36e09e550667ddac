/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import jaguar.memory.NativeMemory;
import jaguar.pso.PSOContainer;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * Figure 8, PSO column (Jaguar only): each benchmark runs over the PsoList's 43,689
 * objects and reports ns per object. JavaObjects has the same rows for plain Java objects.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PsoObjects {

    /**
     * Create PSO: empty a 1 MiB container and fill it with a linked list (allocate + 3 field
     * stores). The rewriter turns allocate(MyObject.class, MyObject::new) into MyObject.$pso$new.
     */
    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public MyObject create(PsoList s) {
        PSOContainer c = s.scratch;
        c.reset();
        MyObject head = c.allocate(MyObject.class, MyObject::new);
        head.someInt = 0;
        head.someByte = 0;
        MyObject prev = head;
        for (int i = 1; i < PsoList.N; i++) {
            MyObject o = c.allocate(MyObject.class, MyObject::new);
            o.someInt = i;
            o.someByte = (byte) i;
            prev.someRef = o;
            prev = o;
        }
        return head;
    }

    /** The same through allocate(Class) (also rewritten to MyObject.$pso$new). */
    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public MyObject createByClass(PsoList s) {
        PSOContainer c = s.scratch;
        c.reset();
        MyObject head = c.allocate(MyObject.class);
        head.someInt = 0;
        head.someByte = 0;
        MyObject prev = head;
        for (int i = 1; i < PsoList.N; i++) {
            MyObject o = c.allocate(MyObject.class);
            o.someInt = i;
            o.someByte = (byte) i;
            prev.someRef = o;
            prev = o;
        }
        return head;
    }

    /** A supplier the rewriter cannot see through (held in a field): the general path, a thread-local hand-off. */
    static final Supplier<MyObject> NEW = MyObject::new;

    /** The same with NEW: allocate(Class, Supplier) as a call. */
    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public MyObject createBySupplier(PsoList s) {
        PSOContainer c = s.scratch;
        c.reset();
        MyObject head = c.allocate(MyObject.class, NEW);
        head.someInt = 0;
        head.someByte = 0;
        MyObject prev = head;
        for (int i = 1; i < PsoList.N; i++) {
            MyObject o = c.allocate(MyObject.class, NEW);
            o.someInt = i;
            o.someByte = (byte) i;
            prev.someRef = o;
            prev = o;
        }
        return head;
    }

    /**
     * Recover PSO reference: open the list's bytes as a new container (nothing recovered yet), map
     * its root and follow someRef to the end: every step places a new Java object on the bytes.
     */
    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public int recover(PsoList s) {
        return walk(PSOContainer.open(s.buffer).root(MyObject.class));
    }

    /** Follow recovered PSO reference: the same walk over a list whose references are all cached. */
    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public int follow(PsoList s) {
        return walk(s.recoveredHead);
    }

    /** Assign PSO int field: someInt of each of the list's objects, one store per object. */
    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public void assignEach(PsoList s) {
        MyObject[] objects = s.objects;
        for (int i = 0; i < objects.length; i++) {
            objects[i].someInt = i;
        }
    }

    /**
     * The same stores through AddressHolders (an address and nothing else, no liveness check):
     * the floor of assignEach for any proxy design.
     */
    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public void assignEachNoCheck(PsoList s) {
        AddressHolder[] holders = s.holders;
        long field = s.someIntOffset;
        for (int i = 0; i < holders.length; i++) {
            NativeMemory.putInt(holders[i].address + field, i);
        }
    }

    /** Assign PSO int field: N stores to someInt of one object. */
    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public void assignOne(PsoList s) {
        MyObject o = s.objects[1];
        for (int i = 0; i < PsoList.N; i++) {
            o.someInt = i;
        }
    }

    /** Read PSO int field: the sum of someInt over the list's objects. */
    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public int readEach(PsoList s) {
        MyObject[] objects = s.objects;
        int sum = 0;
        for (int i = 0; i < objects.length; i++) {
            sum += objects[i].someInt;
        }
        return sum;
    }

    /** readEach through AddressHolders: its floor for any proxy design (see assignEachNoCheck). */
    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public int readEachNoCheck(PsoList s) {
        AddressHolder[] holders = s.holders;
        long field = s.someIntOffset;
        int sum = 0;
        for (int i = 0; i < holders.length; i++) {
            sum += NativeMemory.getInt(holders[i].address + field);
        }
        return sum;
    }

    /** Objects in the list starting at head (following someRef). */
    static int walk(MyObject head) {
        int n = 0;
        for (MyObject o = head; o != null; o = o.someRef) {
            n++;
        }
        return n;
    }
}
