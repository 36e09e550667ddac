/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary build/jdk's release file describes it as a vendor JDK's does (IDEs, Gradle toolchains
 *          and jtreg's VMProps read it): implementor, versions, platform, source and modules; and
 *          java.base's vendor properties name Jaguar as the release file does.
 * @run main ReleaseFileTest
 */

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

public class ReleaseFileTest {
    public static void main(String[] args) throws Exception {
        Path release = Path.of(System.getProperty("java.home"), "release");
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(release)) {
            p.load(r);
        }
        for (String key : List.of("IMPLEMENTOR", "IMPLEMENTOR_VERSION", "JAVA_VERSION", "JAVA_RUNTIME_VERSION", "JAVA_VERSION_DATE",
                        "OS_NAME", "OS_ARCH", "SOURCE", "MODULES")) {
            String v = p.getProperty(key);
            if (v == null || v.length() < 3 || !v.startsWith("\"") || !v.endsWith("\"")) {
                throw new AssertionError(release + ": " + key + " missing or not a quoted value: " + v);
            }
        }
        expect(p, "IMPLEMENTOR", "\"Jaguar\"");
        expect(p, "JAVA_VERSION", "\"" + Runtime.version().feature() + "." + Runtime.version().interim() + "." + Runtime.version().update() + "\"");
        expect(p, "JAVA_RUNTIME_VERSION", "\"" + System.getProperty("java.runtime.version") + "\"");
        expect(p, "OS_ARCH", "\"" + System.getProperty("os.arch").replace("amd64", "x86_64") + "\"");
        if (!p.getProperty("SOURCE").matches("\"\\.:git:[0-9a-f]{12} hotspot:openjdk-[^ ]+\\.orig\\.tar\\.xz\"")) {
            throw new AssertionError("SOURCE does not name Jaguar's commit and the HotSpot source: " + p.getProperty("SOURCE"));
        }
        for (String module : List.of("java.base", "jaguar.lib", "jaguar.tigris")) {
            if (!(" " + p.getProperty("MODULES").replace("\"", "") + " ").contains(" " + module + " ")) {
                throw new AssertionError("MODULES lacks " + module);
            }
        }
        String implementor = p.getProperty("IMPLEMENTOR").replace("\"", "");
        String implementorVersion = p.getProperty("IMPLEMENTOR_VERSION").replace("\"", "");
        expectProperty("java.vendor", implementor);
        expectProperty("java.vm.vendor", implementor);
        expectProperty("java.vendor.version", implementorVersion);
        for (String url : List.of("java.vendor.url", "java.vendor.url.bug")) {
            String v = System.getProperty(url);
            if (v == null || !v.startsWith("https://") || v.contains("adoptium")) {
                throw new AssertionError(url + " is " + v + ", not the URL Jaguar's OpenJDK build configures");
            }
        }
        System.out.println("release file complete: " + p.getProperty("IMPLEMENTOR") + " " + p.getProperty("IMPLEMENTOR_VERSION"));
    }

    static void expectProperty(String key, String want) {
        if (!want.equals(System.getProperty(key))) {
            throw new AssertionError("system property " + key + " is " + System.getProperty(key) + ", expected " + want);
        }
    }

    static void expect(Properties p, String key, String want) {
        if (!want.equals(p.getProperty(key))) {
            throw new AssertionError(key + " is " + p.getProperty(key) + ", expected " + want);
        }
    }
}
