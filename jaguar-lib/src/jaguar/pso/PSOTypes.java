package jaguar.pso;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The PSO classes this JVM has loaded, by class and by layout fingerprint. A rewritten PSO class
 * registers itself from its static initializer, passing its layout descriptor and its own lookup
 * (so the runtime can call the constructors the rewriter added, whatever their access).
 */
final class PSOTypes {
    /** A registered PSO class. */
    record Type(Class<? extends PSO> type, PSOLayout layout, MethodHandle mapper, MethodHandle constructor) {
        /** A new instance placed at p, no user constructor run; null mapper for abstract classes. */
        PSO map(PSOPlacement p) {
            if (mapper == null) {
                throw new PSOFormatException("cannot map an abstract PSO class " + type.getName());
            }
            try {
                return (PSO) mapper.invokeExact(p);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
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
                throw new IllegalStateException("PSO class " + c.getName()
                                + " was not rewritten by Jaguar's PSO class rewriter: run it on Jaguar's JDK (build/jdk/bin/java), "
                                + "which loads the rewriter by default (doc/pso.md)");
            }
            return t;
        }
    };

    private PSOTypes() {
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
        MethodHandle mapper = null;
        MethodHandle constructor = null;
        try {
            if (!Modifier.isAbstract(c.getModifiers())) {
                mapper = lookup.findConstructor(c, MAPPER).asType(MethodType.methodType(PSO.class, PSOPlacement.class));
                try {
                    constructor = lookup.findConstructor(c, MethodType.methodType(void.class)).asType(MethodType.methodType(PSO.class));
                } catch (NoSuchMethodException e) {
                    // No no-argument constructor: allocate with a Supplier.
                }
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("PSO class " + c.getName() + " lacks the constructors the rewriter adds", e);
        }
        Type t = new Type((Class<? extends PSO>) c, layout, mapper, constructor);
        if (REGISTERED.putIfAbsent(c, t) == null) {
            BY_FINGERPRINT.computeIfAbsent(layout.fingerprint(), k -> new CopyOnWriteArrayList<>()).add(t);
        }
    }
}
