/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary Bytes written by one version of a PSO class, mapped by another version of the same
 *          class in another JVM, fail with a clear error naming the fingerprints instead of
 *          reading garbage; the same version reads them back.
 * @library /lib
 * @build jaguar.test.ChildJvm
 * @run main/othervm/timeout=300 PSOClassVersionTest
 */

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.tools.ToolProvider;

import jaguar.test.ChildJvm;

public class PSOClassVersionTest {
    static final String MAIN = """
            import java.nio.file.Path;
            import jaguar.ext.MappingMode;
            import jaguar.pso.FilePSOBuffer;
            public class Main {
                public static void main(String[] a) throws Exception {
                    Path f = Path.of(a[1]);
                    if (a[0].equals("write")) {
                        try (FilePSOBuffer file = FilePSOBuffer.create(f, 4096)) {
                            Account x = file.allocate(Account.class);
                            x.id = 42;
                            x.balance = 1000;
                            file.setRoot(x);
                            file.flush();
                        }
                    } else {
                        try (FilePSOBuffer file = FilePSOBuffer.open(f, MappingMode.READ_ONLY)) {
                            Account x = file.root(Account.class);
                            System.out.println("id=" + x.id + " balance=" + x.balance);
                        }
                    }
                }
            }
            """;
    static final String V1 = "public class Account extends jaguar.pso.PSO { public int id; public long balance; }";
    /** Version 2 widened id: same names, other layout. */
    static final String V2 = "public class Account extends jaguar.pso.PSO { public long id; public long balance; }";

    static Path compile(Path dir, String account) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("Main.java"), MAIN);
        Files.writeString(dir.resolve("Account.java"), account);
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.toString(), dir.resolve("Main.java").toString(),
                        dir.resolve("Account.java").toString());
        if (rc != 0) {
            throw new AssertionError("javac failed for " + dir);
        }
        return dir;
    }

    public static void main(String[] args) throws Exception {
        Path v1 = compile(Path.of("v1").toAbsolutePath(), V1);
        Path v2 = compile(Path.of("v2").toAbsolutePath(), V2);
        String file = Path.of("account.pso").toAbsolutePath().toString();
        ChildJvm.run(List.of(), v1.toString(), "Main", List.of("write", file), 120).shouldSucceed("v1 writer");
        String same = ChildJvm.run(List.of(), v1.toString(), "Main", List.of("read", file), 120).shouldSucceed("v1 reader").stdout();
        if (!same.contains("id=42 balance=1000")) {
            throw new AssertionError("v1 read back: " + same);
        }
        ChildJvm.Result other = ChildJvm.run(List.of(), v2.toString(), "Main", List.of("read", file), 120);
        if (other.exitCode() == 0 || !other.stderr().contains("jaguar.pso.PSOFormatException")
                        || !other.stderr().contains("another version of this one")) {
            throw new AssertionError("v2 reading v1's bytes should fail with a PSOFormatException; got exit " + other.exitCode()
                            + "\n" + other.stdout() + "\n" + other.stderr());
        }
        System.out.println("PASSED; v2 said: " + other.stderr().lines().filter(l -> l.contains("PSOFormatException")).findFirst().orElse(""));
    }
}
