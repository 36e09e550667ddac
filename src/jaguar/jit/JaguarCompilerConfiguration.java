package jaguar.jit;

import jdk.graal.compiler.core.phases.CommunityCompilerConfiguration;
import jdk.graal.compiler.nodes.graphbuilderconf.GraphBuilderConfiguration.Plugins;
import jdk.graal.compiler.options.OptionValues;
import jdk.vm.ci.code.Architecture;

/** Graal's community phase plan, with Jaguar's {@link CodeMappingPlugin} added to bytecode parsing. */
final class JaguarCompilerConfiguration extends CommunityCompilerConfiguration {

    @Override
    public void registerGraphBuilderPlugins(Architecture arch, Plugins plugins, OptionValues options) {
        super.registerGraphBuilderPlugins(arch, plugins, options);
        if (arch.getName().equals("AMD64")) {
            plugins.appendNodePlugin(new CodeMappingPlugin(MappingLookup.INSTANCE));
        } else {
            JaguarLog.warnOnce("arch", "code mappings are x86-64 only; on " + arch.getName() + " every mapped method runs its Java body");
        }
    }
}
