/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary The raw byte verifier fuzzed (short campaign; make test-long runs the long one): random
 *          and mutated byte templates registered through the template checker; every accepted one
 *          (a) decodes to the same instruction lengths in capstone, whose registers written and
 *          memory registers lie within the verifier's write set and the declared inputs, (b) run
 *          natively with sentinels in every register, changes no register outside the verifier's
 *          write set and none outside its declarations, and (c) run hot in C2 and C1 with fourteen
 *          values live across it, agrees with its Java body (its own bytes, RawBytes) in the
 *          interpreter. No JVM crash.
 * @library /lib
 * @modules jaguar.lib/jaguar.mapping.x86
 * @build jaguar.test.ChildJvm RawByteCandidates RawByteFuzz RawByteFuzzTest
 * @run main/othervm/timeout=900 RawByteFuzzTest 4000 42 60
 */

/**
 * The short campaign (seed 42): the arguments are the number of candidates, the seed, how many
 * accepted templates to compare under the JITs and, optionally, a file to write the distinct
 * accepted templates to. The kept corpus (corpus.txt
 * beside this file) is replayed first.
 */
public class RawByteFuzzTest {
    public static void main(String[] args) throws Exception {
        java.nio.file.Path accepted = args.length > 3 ? java.nio.file.Path.of(args[3]).toAbsolutePath() : null;
        RawByteFuzz.Report report = RawByteFuzz.run(Integer.parseInt(args[0]), Long.parseLong(args[1]), Integer.parseInt(args[2]), accepted);
        System.out.println(report);
        report.assertClean();
    }
}
