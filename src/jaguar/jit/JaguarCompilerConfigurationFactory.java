package jaguar.jit;

import jdk.graal.compiler.hotspot.DefaultInstrumentation;
import jdk.graal.compiler.core.Instrumentation;
import jdk.graal.compiler.hotspot.CommunityCompilerConfigurationFactory;
import jdk.graal.compiler.hotspot.CompilerConfigurationFactory;
import jdk.graal.compiler.options.OptionValues;
import jdk.graal.compiler.phases.tiers.CompilerConfiguration;

/**
 * Makes Graal's community configuration plus Jaguar's code mappings the default compiler
 * configuration: Graal picks the factory with the highest auto-selection priority, and ours is
 * above every configuration Graal ships (community 3, truffle 4). Found by Graal through the
 * {@code CompilerConfigurationFactory} service.
 */
public final class JaguarCompilerConfigurationFactory extends CompilerConfigurationFactory {
    public static final String NAME = "jaguar";
    private static final int AUTO_SELECTION_PRIORITY = 10;

    public JaguarCompilerConfigurationFactory() {
        super(NAME, "Graal Community compiler with Jaguar code mappings", AUTO_SELECTION_PRIORITY);
    }

    @Override
    public CompilerConfiguration createCompilerConfiguration() {
        return new JaguarCompilerConfiguration();
    }

    @Override
    public Instrumentation createInstrumentation(OptionValues options) {
        return new DefaultInstrumentation();
    }

    /** Jaguar adds no backend of its own: code is emitted by Graal's community backends. */
    @Override
    public BackendMap createBackendMap() {
        return new DefaultBackendMap(CommunityCompilerConfigurationFactory.NAME);
    }
}
