/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.Serializable;

/**
 * One node's answer to a {@link KeySampleAction}: how many records its input holds, a sample of
 * their key prefixes (the first eight bytes of sampled keys, unsigned, in input order), the
 * input's {@link RecordFileDigest}, and for a mirrored sort the same two of the copy of another
 * node's input it holds.
 *
 * @param records the records of the node's input, 0 or more
 * @param prefixes the sampled key prefixes: each key's first 8 bytes as a big-endian long, to be
 *        compared unsigned; at most {@code records} of them
 * @param digest the input's digest, in a mirrored sort (else 0: nothing to compare it with)
 * @param copyRecords records in the copy this node holds, -1 if it holds none
 * @param copyDigest the copy's digest (0 if none)
 */
public record KeySample(long records, long[] prefixes, long digest, long copyRecords, long copyDigest) implements Serializable {
    /**
     * A sample; {@code prefixes} is copied.
     *
     * @param records the records of the node's input
     * @param prefixes the sampled key prefixes; not null
     * @param digest the input's digest, or 0
     * @param copyRecords records in the copy this node holds, or -1
     * @param copyDigest the copy's digest, or 0
     * @throws IllegalArgumentException if {@code records} is negative, {@code prefixes} is null or
     *         longer than {@code records}, or {@code copyRecords} is below -1
     */
    public KeySample {
        if (records < 0 || prefixes == null || prefixes.length > records || copyRecords < -1) {
            throw new IllegalArgumentException("key sample of " + records + " records with " + (prefixes == null ? "no" : prefixes.length)
                            + " prefixes, and a copy of " + copyRecords + " records");
        }
        prefixes = prefixes.clone();
    }

    /** Whether the copy this node holds is the same as {@code original}'s input, as far as their digests tell. */
    boolean holdsCopyOf(KeySample original) {
        return copyRecords == original.records && copyDigest == original.digest;
    }

    /**
     * The sampled key prefixes.
     *
     * @return a copy of them, in input order
     */
    @Override
    public long[] prefixes() {
        return prefixes.clone();
    }
}
