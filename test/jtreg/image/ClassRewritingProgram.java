/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.lang.reflect.Field;
import java.util.Arrays;

import jaguar.test.ChildFirstLoader;

/**
 * Loads RewrittenPoint through the application class loader and through a loader of its own
 * (child-first for that one class), and prints whether each copy was rewritten: its laid-out
 * fields gone, its accessors there.
 */
public class ClassRewritingProgram {
    static String describe(Class<?> c) {
        return describe(c, "x");
    }

    /** Whether {@code c} was rewritten: its laid-out field {@code field} gone, its accessor there. */
    static String describe(Class<?> c, String field) {
        boolean fieldsGone = Arrays.stream(c.getDeclaredFields()).map(Field::getName).noneMatch(n -> n.equals(field));
        boolean accessors = Arrays.stream(c.getDeclaredMethods()).anyMatch(m -> m.getName().equals("$pso$get$" + field));
        return c.getClassLoader().getName() + " rewritten=" + (fieldsGone && accessors);
    }

    public static void main(String[] args) throws Exception {
        System.out.println(describe(RewrittenPoint.class));
        System.out.println(describe(new ChildFirstLoader("own", ClassLoader.getSystemClassLoader(), "RewrittenPoint"::equals).loadClass("RewrittenPoint")));
        // Defined after RewrittenPoint is loaded, so the VM's own first look (not the Java
        // filter) sees the loaded PSO class: both must still reach the rewriter.
        Class<?> sub = Class.forName("RewrittenPoint3D");
        System.out.println("subclass " + describe(sub, "z").replace("app ", ""));
        try (jaguar.ext.OffHeapBuffer buffer = jaguar.ext.OffHeapBuffer.allocate(4096)) {
            jaguar.pso.PSOContainer container = jaguar.pso.PSOContainer.format(buffer);
            RewrittenPoint p = container.allocate(RewrittenPoint.class);
            System.out.println(PointUser.use(p, new PointUser.Plain()));
        }
    }
}
