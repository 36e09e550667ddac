/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso.rewriter;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.net.URL;
import java.security.CodeSource;
import java.security.ProtectionDomain;

/**
 * The PSO class rewriter as a Java agent, for a stock JDK: {@code java -javaagent:jaguar-lib.jar}
 * (the jar's {@code Premain-Class}). It hands every class an application loader defines to the
 * same {@link PSOClassTransformer} that Jaguar's HotSpot calls, and skips what the VM skips: the
 * boot and platform loaders' classes and those of the JDK's modules and of {@code jaguar.lib}
 * (here also {@code jaguar-lib.jar}'s own classes when it is on the class path). On Jaguar's JDK
 * the agent is redundant and harmless: the VM's hook runs after JVMTI's and finds the classes the
 * agent rewrote marked ({@link RewrittenMark}). There is no {@code agentmain}: attached late, it
 * would leave the PSO classes already loaded unrewritten while rewriting the accesses to them.
 */
public final class PSOAgent {
    private PSOAgent() {
    }

    /**
     * Registers the rewriter before the application's main class is loaded.
     *
     * @param options the agent's options; none are defined, and any given are ignored
     * @param instrumentation the JVM's instrumentation service
     */
    public static void premain(String options, Instrumentation instrumentation) {
        instrumentation.addTransformer(new Hook(codeSourceOf(PSOAgent.class.getProtectionDomain())), false);
    }

    private static String codeSourceOf(ProtectionDomain pd) {
        CodeSource cs = pd == null ? null : pd.getCodeSource();
        URL url = cs == null ? null : cs.getLocation();
        return url == null ? null : url.toString();
    }

    /** JVMTI's class-file-load hook, filtered as the VM filters its own (jaguarClassRewriting.cpp). */
    private static final class Hook implements ClassFileTransformer {
        /** Where this agent's classes come from (jaguar-lib.jar); null if unknown. */
        private final String ownCodeSource;

        Hook(String ownCodeSource) {
            this.ownCodeSource = ownCodeSource;
        }

        @Override
        public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined, ProtectionDomain pd,
                        byte[] bytes) {
            if (loader == null || loader == ClassLoader.getPlatformClassLoader() || isPlatformModule(module)
                            || (ownCodeSource != null && ownCodeSource.equals(codeSourceOf(pd)))) {
                return null;
            }
            return PSOClassTransformer.transform(loader, className, bytes);
        }

        private static boolean isPlatformModule(Module module) {
            String name = module == null ? null : module.getName();
            return name != null && (name.startsWith("java.") || name.startsWith("jdk.") || name.equals("jaguar.lib"));
        }
    }
}
