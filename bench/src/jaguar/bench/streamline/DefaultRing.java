package jaguar.bench.streamline;

import tigris.reservoir.ShmSizing;

/** Prints the data bytes a stream gets unless told (the core's cache, ShmSizing), and on stderr which cache that is. */
public final class DefaultRing {
    private DefaultRing() {
    }

    public static void main(String[] args) {
        System.err.println("default ring: a core's cache, " + ShmSizing.coreCache());
        System.out.println(ShmSizing.powerOfTwo(ShmSizing.coreCache().bytes()));
    }
}
