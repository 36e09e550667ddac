package tigris.sort;

import java.io.Serializable;

/**
 * One node's answer to a {@link KeySampleAction}: how many records its input holds and a sample
 * of their key prefixes (the first eight bytes of sampled keys, unsigned, in input order).
 */
public record KeySample(long records, long[] prefixes) implements Serializable {
    public KeySample {
        if (records < 0 || prefixes == null || prefixes.length > records) {
            throw new IllegalArgumentException("key sample of " + records + " records with " + (prefixes == null ? "no" : prefixes.length) + " prefixes");
        }
        prefixes = prefixes.clone();
    }

    @Override
    public long[] prefixes() {
        return prefixes.clone();
    }
}
