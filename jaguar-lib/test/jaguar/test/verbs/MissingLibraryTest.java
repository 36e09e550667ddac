/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.verbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jaguar.verbs.NoRdmaDeviceException;
import jaguar.verbs.RdmaListener;
import jaguar.verbs.Verbs;
import org.junit.jupiter.api.Test;

/**
 * A host without rdma-core's libraries: every use of the binding says which package to install, as
 * a {@link NoRdmaDeviceException}, the first time and every time after (never an
 * ExceptionInInitializerError, then a NoClassDefFoundError that has lost the message). The
 * libraries are hidden from a child JVM by mounting /dev/null over them in a mount namespace of
 * its own, so it needs root (CI runs as root).
 */
class MissingLibraryTest {
    @Test
    void aMissingLibraryIsNamedWithItsPackageAtEveryUse() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root to hide the libraries in a mount namespace (unshare --mount)");
        Path ibverbs = library("libibverbs.so.1");
        Path rdmacm = library("librdmacm.so.1");
        String java = ProcessHandle.current().info().command().orElseThrow();
        String classes = Path.of(WithoutLibraries.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        String script = "mount --bind /dev/null '" + ibverbs + "' && mount --bind /dev/null '" + rdmacm + "' && exec \"$@\"";
        Process p = new ProcessBuilder("unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh", java, "-cp", classes,
                        WithoutLibraries.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        String ibverbsMissing = "libibverbs.so.1 is not installed (Debian: apt-get install libibverbs1 ibverbs-providers; ./configure installs it)";
        assertEquals(List.of("devices: NoRdmaDeviceException: no RDMA device: " + ibverbsMissing, "devices again: NoRdmaDeviceException: no RDMA device: " + ibverbsMissing,
                        "open: NoRdmaDeviceException: no RDMA device: " + ibverbsMissing,
                        "bind: NoRdmaDeviceException: no RDMA device: librdmacm.so.1 is not installed (Debian: apt-get install librdmacm1; ./configure installs it)"),
                        out.lines().toList());
    }

    /** The file the dynamic loader opens for {@code soname}: what ldconfig's cache names, resolved. */
    private static Path library(String soname) throws Exception {
        Process p = new ProcessBuilder("ldconfig", "-p").start();
        String cache = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        for (String line : cache.lines().toList()) {
            if (line.trim().startsWith(soname + " ") && line.contains("x86-64")) {
                return Path.of(line.substring(line.indexOf("=> ") + 3).trim()).toRealPath();
            }
        }
        Path known = Path.of("/usr/lib/x86_64-linux-gnu", soname);
        assertTrue(Files.exists(known), soname + " is in neither ldconfig's cache nor " + known + ": ./configure installs it");
        return known.toRealPath();
    }

    /** Run by the test above with the libraries hidden: prints what each use throws. */
    public static final class WithoutLibraries {
        public static void main(String[] args) {
            attempt("devices", Verbs::devices);
            attempt("devices again", Verbs::devices);
            attempt("open", () -> Verbs.open("rxe0"));
            attempt("bind", () -> RdmaListener.bind(new InetSocketAddress("127.0.0.1", 0), 1));
        }

        private static void attempt(String what, Runnable use) {
            try {
                use.run();
                System.out.println(what + ": no exception");
            } catch (Throwable t) {
                System.out.println(what + ": " + t.getClass().getSimpleName() + ": " + t.getMessage());
            }
        }
    }
}
