/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.ObjectInputFilter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.rmi.UnmarshalException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Callable;

import tigris.Report;
import tigris.transport.Transports;

/**
 * What the control agent may deserialize from a node's answers, as the node's filter bounds what a
 * caller sends it: the runtime's answer types, module reports (records implementing
 * {@link Report}), the declared result of the action the agent awaits, and the records, enums and
 * arrays these are made of; everything else is rejected before it is built, and the call fails
 * naming the node and the class. RMI reads an answer on the calling thread with the JVM-wide
 * filter, so this is that filter, deciding only inside an agent's call ({@link #guard}) and
 * leaving every other stream of the process to the process.
 */
final class AgentSerialFilter implements ObjectInputFilter {
    private static final AgentSerialFilter INSTANCE = new AgentSerialFilter();
    private static final ThreadLocal<Scope> SCOPE = new ThreadLocal<>();

    private static final long MAX_DEPTH = 16;
    private static final long MAX_REFERENCES = 1_000_000;
    private static final long MAX_BYTES = 256L << 20;
    /** Elements of one array: an array is allocated before its elements are read, so its length is bounded alone (32 MiB of longs). */
    private static final long MAX_ARRAY = 1L << 22;

    /** The runtime's own answer types and what they are made of (collections, exceptions, RMI stubs). */
    private static final Set<String> RUNTIME = Set.of("java.lang.String", "java.lang.Number", "java.lang.Long", "java.lang.Integer", "java.lang.Boolean",
                    "java.lang.Double", "java.lang.Enum", "java.lang.Object", "java.lang.Record",
                    "java.util.ArrayList", "java.util.HashMap", "java.util.LinkedHashMap", "java.util.CollSer", "java.util.ImmutableCollections$ListN",
                    "java.util.ImmutableCollections$List12", "java.util.ImmutableCollections$MapN", "java.util.ImmutableCollections$Map1",
                    "java.util.ImmutableCollections$SetN", "java.util.ImmutableCollections$Set12", "java.util.Collections$EmptyList",
                    "java.util.Collections$UnmodifiableList", "java.util.Collections$UnmodifiableRandomAccessList", "java.util.Collections$UnmodifiableCollection",
                    "java.util.Collections$SingletonList", "java.util.Collections$EmptyMap", "java.util.Arrays$ArrayList", "java.time.Ser",
                    // a node's refusals and failures: the message is what the agent reports
                    "java.lang.Throwable", "java.lang.Exception", "java.lang.RuntimeException", "java.lang.Error", "java.lang.StackTraceElement",
                    "java.lang.IllegalArgumentException", "java.lang.IllegalStateException", "java.lang.NullPointerException",
                    "java.lang.UnsupportedOperationException", "java.lang.ClassNotFoundException", "java.lang.ReflectiveOperationException",
                    "java.lang.LinkageError", "java.lang.NoClassDefFoundError", "java.lang.VirtualMachineError", "java.lang.OutOfMemoryError",
                    "java.lang.StackOverflowError", "java.io.IOException", "java.io.UncheckedIOException", "java.io.ObjectStreamException",
                    "java.io.InvalidClassException", "java.io.InvalidObjectException", "java.rmi.RemoteException", "java.rmi.ServerException",
                    "java.rmi.ServerError", "java.rmi.MarshalException", "java.rmi.UnmarshalException", "java.rmi.NoSuchObjectException",
                    "tigris.node.NodeException",
                    // the registry's answer: the node's manager's stub
                    "java.lang.reflect.Proxy", "java.rmi.server.RemoteObjectInvocationHandler", "java.rmi.server.RemoteObject", "java.rmi.Remote",
                    "tigris.node.RiverManager", "tigris.node.TlsSocketFactories$Client", "java.rmi.server.UID", "java.rmi.server.ObjID",
                    "java.rmi.dgc.Lease", "java.rmi.dgc.VMID",
                    // the answers of RiverManager's methods
                    "tigris.RiverAttempt", "tigris.ThreadStatus", "tigris.ModuleThread$State", "tigris.Failure", "tigris.EndStatus", "tigris.TextReport",
                    "tigris.node.CommittedPart", "tigris.node.ActionOutcome", "tigris.node.ActionOutcome$State");
    private static final Set<String> ENDPOINTS = Set.copyOf(Transports.endpointTypes().stream().map(Class::getName).toList());

    /** One agent call: what it admits besides the runtime's types, and what it refused. */
    private static final class Scope {
        final Set<String> admitted = new HashSet<>();
        String refused;
    }

    private AgentSerialFilter() {
    }

    /**
     * Makes this the JVM-wide filter (once per process).
     *
     * @throws IllegalStateException if the process already has another JVM-wide filter (from
     *         {@code jdk.serialFilter} or the application), which the agent cannot then replace
     */
    static synchronized void install() {
        ObjectInputFilter present = ObjectInputFilter.Config.getSerialFilter();
        if (present == INSTANCE) {
            return;
        }
        if (present != null) {
            throw new IllegalStateException("this process already has a JVM-wide deserialization filter (" + present
                            + ", from jdk.serialFilter or the application): a control agent filters what nodes answer with its own, so run it without one");
        }
        ObjectInputFilter.Config.setSerialFilter(INSTANCE);
    }

