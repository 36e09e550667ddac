/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method as a code mapping: Jaguar's JIT replaces every call to it by the inline
 * machine operations of {@link #value()}, a template in Jaguar's template language
 * (doc/code-mappings.md). The method's Java body must mean the same thing; the interpreter,
 * C1 and deoptimised frames run it.
 *
 * <pre>{@code
 * @CodeMapping("""
 *     v = load.i32.acquire [$0 + $1]
 *     return v
 *     """)
 * static int getIntAcquire(long address, long offset) { ... same thing with a VarHandle ... }
 * }</pre>
 *
 * Static, private and final methods map at every call site. An overridable method maps only
 * where the JIT can prove the call reaches this method (class-hierarchy analysis, with
 * deoptimisation if a later class overrides it); elsewhere it is called normally.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface CodeMapping {
    /**
     * The template: one instruction per line or per {@code ;}, {@code #} starting a comment, at
     * most 32 instructions; the method's parameters are {@code $0}, {@code $1}, ... (the receiver
     * not counted).
     *
     * @return the template's source text, checked when the class is registered
     */
    String value();
}
