/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

/** What {@code ibv_query_device} says of a device: its firmware and its limits. */
public record DeviceAttributes(String firmwareVersion, long nodeGuid, long maxMemoryRegionSize, int vendorId,
                               int vendorPartId, int maxQueuePairs, int maxQueuePairWorkRequests, int maxScatterGather,
                               int maxCompletionQueues, int maxCompletionQueueEntries, int maxMemoryRegions,
                               int maxProtectionDomains, int physicalPortCount) {
}
