/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary Races on External Objects, long campaign (tier2, make test-long): 1,000 rounds under
 *          the default JIT and under C1.
 * @library /lib /ext
 * @build jaguar.test.ChildJvm ExternalObjectRaceProgram ExternalObjectRaceTest
 * @run main/othervm/timeout=3600 ExternalObjectRaceTest 1000
 */

/**
 * The long run of ExternalObjectRaceTest (test/jtreg/ext); this class only carries its jtreg tags.
 * Its own directory keeps it out of {@code make test TEST=test/jtreg/ext}.
 */
public class ExternalObjectRaceLongTest {
}
