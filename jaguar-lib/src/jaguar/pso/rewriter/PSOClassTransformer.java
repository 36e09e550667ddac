/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso.rewriter;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The entry through which Jaguar's HotSpot hands it every class an application class loader
 * defines (doc/pso.md, "How it works"), before the class is parsed: the class goes to the
 * {@link PSOClassRewriter}. The VM skips the JDK's and Jaguar's own modules without calling.
 * On a stock JDK, {@link PSOAgent} calls it the same way from JVMTI's class-file-load hook.
 * A class the rewriter cannot handle is reported on stderr (once) and loaded unchanged: its
 * accesses to PSO fields then fail with NoSuchFieldError, because the rewritten PSO classes no
 * longer have those fields, rather than silently using the heap.
 */
final class PSOClassTransformer {
    private static final PSOHierarchy HIERARCHY = new PSOHierarchy();
    private static final Set<String> REPORTED = ConcurrentHashMap.newKeySet();
    /** Set while this thread rewrites: the classes the rewriter itself loads are left alone. */
    private static final ThreadLocal<Boolean> BUSY = new ThreadLocal<>();
    /** Whether the classes a rewrite uses are loaded (done by the first class, not at start-up). */
    private static volatile boolean warm;

    private PSOClassTransformer() {
    }

    /**
     * Called by the VM (jaguarClassRewriting.cpp), or by {@link PSOAgent}, for a class {@code className} (internal form)
     * that {@code loader} is defining from {@code bytes}: the rewritten class file, or null to
     * define the class as it is. Never throws.
     */
    static byte[] transform(ClassLoader loader, String className, byte[] bytes) {
        if (className == null || BUSY.get() != null || !PSOCandidateFilter.mayNeedRewrite(loader, bytes)) {
            return null;
        }
        BUSY.set(Boolean.TRUE);
        try {
            PSOClassRewriter rewriter = new PSOClassRewriter(HIERARCHY, loader);
            if (!warm) {
                // Under the busy guard: the classes this loads are not handed to the rewriter.
                rewriter.warmUp();
                warm = true;
            }
            return rewriter.rewrite(className, bytes);
        } catch (Throwable t) {
            if (REPORTED.add(className)) {
                System.err.println("jaguar.pso: cannot rewrite " + className.replace('/', '.') + " (" + t
                                + "); it is loaded unchanged and its accesses to PSO fields will fail");
            }
            return null;
        } finally {
            BUSY.remove();
        }
    }
}
