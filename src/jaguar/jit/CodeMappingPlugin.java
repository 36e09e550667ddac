package jaguar.jit;

import jaguar.mapping.template.Template;
import jdk.graal.compiler.nodes.type.StampTool;
import jdk.graal.compiler.nodes.CallTargetNode.InvokeKind;
import jdk.graal.compiler.nodes.ValueNode;
import jdk.graal.compiler.nodes.graphbuilderconf.GraphBuilderContext;
import jdk.graal.compiler.nodes.graphbuilderconf.NodePlugin;
import jdk.vm.ci.meta.Assumptions.AssumptionResult;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Replaces each call of a mapped method, while Graal parses bytecode, by the nodes of its
 * template. Runs for every invoke Graal parses, including those of methods it inlines.
 *
 * <p>Virtual calls are mapped only when the call provably reaches the mapped method: statically
 * bound targets (static, private, final, final class), an exact receiver type, or a unique
 * implementation under class-hierarchy analysis, recorded as an assumption so that loading an
 * overriding class deoptimises the caller. Otherwise the call is left alone and the usual dispatch
 * runs whichever Java body applies.
 */
final class CodeMappingPlugin implements NodePlugin {
    private final MappingLookup lookup;

    CodeMappingPlugin(MappingLookup lookup) {
        this.lookup = lookup;
    }

    @Override
    public boolean handleInvoke(GraphBuilderContext b, ResolvedJavaMethod method, ValueNode[] args) {
        Template template = lookup.find(b, method);
        if (template == null || !reachesOnly(b, method, args)) {
            return false;
        }
        try {
            new TemplateExpander(b, template, args, method.isStatic(), method.getSignature().getReturnKind()).expand();
        } catch (RuntimeException | LinkageError e) {
            // Nodes may already be in the graph: abandon this compilation (the caller is
            // retried later) and make sure every later one calls the Java body instead.
            lookup.disable(method, e.toString());
            throw new jdk.graal.compiler.core.common.RetryableBailoutException("Jaguar mapping %s failed: %s", method.format("%H.%n"), e);
        }
        JaguarLog.trace("mapped " + method.format("%H.%n(%p)") + " in " + b.getMethod().format("%H.%n(%p)"));
        return true;
    }

    private static boolean reachesOnly(GraphBuilderContext b, ResolvedJavaMethod method, ValueNode[] args) {
        InvokeKind kind = b.getInvokeKind();
        if (kind == null || !kind.isIndirect() || method.canBeStaticallyBound()) {
            return true;
        }
        ResolvedJavaType receiver = StampTool.typeOrNull(args[0]);
        if (receiver == null) {
            receiver = method.getDeclaringClass();
        }
        if (StampTool.isExactType(args[0])) {
            ResolvedJavaMethod target = receiver.resolveConcreteMethod(method, b.getMethod().getDeclaringClass());
            return method.equals(target);
        }
        if (b.getAssumptions() == null || receiver.isInterface()) {
            return false;
        }
        AssumptionResult<ResolvedJavaMethod> unique = receiver.findUniqueConcreteMethod(method);
        if (unique == null || !method.equals(unique.getResult()) || !unique.canRecordTo(b.getAssumptions())) {
            return false;
        }
        unique.recordTo(b.getAssumptions());
        return true;
    }

}
