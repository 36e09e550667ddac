/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;

/**
 * Classes whose mappings' annotations name constants of other classes: reading them by
 * reflection initialises those classes. RegistrationDeadlockProgram loads fresh copies of them
 * for every round.
 */
final class RegistrationCycles {
    private RegistrationCycles() {
    }

    @Retention(RetentionPolicy.RUNTIME)
    @interface Uses {
        Other value();
    }

    /** A mapped class: another annotation of its mapped method names an enum constant of Other. */
    static final class Mapped {
        static final int VALUE = Integer.parseInt("41");

        @CodeMapping("r = add $0, 1; return r")
        @Uses(Other.ONE)
        static int next(int x) {
            CodeMappings.enterJavaBody("Mapped.next");
            return x + 1;
        }
    }

    /** An enum whose initialisation reads Mapped, slowly enough for the other thread to meet it. */
    enum Other {
        ONE;

        static final int FROM_MAPPED;

        static {
            pause();
            FROM_MAPPED = Mapped.VALUE;
        }
    }

    @Retention(RetentionPolicy.RUNTIME)
    @interface PairedWithB {
        PairB value();
    }

    @Retention(RetentionPolicy.RUNTIME)
    @interface PairedWithA {
        PairA value();
    }

    /** Two mapped classes, each naming a constant of the other in its mapped method's annotations. */
    enum PairA {
        X;

        @CodeMapping("r = add $0, 2; return r")
        @PairedWithB(PairB.Y)
        static int plusTwo(int x) {
            CodeMappings.enterJavaBody("PairA.plusTwo");
            return x + 2;
        }
    }

    enum PairB {
        Y;

        @CodeMapping("r = add $0, 3; return r")
        @PairedWithA(PairA.X)
        static int plusThree(int x) {
            CodeMappings.enterJavaBody("PairB.plusThree");
            return x + 3;
        }
    }

    /** Callers of the mappings: once compiled, no Java body runs if the mappings were installed. */
    static int sumNext(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += Mapped.next(i);
        }
        return s;
    }

    static int sumPair(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += PairA.plusTwo(i) + PairB.plusThree(i);
        }
        return s;
    }

    static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