    @Override
    public Status checkInput(FilterInfo info) {
        Scope scope = SCOPE.get();
        if (scope == null) {
            return Status.UNDECIDED;   // not an agent's call: the process's business
        }
        if (info.depth() > MAX_DEPTH || info.references() > MAX_REFERENCES || info.streamBytes() > MAX_BYTES || info.arrayLength() > MAX_ARRAY) {
            scope.refused = "an answer deeper or larger than an agent reads (depth " + info.depth() + ", " + info.references() + " references, " + info.streamBytes()
                            + " bytes)";
            return Status.REJECTED;
        }
        Class<?> c = info.serialClass();
        if (c == null) {
            return Status.UNDECIDED;
        }
        while (c.isArray()) {
            c = c.getComponentType();
        }
        // An interface is only ever an array's element type or a proxy's (no instance of one is
        // built); the elements and the proxy's handler are checked themselves.
        if (c.isPrimitive() || c.isInterface() || Proxy.isProxyClass(c) || RUNTIME.contains(c.getName()) || ENDPOINTS.contains(c.getName()) || scope.admitted.contains(c.getName())) {
            if (c.isRecord()) {
                admitShape(c, scope.admitted);
            }
            return Status.ALLOWED;
        }
        if (c.isRecord() && Report.class.isAssignableFrom(c)) {
            admitShape(c, scope.admitted);   // a module's report: a record, built through its constructor
            return Status.ALLOWED;
        }
        scope.refused = c.getName();
        return Status.REJECTED;
    }

    /** Admits {@code type} and, for a record, the records, enums and element types of its components. */
    private static void admitShape(Type type, Set<String> admitted) {
        if (type instanceof ParameterizedType p) {
            admitShape(p.getRawType(), admitted);
            for (Type a : p.getActualTypeArguments()) {
                admitShape(a, admitted);
            }
        } else if (type instanceof Class<?> c) {
            while (c.isArray()) {
                c = c.getComponentType();
            }
            if (c.isPrimitive()) {
                return;
            }
            if (c.isRecord() || c.isEnum()) {
                if (!admitted.add(c.getName())) {
                    return;
                }
                if (c.isRecord()) {
                    for (RecordComponent rc : c.getRecordComponents()) {
                        admitShape(rc.getGenericType(), admitted);
                    }
                }
            } else if (c.getName().startsWith("java.lang.") || c.getName().startsWith("java.time.")) {
                admitted.add(c.getName());
            }
        }
    }

    /** {@code manager}, with every answer of {@code node} filtered. */
    static RiverManager guard(RiverManager manager, String node) {
        InvocationHandler h = (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return method.invoke(manager, args);
            }
            return during(node, Set.of(), () -> {
                try {
                    return method.invoke(manager, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause() instanceof Exception x ? x : new java.rmi.RemoteException(e.getCause().toString(), e.getCause());
                }
            });
        };
        return (RiverManager) Proxy.newProxyInstance(RiverManager.class.getClassLoader(), new Class<?>[] {RiverManager.class}, h);
    }

    /** The class named {@code resultType} and what it is made of (where the agent can load it), for {@link #during}. */
    static Set<String> shapeOf(String resultType) {
        Set<String> s = new HashSet<>();
        s.add(resultType);
        for (ClassLoader l : new ClassLoader[] {Thread.currentThread().getContextClassLoader(), AgentSerialFilter.class.getClassLoader()}) {
            try {
                admitShape(Class.forName(resultType, false, l), s);
                break;
            } catch (ClassNotFoundException | LinkageError e) {
                // not there: the name alone is admitted
            }
        }
        return s;
    }

    /**
     * Runs {@code call} (an RMI call to {@code node}) with answers filtered, admitting also the
     * classes named in {@code admitted}; a call inside another keeps the outer one's scope.
     *
     * @throws UnmarshalException naming the node and the class if the answer held one the agent does not accept
     */
    static <T> T during(String node, Set<String> admitted, Callable<T> call) throws Exception {
        Scope outer = SCOPE.get();
        Scope scope = outer != null ? outer : new Scope();
        scope.admitted.addAll(admitted);
        SCOPE.set(scope);
        try {
            return call.call();
        } catch (java.rmi.RemoteException e) {
            String refused = scope.refused;
            if (refused != null) {
                scope.refused = null;
                throw new UnmarshalException("node " + node + " answered with " + refused + ", which a control agent does not accept (a node answers with the runtime's"
                                + " types, module reports and the declared result of an action; anything else is refused before it is built)");
            }
            throw e;
        } finally {
            if (outer == null) {
                SCOPE.remove();
            }
        }
    }
}
