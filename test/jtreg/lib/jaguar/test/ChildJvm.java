/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Starts a JVM of the JDK under test with the test's class path, and collects its output. */
public final class ChildJvm {
    private ChildJvm() {
    }

    /** Output and exit status of a finished child. */
    public record Result(int exitCode, String stdout, String stderr) {
        public Result shouldSucceed(String what) {
            if (exitCode != 0) {
                throw new AssertionError(what + " exited with " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr);
            }
            return this;
        }
    }

    /** Runs {@code java [vmOptions] -cp <test class path> mainClass args}, killing it after {@code timeoutSeconds}. */
    public static Result run(List<String> vmOptions, String mainClass, List<String> args, long timeoutSeconds)
                    throws IOException, InterruptedException {
        return run(vmOptions, System.getProperty("test.class.path", System.getProperty("java.class.path")), mainClass, args, timeoutSeconds);
    }

    /** As {@link #run(List, String, List, long)} with the class path {@code classPath}. */
    public static Result run(List<String> vmOptions, String classPath, String mainClass, List<String> args, long timeoutSeconds)
                    throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // jtreg's -vmoptions/-javaoptions (make test-fastdebug's stress flags) reach children too.
        for (String inherited : List.of("test.vm.opts", "test.java.opts")) {
            for (String o : System.getProperty(inherited, "").trim().split("\\s+")) {
                if (!o.isEmpty()) {
                    cmd.add(o);
                }
            }
        }
        cmd.addAll(vmOptions);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass);
        cmd.addAll(args);
        System.out.println("[child] " + String.join(" ", cmd));
        Process p = new ProcessBuilder(cmd).start();
        // Drain both pipes on their own threads so neither a full pipe nor a hung child blocks us.
        var stdout = drain(p.getInputStream());
        var stderr = drain(p.getErrorStream());
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("child " + mainClass + " did not finish in " + timeoutSeconds + " s\n--- stdout\n"
                            + stdout.getNow("") + "\n--- stderr\n" + stderr.getNow(""));
        }
        return new Result(p.exitValue(), stdout.join(), stderr.join());
    }

    private static CompletableFuture<String> drain(InputStream in) {
        var text = new CompletableFuture<String>();
        Thread.ofVirtual().start(() -> {
            try {
                text.complete(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                text.completeExceptionally(e);
            }
        });
        return text;
    }
}
