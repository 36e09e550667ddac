/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test id=jit
 * @summary Hostile bytes, long campaign (tier2, make test-long): 12 minutes on the default JIT.
 * @library /lib /pso
 * @build jaguar.test.ChildJvm PSOFuzz PSOFuzzCorpus GuardedRegion FuzzBase FuzzLeaf FuzzNode FuzzNodeEx PSOFuzzTest
 * @run main/othervm/timeout=600 PSOFuzzTest jit 1000000000 720
 */

/*
 * @test id=c1
 * @summary Hostile bytes, long campaign (tier2): 5 minutes with C1 alone.
 * @library /lib /pso
 * @build jaguar.test.ChildJvm PSOFuzz PSOFuzzCorpus GuardedRegion FuzzBase FuzzLeaf FuzzNode FuzzNodeEx PSOFuzzTest
 * @run main/othervm/timeout=300 PSOFuzzTest c1 1000000000 300
 */

/*
 * @test id=xint
 * @summary Hostile bytes, long campaign (tier2): 4 minutes in the interpreter.
 * @library /lib /pso
 * @build jaguar.test.ChildJvm PSOFuzz PSOFuzzCorpus GuardedRegion FuzzBase FuzzLeaf FuzzNode FuzzNodeEx PSOFuzzTest
 * @run main/othervm/timeout=300 PSOFuzzTest xint 1000000000 240
 */

/**
 * The long runs of PSOFuzzTest (test/jtreg/pso, whose classes and corpus they use); this class only
 * carries their jtreg tags. Its own directory keeps it out of {@code make test TEST=test/jtreg/pso}.
 */
public class PSOFuzzLongTest {
}
