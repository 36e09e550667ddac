/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping;

import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import jaguar.mapping.internal.MappingRegistrar;
import jaguar.mapping.template.MethodSignature;
import jaguar.mapping.template.Template;
import jaguar.mapping.template.TemplateException;

/**
 * Registration and checking of code mappings, and the strict mode that proves the JIT maps them.
 *
 * <p>Jaguar's HotSpot registers a class's mappings when it initialises the class, so registering
 * by hand is not needed for a mapping to work; {@link #register} does it eagerly, so that a bad
 * template fails with an exception naming the method rather than being reported once (the
 * method then keeps its Java body).
 */
public final class CodeMappings {
    /** Strict mode can only be armed when the VM was started with {@code -Djaguar.mapping.strict=true}. */
    private static final boolean STRICT_AVAILABLE = Boolean.getBoolean("jaguar.mapping.strict");
    private static volatile boolean strict;
    /** Java-body executions per mapped method, counted while strict mode is available. */
    private static final ConcurrentHashMap<String, LongAdder> JAVA_BODY_RUNS = new ConcurrentHashMap<>();
    /** Their sum, kept apart so that reading it is a few loads (a benchmark reads it per message). */
    private static final LongAdder JAVA_BODY_RUNS_TOTAL = new LongAdder();

    private CodeMappings() {
    }

    /**
     * Checks every {@link CodeMapping} declared by {@code type} and hands the checked mappings to
     * Jaguar's HotSpot. The VM does the same by itself when it initialises the class; calling this
     * makes a bad template fail here, with an exception, instead of being reported once.
     *
     * @param type the class whose declared methods are scanned (inherited ones are not); must not
     *        be null
     * @return the checked templates, one per mapped method, in the order
     *         {@link Class#getDeclaredMethods()} lists them (which need not be declaration order)
     * @throws InvalidMappingException naming the first method whose mapping is wrong and why
     */
    public static List<Template> register(Class<?> type) {
        return MappingRegistrar.register(type);
    }

    /**
     * Checks one method's template against the method, without registering it: the method must
     * have a Java body (not abstract or native), be declared by a class, not an interface, and
     * not be synchronized, and the template must parse and check against its signature.
     *
     * @param m the mapped method; its annotation is not read, {@code template} is used instead
     * @param template the template text, as in {@link CodeMapping#value()}
     * @return the checked template
     * @throws InvalidMappingException if the method cannot be mapped or the template is wrong; the
     *         message names the method and, for a template fault, the line
     */
    public static Template check(Method m, String template) {
        String owner = m.getDeclaringClass().getName();
        String display = owner + "." + m.getName();
        int mod = m.getModifiers();
        if (Modifier.isAbstract(mod) || Modifier.isNative(mod)) {
            throw new InvalidMappingException(display + ": a mapped method needs a Java body with the same meaning (it is "
                            + (Modifier.isNative(mod) ? "native" : "abstract") + ")");
        }
        if (m.getDeclaringClass().isInterface()) {
            throw new InvalidMappingException(display + ": mappings on interface methods are not supported; map a static or final method");
        }
        if (Modifier.isSynchronized(mod)) {
            throw new InvalidMappingException(display + ": a mapped method cannot be synchronized (the template would drop the lock)");
        }
        String desc = MethodType.methodType(m.getReturnType(), m.getParameterTypes()).toMethodDescriptorString();
        try {
            return Template.compile(MethodSignature.of(owner, m.getName(), desc, Modifier.isStatic(mod)), template);
        } catch (TemplateException e) {
            throw new InvalidMappingException(e.getMessage());
        }
    }

    /**
     * Arms or disarms strict mode: while armed, the Java body of every Jaguar-shipped mapping
     * (and of any user mapping that calls {@link #enterJavaBody}) throws, which proves that
     * compiled callers run the inlined template instead.
     *
     * @param on {@code true} to arm strict mode, {@code false} to disarm it
     * @throws IllegalStateException if the VM was not started with {@code -Djaguar.mapping.strict=true}
     */
    public static void setStrict(boolean on) {
        if (!STRICT_AVAILABLE) {
            throw new IllegalStateException("strict mode needs -Djaguar.mapping.strict=true on the command line");
        }
        strict = on;
    }

    /**
     * Called first by a mapped method's Java body. Free unless the VM runs with
     * {@code -Djaguar.mapping.strict=true}: the check folds away in compiled code. With it, the run
     * is counted for {@link #javaBodyRuns()}.
     *
     * @param method the name the mapped method reports itself by (for example
     *        {@code "Mailbox.post"}): the key of {@link #javaBodyRunsByMethod()} and part of the
     *        exception's message
     * @throws IllegalStateException if strict mode is armed ({@link #setStrict}): the Java body ran,
     *         so its caller was not mapped
     */
    public static void enterJavaBody(String method) {
        if (STRICT_AVAILABLE) {
            if (strict) {
                throw new IllegalStateException("strict mode: the Java body of mapped method " + method + " ran; its caller was not JIT-mapped");
            }
            JAVA_BODY_RUNS.computeIfAbsent(method, m -> new LongAdder()).increment();
            JAVA_BODY_RUNS_TOTAL.increment();
        }
    }

    /**
     * How often Java bodies that call {@link #enterJavaBody} have run; counted only with
     * {@code -Djaguar.mapping.strict=true}. A warm-up loop is done when a whole round adds nothing.
     *
     * @return the number of Java body runs since the VM started, over all methods; 0 without
     *         {@code -Djaguar.mapping.strict=true}
     */
    public static long javaBodyRuns() {
        return JAVA_BODY_RUNS_TOTAL.sum();
    }

    /**
     * {@link #javaBodyRuns()} per mapped method (the name its body passes to
     * {@link #enterJavaBody}), in name order: which callers the JIT has not mapped yet.
     *
     * @return a new, modifiable snapshot from method name to its Java body runs; empty without
     *         {@code -Djaguar.mapping.strict=true}
     */
    public static SortedMap<String, Long> javaBodyRunsByMethod() {
        SortedMap<String, Long> out = new TreeMap<>();
        JAVA_BODY_RUNS.forEach((method, runs) -> out.put(method, runs.sum()));
        return out;
    }
}
