/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary The raw byte verifier fuzzed, long campaign (tier2, make test-long): 200,000 candidates,
 *          1,000 accepted templates compared under the JITs;
 *          the distinct accepted templates are written to accepted.txt in the test's scratch
 *          directory, for test/jtreg/fuzz/corpus.txt.
 * @library /lib /fuzz
 * @modules jaguar.lib/jaguar.mapping.x86
 * @build jaguar.test.ChildJvm RawByteCandidates RawByteFuzz RawByteFuzzTest
 * @run main/othervm/timeout=3600 RawByteFuzzTest 200000 7 1000 accepted.txt
 */

/**
 * The long run of RawByteFuzzTest (test/jtreg/fuzz, whose classes and corpus it uses); this class
 * only carries its jtreg tags. Its own directory keeps it out of {@code make test TEST=test/jtreg/fuzz}.
 */
public class RawByteFuzzLongTest {
}
