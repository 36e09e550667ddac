/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

/** What a memory region or queue pair lets the local device and remote peers do (ibv_access_flags). */
public enum Access {
    /**
     * The local device may write the memory: needed to receive into a region or to RDMA-read into
     * it, and by every remote write or atomic access ({@code IBV_ACCESS_LOCAL_WRITE}).
     */
    LOCAL_WRITE(VerbsAbi.IBV_ACCESS_LOCAL_WRITE),
    /** Peers may RDMA-write the memory; needs {@link #LOCAL_WRITE} ({@code IBV_ACCESS_REMOTE_WRITE}). */
    REMOTE_WRITE(VerbsAbi.IBV_ACCESS_REMOTE_WRITE),
    /** Peers may RDMA-read the memory ({@code IBV_ACCESS_REMOTE_READ}). */
    REMOTE_READ(VerbsAbi.IBV_ACCESS_REMOTE_READ),
    /**
     * Peers may run atomic operations on the memory; needs {@link #LOCAL_WRITE}
     * ({@code IBV_ACCESS_REMOTE_ATOMIC}). The binding posts no atomic operations itself.
     */
    REMOTE_ATOMIC(VerbsAbi.IBV_ACCESS_REMOTE_ATOMIC);

    final int bit;

    Access(int bit) {
        this.bit = bit;
    }

    static int flags(Access... access) {
        int f = 0;
        for (Access a : access) {
            f |= a.bit;
        }
        return f;
    }

    /**
     * Everything a peer needs for RDMA reads and writes into a buffer receives also land in.
     *
     * @return a new array of {@link #LOCAL_WRITE}, {@link #REMOTE_WRITE} and {@link #REMOTE_READ}
     *         (not {@link #REMOTE_ATOMIC}), for {@link ProtectionDomain#register} or
     *         {@link QueuePair#connect}
     */
    public static Access[] all() {
        return new Access[] {LOCAL_WRITE, REMOTE_WRITE, REMOTE_READ};
    }
}
