/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.internal;

import java.lang.reflect.Method;

/**
 * The VM's entry point for checked mappings. Jaguar's HotSpot links {@link #install0} to itself,
 * and only for this class of the {@code jaguar.lib} module of the run-time image: user code
 * cannot hand the JIT an encoding the checker has not seen. On a VM without Jaguar's changes the
 * method is not linked and {@link #available()} is false.
 */
public final class VmMappings {
    private static final boolean AVAILABLE = probe();

    private VmMappings() {
    }

    /** True if this VM expands mappings in C2 (and so accepts encodings). */
    public static boolean available() {
        return AVAILABLE;
    }

    /**
     * Hands {@code m}'s encoding to the VM, which validates its structure against {@code m}'s
     * signature and keeps it until {@code m}'s class is unloaded or redefined.
     *
     * @return {@link MappingEncodingDescriptor#INSTALLED} or {@link MappingEncodingDescriptor#ALREADY_INSTALLED}
     * @throws IllegalArgumentException naming the structural fault the VM found
     */
    static int install(Method m, byte[] encoding) {
        return install0(m, encoding);
    }

    private static native int install0(Method m, byte[] encoding);

    private static boolean probe() {
        try {
            install0(null, null);
            return true;
        } catch (NullPointerException e) {
            return true; // linked: the VM refused the null method
        } catch (UnsatisfiedLinkError e) {
            return false;
        }
    }
}
