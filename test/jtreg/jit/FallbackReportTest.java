/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary Every path where C2 or C1 compiles a call of a mapped method as a call of its Java
 *          body is reported under -Xlog:jaguar, once per method, JIT and reason: forced by
 *          -XX:+JaguarForceFallback, -XX:-Inline, dontinline, an operation C1 has no expansion
 *          for, an address known to be zero, a class still being initialised, a virtual call.
 *          The Java body ran for every such call and the results are right; with no fall-back
 *          nothing is reported, and nothing is printed without -Xlog:jaguar.
 * @library /lib
 * @build jaguar.test.ChildJvm FallbackProgram
 * @run main/othervm/timeout=600 FallbackReportTest
 */

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jaguar.test.ChildJvm;

public class FallbackReportTest {
    static final List<String> BASE = List.of("-Djaguar.mapping.strict=true", "--enable-native-access=ALL-UNNAMED",
                    "-XX:CompileCommand=quiet");
    static final String FORCE = "-XX:+JaguarForceFallback";
    static final String ADD = "FallbackProgram.add(long, long)";

    public static void main(String[] args) throws Exception {
        List<String> forced = List.of("-Xlog:jaguar", "-XX:+UnlockDiagnosticVMOptions", FORCE);
        String out = run("add", forced);
        once(out, "C2", ADD, "forced by -XX:+JaguarForceFallback");
        once(out, "C1", ADD, "forced by -XX:+JaguarForceFallback");
        bodyRanEveryCall(out, "add");

        out = run("add", List.of("-Xlog:jaguar", "-XX:-Inline"));
        once(out, "C2", ADD, "inlining is off (-XX:-Inline)");
        once(out, "C1", ADD, "inlining is off (-XX:-Inline)");
        bodyRanEveryCall(out, "add");

        out = run("add", List.of("-Xlog:jaguar", "-XX:CompileCommand=dontinline,FallbackProgram::add"));
        once(out, "C2", ADD, "dontinline");
        once(out, "C1", ADD, "dontinline");
        bodyRanEveryCall(out, "add");

        out = run("ticks", List.of("-Xlog:jaguar", "-XX:TieredStopAtLevel=1"));
        once(out, "C1", "FallbackProgram.ticks()", "no expansion for operation 'rdtsc'");
        bodyRanEveryCall(out, "ticks");

        // Compiled before it runs, with no profile: C2 parses the branch that passes address 0.
        out = run("zero", List.of("-Xlog:jaguar", "-XX:-TieredCompilation", "-Xcomp", "-XX:CompileCommand=compileonly,FallbackProgram::probe"));
        once(out, "C2", "FallbackProgram.peek(long)", "an address is zero at compile time");

        out = run("late", List.of("-Xlog:jaguar", "-Xbatch", "-XX:CompileCommand=dontinline,FallbackProgram::useLate"));
        once(out, "C2", "FallbackProgram$Late.plus(long, long)", "its class is not initialised yet");
        once(out, "C1", "FallbackProgram$Late.plus(long, long)", "its class is not initialised yet");
        bodyRanEveryCall(out, "plus");

        out = run("virtual", List.of("-Xlog:jaguar"));
        once(out, "C2", "FallbackProgram$Counter.next(int)", "not statically bound");
        once(out, "C1", "FallbackProgram$Counter.next(int)", "not statically bound");
        bodyRanEveryCall(out, "next");

        // Mapped: no report, the body stops running, the trace alias prints the mapped sites.
        out = run("add", List.of("-Xlog:jaguar", "-Djaguar.jit.trace=true"));
        none(out, "compiles calls of");
        if (body(out, "add") >= calls(out)) {
            throw new AssertionError("the mapping was never expanded: its Java body ran for every call\n" + out);
        }
        for (String jit : List.of("C2", "C1")) {
            require(out, "\\[jaguar,jit\\s*\\] " + Pattern.quote("mapped " + ADD + " in FallbackProgram.addRound(long) (" + jit + ")"),
                            "-Djaguar.jit.trace=true");
        }

        // Fall-backs are quiet unless asked for.
        out = run("add", List.of("-XX:+UnlockDiagnosticVMOptions", FORCE));
        none(out, "compiles calls of");
        System.out.println("every fall-back reported once per method, JIT and reason; Java bodies ran; results right");
    }

    static String run(String mode, List<String> flags) throws Exception {
        List<String> vm = new ArrayList<>(BASE);
        vm.addAll(flags);
        ChildJvm.Result r = ChildJvm.run(vm, "FallbackProgram", List.of(mode), 240).shouldSucceed("FallbackProgram " + mode + " " + flags);
        if (!r.stdout().contains("\nok\n") && !r.stdout().startsWith("ok\n")) {
            throw new AssertionError("FallbackProgram " + mode + " did not finish its checks\n" + r.stdout() + r.stderr());
        }
        return r.stdout() + r.stderr();
    }

    static void once(String out, String jit, String method, String reason) {
        Pattern p = Pattern.compile("\\[jaguar\\s*\\] " + Pattern.quote(jit + " compiles calls of " + method
                        + " as calls of its Java body: ") + ".*" + Pattern.quote(reason));
        Matcher m = p.matcher(out);
        int n = 0;
        while (m.find()) {
            n++;
        }
        if (n != 1) {
            throw new AssertionError("expected '" + jit + " ... " + method + " ... " + reason + "' reported once, saw it "
                            + n + " times\n" + out);
        }
    }

    static void none(String out, String text) {
        if (out.contains(text)) {
            throw new AssertionError("unexpected '" + text + "'\n" + out);
        }
    }

    static void require(String out, String regex, String why) {
        if (!Pattern.compile(regex).matcher(out).find()) {
            throw new AssertionError(why + ": nothing matches '" + regex + "'\n" + out);
        }
    }

    static long body(String out, String name) {
        Matcher m = Pattern.compile("(?m)^body " + Pattern.quote(name) + " (\\d+)$").matcher(out);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    static long calls(String out) {
        Matcher m = Pattern.compile("(?m)^calls (\\d+)$").matcher(out);
        if (!m.find()) {
            throw new AssertionError("no call count\n" + out);
        }
        return Long.parseLong(m.group(1));
    }

    static void bodyRanEveryCall(String out, String name) {
        long calls = calls(out);
        if (calls == 0 || body(out, name) != calls) {
            throw new AssertionError("the Java body of " + name + " ran " + body(out, name) + " times for " + calls + " calls\n" + out);
        }
    }
}
