/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.internal;

import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.mapping.InvalidMappingException;
import jaguar.mapping.MappingWarnings;
import jaguar.mapping.template.Template;

/**
 * Checks a class's mappings and hands them to the VM, once per class. Jaguar's HotSpot calls
 * {@link #registerDeclared} when a class whose methods carry {@link CodeMapping} is about to be
 * initialised, before its static initializer runs and before the class is marked as being
 * initialised, so a user's mappings in their own jar are mapped with nothing to register. The VM
 * reads each template from the class file's constants: no annotation is parsed here, so no
 * class an annotation names (an enum constant's) is initialised from inside another class's
 * initialisation. A mapping that fails the checker, or whose check throws, is reported once and
 * left to its Java body; {@link CodeMappings#register} reports the same faults by throwing.
 */
public final class MappingRegistrar {
    /** Classes already registered: later initialisation attempts (another thread's) skip them. */
    private static final ClassValue<AtomicBoolean> REGISTERED = new ClassValue<>() {
        @Override
        protected AtomicBoolean computeValue(Class<?> type) {
            return new AtomicBoolean();
        }
    };

    private MappingRegistrar() {
    }

    /**
     * The VM's call. {@code declared} holds, for each method with a {@code @CodeMapping}, its name,
     * its descriptor and its template. A fault of the checker, or of reading the class's methods,
     * is a refusal reported once; a {@link VirtualMachineError} (stack overflow, exhausted heap)
     * propagates and fails this attempt to initialise the class, which a later attempt repeats.
     */
    static void registerDeclared(Class<?> type, String[] declared) {
        AtomicBoolean registered = REGISTERED.get(type);
        if (registered.get()) {
            return;
        }
        Method[] methods;
        try {
            methods = type.getDeclaredMethods();
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable t) {
            MappingWarnings.warnOnce(type.getName(), "code mappings of " + type.getName() + " not read: " + t + "; calls run their Java bodies");
            return;
        }
        for (int i = 0; i + 2 < declared.length; i += 3) {
            Method m = find(methods, declared[i], declared[i + 1]);
            if (m == null) {
                continue;   // a method reflection does not show (a bridge the VM lists): nothing to map
            }
            try {
                install(m, CodeMappings.check(m, declared[i + 2]));
            } catch (InvalidMappingException e) {
                MappingWarnings.warnOnce(MappingWarnings.key(m), "code mapping refused: " + e.getMessage() + "; calls run its Java body");
            } catch (VirtualMachineError e) {
                throw e;
            } catch (Throwable t) {
                MappingWarnings.warnOnce(MappingWarnings.key(m), "code mapping refused: the checker failed with " + t
                                + "; calls run its Java body");
            }
        }
        registered.set(true);
    }

    private static Method find(Method[] methods, String name, String descriptor) {
        for (Method m : methods) {
            if (m.getName().equals(name)
                            && MethodType.methodType(m.getReturnType(), m.getParameterTypes()).toMethodDescriptorString().equals(descriptor)) {
                return m;
            }
        }
        return null;
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
