/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A slow and a lossy link on network-namespace hosts (the faults {@link LostNodeSortTest},
 * {@link WordCountRecoveryTest} and {@link NodeControlTest} do not make): a mirrored TigrisSort
 * with 20 ms more each way on h2's link, and a word count with 1% of h2's packets dropped each
 * way. Neither is a lost node, and each output is the undisturbed run's ({@link OutputChecker}).
 * The full campaign, every fault on both rivers, repeated and measured, is
 * {@link FaultCampaignTest} ({@code make test-long}).
 */
class LinkFaultsTest {
    @TempDir
    Path dir;

    @Test
    void aSortThroughADelayedLinkCommitsTheUndisturbedOutput() throws Exception {
        assumeAvailable();
        new FaultCampaign(new FaultCampaign.Sort(200_000), dir).disturb(FaultCampaign.Fault.DELAY, "delayed");
    }

    @Test
    void aWordCountThroughALossyLinkCommitsTheUndisturbedOutput() throws Exception {
        assumeAvailable();
        new FaultCampaign(new FaultCampaign.Count(100_000), dir).disturb(FaultCampaign.Fault.LOSS, "lossy");
    }

    static void assumeAvailable() {
        assumeTrue(NetnsCluster.available(), "needs root and iproute2 for network namespaces");
        assumeTrue(NetnsCluster.faultsAvailable(), "needs iptables and libnetfilter_queue1 (./configure installs them)");
    }
}
