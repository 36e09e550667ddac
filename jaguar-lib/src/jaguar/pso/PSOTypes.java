/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * The PSO classes this JVM has loaded, by class and by layout fingerprint. A rewritten PSO class
 * registers itself from its static initializer, passing its layout descriptor and its own lookup
 * (so the runtime can call the constructors the rewriter added, whatever their access).
 */
final class PSOTypes {
    /** A registered PSO class. */
    record Type(Class<? extends PSO> type, PSOLayout layout, Function<PSOPlacement, PSO> mapper, Function<PSOPlacement, PSO> allocator,
                    MethodHandle constructor) {
        /** A new instance placed at p, no user constructor run; null mapper for abstract classes. */
        PSO map(PSOPlacement p) {
            if (mapper == null) {
                throw new PSOFormatException("cannot map an abstract PSO class " + type.getName());
            }
            return mapper.apply(p);
        }
    }

    private static final Map<Class<?>, Type> REGISTERED = new ConcurrentHashMap<>();
    private static final Map<Integer, List<Type>> BY_FINGERPRINT = new ConcurrentHashMap<>();
    private static final MethodType MAPPER = MethodType.methodType(void.class, PSOPlacement.class);

    private static final ClassValue<Type> TYPES = new ClassValue<>() {
        @Override
        protected Type computeValue(Class<?> c) {
            if (!PSO.class.isAssignableFrom(c) || c == PSO.class) {
                throw new IllegalArgumentException(c.getName() + " is not a subclass of " + PSO.class.getName());
            }
            try {
                // Runs the static initializer, which registers the class if it was rewritten.
                Class.forName(c.getName(), true, c.getClassLoader());
            } catch (ClassNotFoundException e) {
                // A hidden or otherwise unnamed class: it cannot have been rewritten either.
            }
            Type t = REGISTERED.get(c);
            if (t == null) {
                throw new IllegalStateException("PSO class " + c.getName() + " was not rewritten by Jaguar's PSO class rewriter:"
                                + " PSOs need Jaguar's JDK (build/jdk/bin/java), which rewrites them by default, or, on another JDK,"
                                + " the rewriter as a Java agent: java -javaagent:" + libraryJar() + " (doc/pso.md)");
            }
            return t;
        }
    };

    private PSOTypes() {
    }

    /** The path of the jar this library was loaded from, for the -javaagent option; a placeholder if it is not a jar. */
    private static String libraryJar() {
        try {
            CodeSource cs = PSO.class.getProtectionDomain().getCodeSource();
            if (cs != null && cs.getLocation() != null && cs.getLocation().getProtocol().equals("file")) {
                Path p = Path.of(cs.getLocation().toURI());
                if (Files.isRegularFile(p)) {
                    return p.toString();
                }
            }
        } catch (URISyntaxException | RuntimeException e) {
            // fall through to the placeholder
        }
        return "<path of jaguar-lib.jar>";
    }

    /** A Function calling {@code target} (PSOPlacement -> a PSO): an interface call, cheaper than a non-constant handle. */
    @SuppressWarnings("unchecked")
    private static Function<PSOPlacement, PSO> function(MethodHandles.Lookup lookup, MethodHandle target) {
        try {
            MethodType erased = MethodType.methodType(Object.class, Object.class);
            CallSite site = LambdaMetafactory.metafactory(lookup, "apply", MethodType.methodType(Function.class), erased, target,
                            MethodType.methodType(target.type().returnType(), PSOPlacement.class));
            return (Function<PSOPlacement, PSO>) site.getTarget().invoke();
        } catch (Throwable e) {
            throw new IllegalStateException("cannot link " + target + " of " + lookup.lookupClass().getName(), e);
        }
    }

    static Type of(Class<?> c) {
        return TYPES.get(c);
    }

    static PSOLayout layoutOf(Class<?> c) {
        return TYPES.get(c).layout;
    }

    /** The loaded PSO class with this fingerprint that is a {@code expected}, or null. */
    static Type byFingerprint(int fingerprint, Class<?> expected) {
        List<Type> ts = BY_FINGERPRINT.get(fingerprint);
        if (ts != null) {
            for (Type t : ts) {
                if (expected.isAssignableFrom(t.type)) {
                    return t;
                }
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    static void register(String descriptor, MethodHandles.Lookup lookup) {
        Class<?> c = lookup.lookupClass();
        if (!lookup.hasFullPrivilegeAccess() || !PSO.class.isAssignableFrom(c)) {
            throw new IllegalArgumentException("a PSO class registers itself, with its own lookup: " + lookup);
        }
        PSOLayout layout = PSOLayout.parse(descriptor);
        if (!layout.className().equals(c.getName())) {
            throw new IllegalArgumentException("layout of " + layout.className() + " registered by " + c.getName());
        }
        Function<PSOPlacement, PSO> mapper = null;
        Function<PSOPlacement, PSO> allocator = null;
        MethodHandle constructor = null;
        try {
            if (!Modifier.isAbstract(c.getModifiers())) {
                mapper = function(lookup, lookup.findConstructor(c, MAPPER));
                try {
                    constructor = lookup.findConstructor(c, MethodType.methodType(void.class)).asType(MethodType.methodType(PSO.class));
                } catch (NoSuchMethodException e) {
                    // No no-argument constructor: allocate with a Supplier.
                }
                try {
                    allocator = function(lookup, lookup.findStatic(c, "$pso$allocate", MethodType.methodType(PSO.class, PSOPlacement.class)));
                } catch (NoSuchMethodException e) {
                    // The constructor is not a plain super() and body: allocation hands off through a thread-local.
                }
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("PSO class " + c.getName() + " lacks the constructors the rewriter adds", e);
        }
        Type t = new Type((Class<? extends PSO>) c, layout, mapper, allocator, constructor);
        if (REGISTERED.putIfAbsent(c, t) == null) {
            BY_FINGERPRINT.computeIfAbsent(layout.fingerprint(), k -> new CopyOnWriteArrayList<>()).add(t);
        }
    }
}
