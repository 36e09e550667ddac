/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

/** What a memory region or queue pair lets the local device and remote peers do (ibv_access_flags). */
public enum Access {
    LOCAL_WRITE(VerbsAbi.IBV_ACCESS_LOCAL_WRITE),
    REMOTE_WRITE(VerbsAbi.IBV_ACCESS_REMOTE_WRITE),
    REMOTE_READ(VerbsAbi.IBV_ACCESS_REMOTE_READ),
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

    /** Everything a peer needs for RDMA reads and writes into a buffer receives also land in. */
    public static Access[] all() {
        return new Access[] {LOCAL_WRITE, REMOTE_WRITE, REMOTE_READ};
    }
}
