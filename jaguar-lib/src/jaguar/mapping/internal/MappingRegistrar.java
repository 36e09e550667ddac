package jaguar.mapping.internal;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.mapping.InvalidMappingException;
import jaguar.mapping.MappingWarnings;
import jaguar.mapping.template.Template;

/**
 * Checks a class's mappings and hands them to the VM, once per class. Jaguar's HotSpot calls
 * {@link #registerDeclared} while it initialises any class whose methods carry
 * {@link CodeMapping}, before the class's static initializer runs, so a user's mappings in their
 * own jar are mapped with nothing to register. A mapping that fails the checker is reported once
 * and left to its Java body; {@link CodeMappings#register} reports the same faults by throwing.
 */
public final class MappingRegistrar {
    private MappingRegistrar() {
    }

    /** The VM's call; never throws. */
    static void registerDeclared(Class<?> type) {
        try {
            for (Method m : type.getDeclaredMethods()) {
                CodeMapping cm = m.getAnnotation(CodeMapping.class);
                if (cm != null) {
                    try {
                        install(m, CodeMappings.check(m, cm.value()));
                    } catch (InvalidMappingException e) {
                        MappingWarnings.warnOnce(MappingWarnings.key(m), "code mapping refused: " + e.getMessage() + "; calls run its Java body");
                    }
                }
            }
        } catch (Throwable t) {
            // A class whose annotations cannot even be read keeps its Java bodies.
            MappingWarnings.warnOnce(type.getName(), "code mappings of " + type.getName() + " not read: " + t + "; calls run their Java bodies");
        }
    }

    /**
     * Checks and installs every mapping {@code type} declares.
     *
     * @throws InvalidMappingException naming the first method whose mapping is wrong and why
     */
    public static List<Template> register(Class<?> type) {
        List<Template> out = new ArrayList<>();
        for (Method m : type.getDeclaredMethods()) {
            CodeMapping cm = m.getAnnotation(CodeMapping.class);
            if (cm != null) {
                Template t = CodeMappings.check(m, cm.value());
                install(m, t);
                out.add(t);
            }
        }
        return out;
    }

    private static void install(Method m, Template t) {
        if (!VmMappings.available() || !NativeAccessPolicy.permits(m)) {
            return;
        }
        try {
            VmMappings.install(m, MappingEncoder.encode(t));
        } catch (IllegalArgumentException e) {
            // The VM's structural check failed: a bug in the encoder, not in the user's template.
            throw new InvalidMappingException(t.signature().display() + ": the VM refused the checked encoding: " + e.getMessage());
        }
    }
}
