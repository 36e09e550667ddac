package jaguar.jit;

import java.util.concurrent.ConcurrentHashMap;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.template.MethodSignature;
import jaguar.mapping.template.Template;
import jaguar.mapping.template.TemplateException;
import jdk.graal.compiler.nodes.graphbuilderconf.GraphBuilderContext;
import jdk.vm.ci.meta.AnnotationData;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Finds the checked template of a method, if it has one, from its {@link CodeMapping} annotation
 * as JVMCI sees it, so user classes bring their own mappings and nothing is registered in the JIT.
 * Answers are cached per method; a mapping that fails to check is reported once and from then on
 * the method is treated as unmapped (its Java body runs).
 */
final class MappingLookup {
    static final MappingLookup INSTANCE = new MappingLookup();

    /** Marker for "looked up, no usable mapping". */
    private static final Object NONE = new Object();

    private final ConcurrentHashMap<ResolvedJavaMethod, Object> cache = new ConcurrentHashMap<>();

    private MappingLookup() {
    }

    /** The method's template, or null if it is not (usably) mapped. */
    Template find(GraphBuilderContext b, ResolvedJavaMethod method) {
        Object hit = cache.get(method);
        if (hit == null) {
            hit = load(b, method);
            Object raced = cache.putIfAbsent(method, hit);
            hit = raced != null ? raced : hit;
        }
        return hit == NONE ? null : (Template) hit;
    }

    /** Records that a mapping could not be expanded, so later compilations call the Java body. */
    void disable(ResolvedJavaMethod method, String why) {
        cache.put(method, NONE);
        JaguarLog.warnOnce(method.format("%H.%n(%p)"), "code mapping " + method.format("%H.%n(%p)") + " disabled: " + why
                        + "; calls run its Java body");
    }

    private static Object load(GraphBuilderContext b, ResolvedJavaMethod method) {
        if (method.isNative() || method.isAbstract()) {
            return NONE;
        }
        ResolvedJavaType annotation = b.getMetaAccess().lookupJavaType(CodeMapping.class);
        AnnotationData data;
        try {
            data = method.getAnnotationData(annotation);
        } catch (RuntimeException e) {
            // Malformed class-file annotations must not break the compiler.
            return NONE;
        }
        if (data == null) {
            return NONE;
        }
        String display = method.format("%H.%n(%p)");
        String text = data.get("value", String.class);
        if (method.getDeclaringClass().isInterface()) {
            JaguarLog.warnOnce(display, "code mapping " + display + " refused: mappings on interface methods are not supported");
            return NONE;
        }
        if (method.isSynchronized()) {
            JaguarLog.warnOnce(display, "code mapping " + display + " refused: a mapped method cannot be synchronized");
            return NONE;
        }
        MethodSignature sig = MethodSignature.of(method.getDeclaringClass().toJavaName(), method.getName(),
                        method.getSignature().toMethodDescriptor(), method.isStatic());
        try {
            return Template.compile(sig, text);
        } catch (TemplateException e) {
            JaguarLog.warnOnce(display, "code mapping refused: " + e.getMessage() + "; calls run its Java body");
            return NONE;
        } catch (RuntimeException e) {
            // A checker bug must cost one mapping, never the caller's compilation.
            JaguarLog.warnOnce(display, "code mapping " + display + " refused: internal error " + e + "; calls run its Java body");
            return NONE;
        }
    }
}
