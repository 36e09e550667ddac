/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** Figure 8, Java column: PsoObjects' rows on plain Java objects (JavaList), ns per object. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JavaObjects {

    /** Create a list of N new Java objects (new + 3 field stores). */
    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public JavaObject create() {
        JavaObject head = new JavaObject();
        JavaObject prev = head;
        for (int i = 1; i < PsoList.N; i++) {
            JavaObject o = new JavaObject();
            o.someInt = i;
            o.someByte = (byte) i;
            prev.someRef = o;
            prev = o;
        }
        return head;
    }

    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public int follow(JavaList s) {
        int n = 0;
        for (JavaObject o = s.head; o != null; o = o.someRef) {
            n++;
        }
        return n;
    }

    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public void assignEach(JavaList s) {
        JavaObject[] objects = s.objects;
        for (int i = 0; i < objects.length; i++) {
            objects[i].someInt = i;
        }
    }

    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public void assignOne(JavaList s) {
        JavaObject o = s.objects[1];
        for (int i = 0; i < PsoList.N; i++) {
            o.someInt = i;
        }
    }

    @Benchmark
    @OperationsPerInvocation(PsoList.N)
    public int readEach(JavaList s) {
        JavaObject[] objects = s.objects;
        int sum = 0;
        for (int i = 0; i < objects.length; i++) {
            sum += objects[i].someInt;
        }
        return sum;
    }
}
