package jaguar.jit;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JIT's only output channel: warnings (each printed once per VM) and, with
 * {@code -Djaguar.jit.trace=true}, one line per mapped call site.
 */
final class JaguarLog {
    static final boolean TRACE = Boolean.getBoolean("jaguar.jit.trace");
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private JaguarLog() {
    }

    static void warnOnce(String key, String message) {
        if (WARNED.add(key)) {
            System.err.println("[jaguar] warning: " + message);
        }
    }

    static void trace(String message) {
        if (TRACE) {
            System.err.println("[jaguar] " + message);
        }
    }
}
