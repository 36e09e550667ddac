/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.calls;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;

/**
 * User code mappings with the call shapes of Figure 1, as an application would write them. The
 * template language has no "nothing", so the no-op is fence.load: on x86 an ordering constraint
 * for the compiler that emits no instruction. The Java bodies mean the same and call
 * enterJavaBody so -Djaguar.mapping.strict=true can prove the JIT mapped the calls.
 */
public final class MappedOps {
    static {
        CodeMappings.register(MappedOps.class);
    }

    private MappedOps() {
    }

    @CodeMapping("fence.load")
    public static void noop() {
        CodeMappings.enterJavaBody("MappedOps.noop");
        java.lang.invoke.VarHandle.acquireFence();
    }

    @CodeMapping("v = add $0, 1; return v")
    public static int inc(int x) {
        CodeMappings.enterJavaBody("MappedOps.inc");
        return x + 1;
    }

    @CodeMapping("""
            ab = add $0, $1
            cd = add $2, $3
            v = add ab, cd
            return v
            """)
    public static int sum4(int a, int b, int c, int d) {
        CodeMappings.enterJavaBody("MappedOps.sum4");
        return a + b + c + d;
    }
}
