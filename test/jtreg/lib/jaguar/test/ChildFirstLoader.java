/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.Predicate;

/**
 * A class loader that defines the classes it owns itself, from the class files its parent can
 * read, and delegates the rest: each instance holds its own copy of those classes (a class
 * defined by a user's loader, or a fresh class to initialise again).
 */
public class ChildFirstLoader extends ClassLoader {
    private final Predicate<String> owns;

    public ChildFirstLoader(String name, ClassLoader parent, Predicate<String> owns) {
        super(name, parent);
        this.owns = owns;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!owns.test(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                    if (in == null) {
                        throw new ClassNotFoundException(name + ": no class file on the parent's path");
                    }
                    byte[] b = in.readAllBytes();
                    c = defineClass(name, b, 0, b.length);
                } catch (IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
            }
            return c;
        }
    }
}
