/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary A mapping on an overridable method is applied only while class-hierarchy analysis
 *          proves no override exists; loading an overriding class deoptimises the caller and the
 *          override's own body runs (never the wrong template, unlike the 1999 prototype).
 * @library /lib
 * @build jaguar.test.Warmup
 * @run main/othervm -Djaguar.mapping.strict=true --enable-native-access=ALL-UNNAMED
 *      -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,VirtualMappingTest::sum VirtualMappingTest
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.test.Warmup;

public class VirtualMappingTest {
    static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    /** A register block whose read is mapped; subclasses may decode differently. */
    static class Register {
        final long address;

        Register(long address) {
            this.address = address;
        }

        /** Overridable and mapped: the template must not apply to an overriding class. */
        @CodeMapping("v = load.i32.acquire [$0]; return v")
        int read(long address) {
            CodeMappings.enterJavaBody("Register.read");
            return ALL.get(ValueLayout.JAVA_INT, address);
        }

        int value() {
            return read(address);
        }
    }

    /** Loaded only in phase 2, so phase 1 sees a hierarchy where Register.read is unique. */
    static class NegatedRegister extends Register {
        NegatedRegister(long address) {
            super(address);
        }

        @Override
        int read(long address) {
            return -ALL.get(ValueLayout.JAVA_INT, address);
        }
    }

    static long sum(Register[] regs) {
        long s = 0;
        for (Register r : regs) {
            s += r.value();
        }
        return s;
    }

    public static void main(String[] args) throws Exception {
        CodeMappings.register(Register.class);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment m = arena.allocate(4, 4);
            m.set(ValueLayout.JAVA_INT, 0, 7);
            Register[] plain = new Register[64];
            for (int i = 0; i < plain.length; i++) {
                plain[i] = new Register(m.address());
            }
            // Phase 1: no override is loaded, so CHA lets the JIT inline the template.
            Warmup.untilMapped(() -> {
                for (int k = 0; k < 1000; k++) {
                    sum(plain);
                }
            }, 240);
            CodeMappings.setStrict(true);
            check(sum(plain), 7L * plain.length, "mapped, plain registers");
            CodeMappings.setStrict(false);

            // Phase 2: an override appears. The caller compiled under the CHA assumption must be
            // invalidated; the overriding body must run for NegatedRegister instances.
            Register[] mixed = plain.clone();
            Class<?> c = Class.forName("VirtualMappingTest$NegatedRegister");
            for (int i = 0; i < mixed.length; i += 2) {
                mixed[i] = (Register) c.getDeclaredConstructor(long.class).newInstance(m.address());
            }
            for (int k = 0; k < 20_000; k++) {
                check(sum(mixed), 0, "after loading an override, round " + k);
                check(sum(plain), 7L * plain.length, "plain registers after the override, round " + k);
            }
        }
        System.out.println("PASSED");
    }

    static void check(long got, long want, String what) {
        if (got != want) {
            throw new AssertionError(what + ": got " + got + ", expected " + want);
        }
    }
}
