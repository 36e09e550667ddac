/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

import jaguar.test.ChildFirstLoader;
import jaguar.test.Warmup;

/**
 * Initialises two classes of RegistrationCycles from two threads at once, in fresh copies for
 * every round (args: scenario, rounds). Prints "deadlock" with every thread's stack and exits 3
 * if a round does not finish; then checks that the last round's mappings were installed (their
 * caller runs no Java body once compiled, counted under -Djaguar.mapping.strict=true) and
 * prints "ok".
 */
public final class RegistrationDeadlockProgram {
    public static void main(String[] args) throws Throwable {
        String scenario = args[0];
        int rounds = Integer.parseInt(args[1]);
        String[] pair = switch (scenario) {
            case "annotation-constant" -> new String[] {"RegistrationCycles$Mapped", "RegistrationCycles$Other"};
            case "mutual" -> new String[] {"RegistrationCycles$PairA", "RegistrationCycles$PairB"};
            default -> throw new IllegalArgumentException("unknown scenario " + scenario);
        };
        ClassLoader loader = null;
        for (int round = 0; round < rounds; round++) {
            // RegistrationCycles and its nested classes defined afresh: a new copy per round.
            loader = new ChildFirstLoader("round-" + round, RegistrationDeadlockProgram.class.getClassLoader(),
                            name -> name.startsWith("RegistrationCycles"));
            initialiseTogether(loader, pair, round);
        }
        checkMapped(loader, scenario);
        System.out.println("ok");
    }

    static void initialiseTogether(ClassLoader loader, String[] pair, int round) throws Exception {
        CyclicBarrier start = new CyclicBarrier(2);
        Thread[] threads = new Thread[2];
        Throwable[] failed = new Throwable[2];
        for (int t = 0; t < 2; t++) {
            int which = t;
            threads[t] = Thread.ofPlatform().name("init-" + pair[t]).start(() -> {
                try {
                    start.await();
                    Class.forName(pair[which], true, loader);
                } catch (Throwable e) {
                    failed[which] = e;
                }
            });
        }
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(20));
            if (t.isAlive()) {
                System.out.println("deadlock in round " + round + " initialising " + pair[0] + " and " + pair[1]);
                for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
                    System.out.println(e.getKey() + " " + e.getKey().getState());
                    for (StackTraceElement f : e.getValue()) {
                        System.out.println("    at " + f);
                    }
                }
                System.out.flush();
                Runtime.getRuntime().halt(3);
            }
        }
        for (Throwable e : failed) {
            if (e != null) {
                throw new AssertionError("round " + round + ": initialisation failed", e);
            }
        }
    }

    /** The last round's mappings were installed: their compiled caller runs no Java body. */
    static void checkMapped(ClassLoader loader, String scenario) throws Exception {
        Method caller = Class.forName("RegistrationCycles", true, loader)
                        .getDeclaredMethod(scenario.equals("mutual") ? "sumPair" : "sumNext", int.class);
        caller.setAccessible(true);
        Warmup.untilMapped(() -> {
            try {
                caller.invoke(null, 1000);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }, 60);
    }
}
