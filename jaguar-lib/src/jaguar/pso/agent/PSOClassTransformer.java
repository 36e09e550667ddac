package jaguar.pso.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands every application class to the {@link PSOClassRewriter}. JDK and Jaguar classes are
 * skipped without parsing. A class the rewriter cannot handle is reported on stderr (once) and
 * loaded unchanged: its accesses to PSO fields then fail with NoSuchFieldError, because the
 * rewritten PSO classes no longer have those fields, rather than silently using the heap.
 */
final class PSOClassTransformer implements ClassFileTransformer {
    private final PSOHierarchy hierarchy = new PSOHierarchy();
    private final Set<String> reported = ConcurrentHashMap.newKeySet();
    private final ThreadLocal<Boolean> busy = new ThreadLocal<>();
    /**
     * Whether the classes a rewrite uses are loaded. Not done in premain: loading the ClassFile API
     * there cost every start ~60 ms, `java -version` included, which loads no application class.
     */
    private volatile boolean warm;

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                    byte[] bytes) {
        if (className == null || loader == null || loader == ClassLoader.getPlatformClassLoader() || isPlatformModule(module)
                        || busy.get() != null) {
            return null;
        }
        busy.set(Boolean.TRUE);
        try {
            PSOClassRewriter rewriter = new PSOClassRewriter(hierarchy, loader);
            if (!warm) {
                // Under the busy guard: the classes this loads are not handed to the rewriter.
                rewriter.warmUp();
                warm = true;
            }
            return rewriter.rewrite(className, bytes);
        } catch (Throwable t) {
            if (reported.add(className)) {
                System.err.println("jaguar.pso: cannot rewrite " + className.replace('/', '.') + " (" + t
                                + "); it is loaded unchanged and its accesses to PSO fields will fail");
            }
            return null;
        } finally {
            busy.remove();
        }
    }

    private static boolean isPlatformModule(Module m) {
        if (m == null || !m.isNamed()) {
            return false;
        }
        String n = m.getName();
        return n.startsWith("java.") || n.startsWith("jdk.") || n.equals("jaguar.lib");
    }
}
