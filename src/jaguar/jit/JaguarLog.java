package jaguar.jit;

import jaguar.mapping.MappingWarnings;

/**
 * The JIT's only output channel: warnings (through {@link MappingWarnings}, so a fault the
 * registrar reported is not reported again) and, with {@code -Djaguar.jit.trace=true}, one line
 * per mapped call site.
 */
final class JaguarLog {
    static final boolean TRACE = Boolean.getBoolean("jaguar.jit.trace");

    private JaguarLog() {
    }

    static void warnOnce(String key, String message) {
        MappingWarnings.warnOnce(key, message);
    }

    static void trace(String message) {
        if (TRACE) {
            System.err.println("[jaguar] " + message);
        }
    }
}
