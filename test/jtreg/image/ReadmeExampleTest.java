/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary The README's code-mapping example compiles as shown (cut out of README.md, compiled by
 *          the image's javac) and counts: increment returns the old value and adds one.
 * @run main/othervm --enable-native-access=ALL-UNNAMED ReadmeExampleTest
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.tools.ToolProvider;

public class ReadmeExampleTest {
    public static void main(String[] args) throws Exception {
        Path readme = Path.of(System.getProperty("test.root")).resolve("../../README.md").normalize();
        String text = Files.readString(readme);
        int at = text.indexOf("final class Counters");
        int start = text.lastIndexOf("```java\n", at);
        int end = text.indexOf("```", at);
        if (at < 0 || start < 0 || end < 0) {
            throw new AssertionError(readme + " has no ```java block with class Counters");
        }
        Path src = Path.of("readme-src", "Counters.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, text.substring(start + "```java\n".length(), end));
        Path out = Files.createDirectories(Path.of("readme-classes"));
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", out.toString(), src.toString());
        if (rc != 0) {
            throw new AssertionError("the README's example does not compile (javac exit " + rc + ")");
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL()}); Arena arena = Arena.ofConfined()) {
            Method increment = loader.loadClass("Counters").getDeclaredMethod("increment", long.class, long.class);
            increment.setAccessible(true);
            MemorySegment m = arena.allocate(16, 8);
            m.set(ValueLayout.JAVA_LONG, 8, 41L);
            long old = (long) increment.invoke(null, m.address(), 8L);
            if (old != 41 || m.get(ValueLayout.JAVA_LONG, 8) != 42) {
                throw new AssertionError("increment returned " + old + " and left " + m.get(ValueLayout.JAVA_LONG, 8));
            }
        }
        System.out.println("the README's example compiles and counts");
    }
}
