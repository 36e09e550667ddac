package jaguar.pso.agent;

import java.lang.instrument.Instrumentation;

/**
 * The Java agent that Jaguar's JDK starts with (a {@code -javaagent} option baked into the image):
 * it installs the PSO class rewriter before the application's first class loads.
 */
public final class PSOAgent {
    private PSOAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        inst.addTransformer(new PSOClassTransformer(), false);
    }
}
