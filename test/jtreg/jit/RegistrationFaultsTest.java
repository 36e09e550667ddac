/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary A fault while the VM registers a class's mappings: a StackOverflowError or an
 *          OutOfMemoryError propagates out of the class's initialisation (its static initializer
 *          has not run, the class is not marked erroneous) and the next attempt initialises it
 *          with its mappings installed; any other exception becomes a warning that names it,
 *          and the class initialises with calls running their Java bodies.
 * @library /lib
 * @build jaguar.test.ChildFirstLoader jaguar.test.Warmup RegistrationFaults
 * @run main/othervm -Djaguar.mapping.strict=true RegistrationFaultsTest
 */

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;

import jaguar.mapping.CodeMappings;
import jaguar.test.ChildFirstLoader;
import jaguar.test.Warmup;

public class RegistrationFaultsTest {
    static final String VICTIM = "RegistrationFaults$Victim";
    static final String TRIGGER = "RegistrationFaults$Trigger";

    /** Defines Victim and Trigger afresh; loading Trigger throws {@code fault} while it is set. */
    static final class FaultyLoader extends ChildFirstLoader {
        volatile RuntimeException runtimeFault;
        volatile Error errorFault;

        FaultyLoader(String name) {
            super(name, RegistrationFaultsTest.class.getClassLoader(), n -> n.equals(VICTIM) || n.equals(TRIGGER));
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.equals(TRIGGER)) {
                if (errorFault != null) {
                    throw errorFault;
                }
                if (runtimeFault != null) {
                    throw runtimeFault;
                }
            }
            return super.loadClass(name, resolve);
        }
    }

    public static void main(String[] args) throws Exception {
        propagates(new StackOverflowError("injected by the loader"));
        propagates(new OutOfMemoryError("injected by the loader"));
        becomesAWarning();
        System.out.println("virtual machine errors propagate and the next attempt maps; other faults are warnings");
    }

    static void propagates(Error fault) throws Exception {
        String what = fault.getClass().getSimpleName();
        FaultyLoader loader = new FaultyLoader("faulty-" + what);
        loader.errorFault = fault;
        int before = RegistrationFaults.initialised;
        Error thrown = null;
        try {
            Class.forName(VICTIM, true, loader);
        } catch (Error e) {
            thrown = e;
        }
        if (thrown == null) {
            throw new AssertionError(what + " while registering " + VICTIM + "'s mappings was swallowed: the class initialised");
        }
        if (thrown != fault) {
            throw new AssertionError(what + ": initialisation failed with another error", thrown);
        }
        if (RegistrationFaults.initialised != before) {
            throw new AssertionError(what + ": the static initializer ran though registration failed");
        }
        loader.errorFault = null;
        Class<?> victim = Class.forName(VICTIM, true, loader);   // not erroneous: this attempt succeeds
        if (RegistrationFaults.initialised != before + 1) {
            throw new AssertionError(what + ": the second attempt ran the static initializer " + (RegistrationFaults.initialised - before)
                            + " times");
        }
        Method sum = victim.getDeclaredMethod("sum", int.class);
        sum.setAccessible(true);
        long[] got = {0};
        Warmup.untilMapped(() -> {
            try {
                got[0] = (long) sum.invoke(null, 1000);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }, 60);
        if (got[0] != 499500) {
            throw new AssertionError(what + ": sum(1000) = " + got[0]);
        }
        System.out.println(what + ": propagated; the next attempt initialised the class once and its mapping is compiled in");
    }

    static void becomesAWarning() throws Exception {
        FaultyLoader loader = new FaultyLoader("faulty-runtime");
        loader.runtimeFault = new IllegalStateException("injected by the loader");
        int before = RegistrationFaults.initialised;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        Class<?> victim;
        System.setErr(new PrintStream(err, true));
        try {
            victim = Class.forName(VICTIM, true, loader);
        } finally {
            System.setErr(saved);
            loader.runtimeFault = null;   // the test's own reflection below resolves Trigger too
        }
        String warning = err.toString();
        System.out.print(warning);
        if (RegistrationFaults.initialised != before + 1) {
            throw new AssertionError("an ordinary exception stopped the class's initialisation");
        }
        if (!warning.contains("code mappings of " + VICTIM + " not read: java.lang.IllegalStateException: injected by the loader")) {
            throw new AssertionError("no warning naming the exception; stderr was:\n" + warning);
        }
        Method add = victim.getDeclaredMethod("add", long.class, long.class);
        add.setAccessible(true);
        long runs = CodeMappings.javaBodyRuns();
        if ((long) add.invoke(null, 2L, 3L) != 5 || CodeMappings.javaBodyRuns() != runs + 1) {
            throw new AssertionError("the unmapped call did not run its Java body once");
        }
        System.out.println("IllegalStateException: a warning naming it; the class initialised and calls run their Java bodies");
    }
}
