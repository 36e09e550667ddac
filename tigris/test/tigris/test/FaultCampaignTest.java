/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The full fault campaign ({@code make test-long}): every {@link FaultCampaign.Fault} on h2 of
 * three network-namespace hosts, on both of {@link FaultCampaign}'s rivers, each run
 * {@code -Dtigris.faults.repeat} times (default 3), every output checked against the undisturbed
 * run's and every run measured into {@code -Dtigris.faults.results}. Sizes:
 * {@code -Dtigris.faults.records} sort records per node (default 1,000,000) and a third as many
 * text lines.
 */
@Tag("fault-campaign")
class FaultCampaignTest {
    @TempDir
    static Path dir;

    @TestFactory
    Stream<DynamicNode> everyFaultOnEveryRiver() {
        LinkFaultsTest.assumeAvailable();
        long records = Long.getLong("tigris.faults.records", 1_000_000);
        int repeat = Integer.getInteger("tigris.faults.repeat", 3);
        List<FaultCampaign.River> rivers = List.of(new FaultCampaign.Sort(records), new FaultCampaign.Count((int) (records / 3)));
        List<DynamicNode> all = new ArrayList<>();
        for (FaultCampaign.River river : rivers) {
            FaultCampaign[] campaign = new FaultCampaign[1];
            List<DynamicNode> runs = new ArrayList<>();
            runs.add(DynamicTest.dynamicTest("undisturbed", () -> {
                Path d = Files.createDirectories(dir.resolve(river.name()));
                campaign[0] = new FaultCampaign(river, d);
            }));
            for (FaultCampaign.Fault f : FaultCampaign.Fault.values()) {
                for (int r = 1; r <= repeat; r++) {
                    String run = f.name().toLowerCase(java.util.Locale.ROOT) + "-" + r;
                    runs.add(DynamicTest.dynamicTest(f.what + " #" + r, () -> {
                        org.junit.jupiter.api.Assumptions.assumeTrue(campaign[0] != null, "the undisturbed run failed");
                        campaign[0].disturb(f, run);
                    }));
                }
            }
            all.add(DynamicContainer.dynamicContainer(river.name(), runs));
        }
        return all.stream();
    }
}
