/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary Raw byte templates that crashed the JVM once inlined (an endless loop, a write to r15,
 *          an undeclared clobber, push without pop, RIP-relative memory, a jump out) are refused
 *          when their class registers, each reported once naming the byte offset, instruction
 *          and reason; a hot loop calling them beside a good template runs under C2 with the
 *          right results and no crash.
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm HostileBytesProgram
 * @run main/othervm/timeout=600 HostileBytesTest
 */

import java.util.List;

import jaguar.test.ChildJvm;

public class HostileBytesTest {
    public static void main(String[] args) throws Exception {
        ChildJvm.Result r = ChildJvm.run(List.of("-Djaguar.mapping.strict=true", "--enable-native-access=ALL-UNNAMED",
                        "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,HostileBytesProgram::round"), "HostileBytesProgram", List.of(), 400)
                        .shouldSucceed("HostileBytesProgram");
        System.out.println(r.stderr());
        if (!r.stdout().contains("PASSED")) {
            throw new AssertionError("no PASSED:\n" + r.stdout());
        }
        for (String refusal : List.of("HostileBytesProgram.spin()V: line 1: x86 byte 0 (EB FE, jmp): a control transfer is not allowed",
                        "HostileBytesProgram.clearThread(J)J: line 1: x86 byte 0 (4D 31 FF, xor): writes r15, which HotSpot reserves",
                        "HostileBytesProgram.clobberRcx(J)J: line 1: x86 byte 0 (48 31 C9, xor): writes rcx",
                        "HostileBytesProgram.unbalancedPush()V: line 1: x86 byte 0 (50, push): the stack pointer changes",
                        "HostileBytesProgram.ripRelative()J: line 1: x86 byte 0 (8B 05 00 00 00 00, mov): a RIP-relative memory operand",
                        "HostileBytesProgram.jumpOut(J)J: line 1: x86 byte 0 (E9 00 00 10 00, jmp): a control transfer")) {
            int n = r.stderr().split(java.util.regex.Pattern.quote(refusal), -1).length - 1;
            if (n != 1) {
                throw new AssertionError("expected once, found " + n + " times: " + refusal + "\n" + r.stderr());
            }
        }
        System.out.println("every hostile template refused once; the hot loop ran on C2 with the right results");
    }
}
