/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;

/**
 * Classes RegistrationFaultsTest defines afresh in its own loader. Reading Victim's methods
 * during registration resolves Trigger through that loader, which can be made to throw: the
 * fault then strikes inside the VM's registration of Victim's mappings.
 */
public final class RegistrationFaults {
    /** How often a copy of Victim has run its static initializer (counted in the parent's copy). */
    public static int initialised;

    public static final class Victim {
        static {
            RegistrationFaults.initialised++;
        }

        @CodeMapping("r = add $0, $1; return r")
        static long add(long a, long b) {
            CodeMappings.enterJavaBody("add");
            return a + b;
        }

        static void touch(Trigger t) {
        }

        static long sum(int n) {
            long s = 0;
            for (int i = 0; i < n; i++) {
                s = add(s, i);
            }
            return s;
        }
    }

    public static final class Trigger {
    }
}
