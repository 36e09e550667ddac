/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

/**
 * What {@code ibv_query_device} says of a device ({@link VerbsContext#queryDevice()}): its firmware
 * and its limits. The limits are the device's whole capacity, shared by every process using it.
 *
 * @param firmwareVersion the firmware version string ({@code fw_ver}), empty if the provider
 *                        reports none
 * @param nodeGuid the node's GUID ({@code node_guid}) in host order, so that its hex digits read
 *                 as {@code ibv_devinfo} prints them
 * @param maxMemoryRegionSize the largest memory region, in bytes ({@code max_mr_size})
 * @param vendorId the vendor's IEEE OUI ({@code vendor_id})
 * @param vendorPartId the vendor's part number ({@code vendor_part_id})
 * @param maxQueuePairs the most queue pairs the device holds ({@code max_qp})
 * @param maxQueuePairWorkRequests the deepest send or receive queue, in work requests
 *                                 ({@code max_qp_wr})
 * @param maxScatterGather the most scatter/gather entries per work request ({@code max_sge})
 * @param maxCompletionQueues the most completion queues the device holds ({@code max_cq})
 * @param maxCompletionQueueEntries the deepest completion queue, in entries ({@code max_cqe})
 * @param maxMemoryRegions the most memory regions the device holds ({@code max_mr})
 * @param maxProtectionDomains the most protection domains the device holds ({@code max_pd})
 * @param physicalPortCount how many ports the device has, numbered from 1
 *                          ({@code phys_port_cnt})
 */
public record DeviceAttributes(String firmwareVersion, long nodeGuid, long maxMemoryRegionSize, int vendorId,
                               int vendorPartId, int maxQueuePairs, int maxQueuePairWorkRequests, int maxScatterGather,
                               int maxCompletionQueues, int maxCompletionQueueEntries, int maxMemoryRegions,
                               int maxProtectionDomains, int physicalPortCount) {
}
