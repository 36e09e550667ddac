/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.jit;

import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import jaguar.mapping.CodeMapping;
import jdk.jfr.consumer.RecordingStream;

/**
 * C2's compile time of methods made of many statically bound calls, with Jaguar's table of
 * mappings not empty (every such call site looks the callee up in it). Each round defines a
 * fresh class: {@code CALLS} static methods {@code f<i>(int)} and one {@code big(int)} calling
 * each of them {@code REPEAT} times; {@code big} is called until C2 has compiled it, and the
 * duration of that compilation is read from JFR's jdk.Compilation event.
 * Arguments: rounds. Prints one line per round, "c2-ms <duration>", then the median.
 * Run with -XX:-TieredCompilation -Xbatch (make -C bench jit-compile-time).
 */
public final class StaticCallCompileTime {
    static final int CALLS = 100;
    static final int REPEAT = 20;

    /** A mapping of this program: once its class is initialised, the VM's table is not empty. */
    static final class Mapped {
        @CodeMapping("r = add $0, 1; return r")
        static int inc(int x) {
            return x + 1;
        }
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        if (Mapped.inc(1) != 2) {   // its mapping is installed: the table is not empty
            throw new AssertionError("Mapped.inc");
        }
        List<Double> millis = new CopyOnWriteArrayList<>();
        try (RecordingStream rs = new RecordingStream()) {
            rs.enable("jdk.Compilation").withThreshold(Duration.ZERO);
            rs.onEvent("jdk.Compilation", e -> {
                if (e.getString("method.name").equals("big") && e.getInt("compileLevel") == 4 && !e.getBoolean("isOsr")) {
                    millis.add(e.getDuration().toNanos() / 1e6);
                }
            });
            rs.startAsync();
            for (int r = 0; r < rounds; r++) {
                Method big = define("Calls" + r).getDeclaredMethod("big", int.class);
                long sink = 0;
                int before = millis.size();
                for (int i = 0; i < 20_000 && millis.size() == before; i++) {
                    sink += (int) big.invoke(null, i);
                }
                long deadline = System.nanoTime() + 5_000_000_000L;
                while (millis.size() == before && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                if (millis.size() == before) {
                    throw new IllegalStateException("round " + r + ": C2 did not compile big (run with -XX:-TieredCompilation -Xbatch)");
                }
                System.out.printf("c2-ms %.3f (sink %d)%n", millis.get(millis.size() - 1), sink);
            }
        }
        List<Double> sorted = new ArrayList<>(millis);
        sorted.sort(null);
        System.out.printf("median-c2-ms %.3f over %d compilations%n", sorted.get(sorted.size() / 2), sorted.size());
    }

    /** A class of CALLS small static methods and big(int), which calls each of them REPEAT times. */
    static Class<?> define(String name) throws IllegalAccessException {
        ClassDesc self = ClassDesc.of("jaguar.bench.jit", name);
        MethodTypeDesc intToInt = MethodTypeDesc.ofDescriptor("(I)I");
        byte[] bytes = ClassFile.of().build(self, c -> {
            for (int i = 0; i < CALLS; i++) {
                int k = i;
                c.withMethodBody("f" + i, intToInt, ClassFile.ACC_STATIC | ClassFile.ACC_PUBLIC,
                                b -> b.iload(0).ldc(k * 31 + 7).ixor().ireturn());
            }
            c.withMethodBody("big", intToInt, ClassFile.ACC_STATIC | ClassFile.ACC_PUBLIC, b -> {
                b.iload(0);
                for (int r = 0; r < REPEAT; r++) {
                    for (int i = 0; i < CALLS; i++) {
                        b.invokestatic(self, "f" + i, intToInt);
                    }
                }
                b.ireturn();
            });
        });
        return MethodHandles.lookup().defineClass(bytes);
    }
}
