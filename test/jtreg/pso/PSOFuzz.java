/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Supplier;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;
import jaguar.pso.ContainerFullException;
import jaguar.pso.PSO;
import jaguar.pso.PSOArray;
import jaguar.pso.PSOContainer;
import jaguar.pso.PSOContainerDescriptor;
import jaguar.pso.PSOField;
import jaguar.pso.PSOFieldType;
import jaguar.pso.PSOFormatException;
import jaguar.pso.PSOIntArray;
import jaguar.pso.PSOLongArray;

/**
 * A seeded random campaign against PSO readers, run in a child JVM by PSOFuzzTest: builds valid
 * containers (lists, trees, cycles, arrays, nested containers), mutates them (bit flips, u32
 * overwrites aimed at reference slots and headers, splices of other containers, truncation,
 * garbage bodies behind a valid header), then opens each in a {@link GuardedRegion} and follows
 * every reference it can reach, reading every field and array element.
 *
 * <p>Allowed outcomes: values, null, PSOFormatException, ContainerFullException (allocation), and
 * IndexOutOfBoundsException from array indexes outside [0, length). Anything else is a failure:
 * another exception, an object of the wrong class, an object outside the container's used bytes, a
 * reference that reads back differently, or a read outside the container, which faults on a guard
 * page and kills the JVM.
 *
 * <p>Iteration {@code k} depends only on the seed and k, so a failure replays alone:
 * {@code -Djaguar.fuzz.seed=S -Djaguar.fuzz.first=K -Djaguar.fuzz.iterations=K+1}. Before each
 * case its bytes go to the state file ({@code -Djaguar.fuzz.state}), a shared mapping that
 * survives a crash, from which PSOFuzzTest recovers the case. Other properties:
 * {@code jaguar.fuzz.seconds} (stop early), {@code jaguar.fuzz.corpus} (directory replayed first),
 * {@code jaguar.fuzz.replay} (run one .bin file and stop), {@code jaguar.fuzz.selftest=after|before}
 * (read a guard page: must crash).
 */
public final class PSOFuzz {
    /** Largest container the campaign builds or mutates. */
    static final int MAX_BYTES = 48 * 1024;
    /** Objects visited per container, and array elements read per container. */
    static final int MAX_VISITS = 2048, MAX_ELEMENTS = 1 << 16;
    /** Pool of valid containers that mutations start from or splice in. */
    static final int POOL = 48;
    /** Distinct failures after which the campaign stops. */
    static final int MAX_FAILURES = 20;

    @SuppressWarnings("unchecked")
    static final Class<? extends PSO>[] TYPES = new Class[] {FuzzNode.class, FuzzNodeEx.class, FuzzBase.class, FuzzLeaf.class,
        PSOIntArray.class, PSOLongArray.class};
    /** Fingerprint to class, abstract FuzzBase included. */
    static final Map<Integer, Class<? extends PSO>> BY_FINGERPRINT = new HashMap<>();
    static final int[] FINGERPRINTS;
    static {
        for (Class<? extends PSO> t : TYPES) {
            BY_FINGERPRINT.put(PSO.layoutOf(t).fingerprint(), t);
        }
        FINGERPRINTS = BY_FINGERPRINT.keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
    }
    static final int MAGIC = PSOContainerDescriptor.MAGIC;
    static final int PREV = PSO.layoutOf(FuzzNode.class).field("prev").offset();

    /** A failure of the property under test (not an allowed outcome). */
    static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failure(String message) {
            super(message);
        }

        Failure(String message, Throwable cause) {
            super(message + ": " + cause, cause);
        }
    }

    /** One input: container bytes, how many of them the reader is told exist, where they go. */
    record Case(byte[] bytes, int available, boolean atEnd, String what) {
    }

    /** Counters over a whole run. */
    static final class Stats {
        long cases, openRejected, opened, visits, refsRejected, probesRejected, elements, allocations, full, nested;

        @Override
        public String toString() {
            return cases + " cases: " + openRejected + " refused by open, " + opened + " opened (" + nested + " nested); " + visits
                            + " objects visited, " + refsRejected + " references and " + probesRejected + " probes refused, "
                            + elements + " array elements read, " + allocations + " allocations (" + full + " full)";
        }
    }

    final GuardedRegion region;
    final Stats stats = new Stats();
    /** Bytes of the data region that may hold bytes of an earlier case. */
    private long dirtyFrom = Long.MAX_VALUE, dirtyTo = 0;

    PSOFuzz(GuardedRegion region) {
        this.region = region;
    }

    // ---- the property ----------------------------------------------------------------------------

    /** The outcome of one case. */
    static final class Outcome {
        boolean openRejected;
        int refsRejected, visits;
        long digest;
    }

    /**
     * Copies the case into the guarded region, touching a guard page: at its end when atEnd (the
     * first byte past the available bytes, rounded up to 8, is a guard), else at its start (the
     * byte before the header is a guard, the bytes past {@code available} are the rest of the
     * case, then zeros). Then opens and walks it.
     */
    Outcome run(Case k, SplittableRandom r, boolean sweep) {
        stats.cases++;
        ExternalBuffer data = region.data;
        long size = data.size();
        int n = k.atEnd ? k.available : k.bytes.length;
        long start = k.atEnd ? (size - k.available) & -8L : 0;
        if (dirtyTo > dirtyFrom) {
            data.fill(dirtyFrom, dirtyTo - dirtyFrom, (byte) 0);
        }
        data.put(start, k.bytes, 0, n);
        dirtyFrom = start;
        dirtyTo = start + n;
        ExternalBuffer slice = data.slice(start, size - start);
        Outcome o = new Outcome();
        PSOContainer c;
        try {
            c = PSOContainer.open(slice, 0, k.available);
        } catch (PSOFormatException expected) {
            stats.openRejected++;
            o.openRejected = true;
            return o;
        } catch (RuntimeException e) {
            throw new Failure("PSOContainer.open(buffer, 0, " + k.available + ") threw a non-PSO exception", e);
        }
        stats.opened++;
        new Walk(c, k.available, r, o).run(sweep, 0);
        return o;
    }

    /** Follows everything reachable in one container. */
    final class Walk {
        final PSOContainer c;
        final long available;
        final SplittableRandom r;
        final Outcome out;
        final ArrayDeque<PSO> queue = new ArrayDeque<>();
        final Map<Long, PSO> byOffset = new HashMap<>();
        final IdentityHashMap<PSO, Boolean> seen = new IdentityHashMap<>();
        final List<FuzzNode> nodes = new ArrayList<>();
        int elements;

        Walk(PSOContainer c, long available, SplittableRandom r, Outcome out) {
            this.c = c;
            this.available = available;
            this.r = r;
            this.out = out;
        }

        void run(boolean sweep, int depth) {
            long used = c.used();
            if (used < PSOContainerDescriptor.HEADER_SIZE || (used & 7) != 0 || used > available) {
                throw new Failure("opened container has used()=" + used + " with " + available + " bytes available");
            }
            if (c.capacity() < used || c.capacity() > available) {
                throw new Failure("opened container has capacity()=" + c.capacity() + ", outside [used()=" + used + ", available="
                                + available + "]");
            }
            // The root as a FuzzNode is a reference like any other; as the other types, a probe.
            follow(() -> c.root(FuzzNode.class), FuzzNode.class, "root", null);
            for (Class<? extends PSO> t : TYPES) {
                if (t != FuzzNode.class) {
                    probe(() -> c.root(t), t, "root", -1);
                }
            }
            drain();
            // Probes: objects mapped at offsets an application could have read from the bytes.
            int probes = sweep ? 0 : 4 + r.nextInt(12);
            for (int p = 0; p < probes; p++) {
                probe(TYPES[r.nextInt(TYPES.length)], probeOffset(used));
            }
            if (sweep) {
                for (long off = 0; off <= used + 8; off += 4) {
                    for (Class<? extends PSO> t : TYPES) {
                        probe(t, off);
                    }
                }
            }
            drain();
            nested(sweep, depth);
            if (sweep || r.nextInt(4) == 0) {
                write();
            }
        }

        long probeOffset(long used) {
            return switch (r.nextInt(6)) {
                case 0 -> r.nextLong(used + 64);
                case 1 -> r.nextLong(used / 8 + 8) * 8;
                case 2 -> used - 8 * r.nextInt(1, 4);
                case 3 -> r.nextInt(0, 40);
                case 4 -> Integer.toUnsignedLong(c.buffer().getInt(c.offsetInBuffer() + r.nextLong(used / 4) * 4, ByteOrder.LITTLE_ENDIAN));
                default -> r.nextLong();
            };
        }

        void probe(Class<? extends PSO> t, long off) {
            probe(() -> c.map(t, off), t, null, off);
        }

        /** Maps an object the bytes may not hold: refusals are counted apart from references'. */
        void probe(Supplier<PSO> map, Class<? extends PSO> t, String call, long off) {
            PSO o;
            try {
                o = map.get();
            } catch (PSOFormatException refused) {
                stats.probesRejected++;
                return;
            } catch (RuntimeException e) {
                throw new Failure(probeName(t, call, off) + " threw a non-PSO exception", e);
            }
            if (o == null) {
                if (off < 0) {
                    return; // no root
                }
                throw new Failure(probeName(t, call, off) + " returned null");
            }
            if (off >= 0 && o.offset() != off) {
                throw new Failure(probeName(t, call, off) + " returned an object at " + o.offset());
            }
            visit(o, t, call == null ? "map" : call, null);
        }

        String probeName(Class<? extends PSO> t, String call, long off) {
            return (call == null ? "map" : call) + "(" + t.getSimpleName() + (call == null ? ", " + off : "") + ")";
        }

        /** Nested containers at offsets holding the container magic, and at a few random ones. */
        void nested(boolean sweep, int depth) {
            if (depth > 1) {
                return;
            }
            long used = c.used();
            ExternalBuffer b = c.buffer();
            long base = c.offsetInBuffer();
            List<Long> offsets = new ArrayList<>();
            for (long off = PSOContainerDescriptor.HEADER_SIZE; off + 4 <= used && offsets.size() < 8; off += 8) {
                if (b.getInt(base + off, ByteOrder.LITTLE_ENDIAN) == MAGIC) {
                    offsets.add(off);
                }
            }
            if (!sweep) {
                offsets.add(r.nextLong(used + 16));
            }
            for (long off : offsets) {
                PSOContainer inner;
                try {
                    inner = c.openContainer(off);
                } catch (PSOFormatException refused) {
                    stats.probesRejected++;
                    continue;
                } catch (RuntimeException e) {
                    throw new Failure("openContainer(" + off + ") of a container with used()=" + used + " threw a non-PSO exception", e);
                }
                stats.nested++;
                if (inner.offsetInBuffer() != base + off || inner.used() > used - off) {
                    throw new Failure("openContainer(" + off + ") gave a container at " + inner.offsetInBuffer() + " using "
                                    + inner.used() + " bytes, past the outer container's " + used);
                }
                new Walk(inner, used - off, r, out).run(false, depth + 1);
            }
        }

        /** Reads a reference twice (the second read takes the cached path), checks and queues it. */
        <T extends PSO> void follow(Supplier<T> read, Class<T> declared, String field, PSO owner) {
            T a;
            try {
                a = read.get();
            } catch (PSOFormatException refused) {
                out.refsRejected++;
                stats.refsRejected++;
                return;
            } catch (RuntimeException e) {
                throw new Failure("reading " + where(field, owner) + " threw a non-PSO exception", e);
            }
            T again;
            try {
                again = read.get();
            } catch (RuntimeException e) {
                throw new Failure("reading " + where(field, owner) + " a second time threw although the first read gave " + a, e);
            }
            if (a != again) {
                throw new Failure("reading " + where(field, owner) + " twice gave " + a + " and then " + again);
            }
            if (a != null) {
                visit(a, declared, field, owner);
            }
        }

        /** Names a field for a failure message; built only then. */
        String where(String field, PSO owner) {
            return owner == null ? field : field + " of " + owner.getClass().getSimpleName() + "@" + owner.offset();
        }

        void visit(PSO o, Class<? extends PSO> declared, String field, PSO owner) {
            if (!declared.isInstance(o) || !Arrays.asList(TYPES).contains(o.getClass()) || o.container() != c) {
                check(o, declared, where(field, owner));
            }
            long off = o.offset();
            int size = o.sizeInBytes();
            if (off < PSOContainerDescriptor.HEADER_SIZE || (off & 7) != 0 || size < 8 || off + size > c.used() || o instanceof PSOArray) {
                check(o, declared, where(field, owner));
            }
            PSO earlier = byOffset.putIfAbsent(off, o);
            if (earlier != null && earlier != o) {
                throw new Failure(where(field, owner) + " recovered offset " + off + " as a second object " + o + " besides " + earlier);
            }
            if (seen.put(o, Boolean.TRUE) == null) {
                queue.add(o);
            }
        }

        /** The checks of visit, with their messages. */
        void check(PSO o, Class<? extends PSO> declared, String what) {
            if (!declared.isInstance(o) || !Arrays.asList(TYPES).contains(o.getClass())) {
                throw new Failure(what + " declared " + declared.getName() + " gave a " + o.getClass().getName());
            }
            if (o.container() != c) {
                throw new Failure(what + " gave an object of another container: " + o.container());
            }
            long off = o.offset();
            long end = off + o.sizeInBytes();
            if (off < PSOContainerDescriptor.HEADER_SIZE || (off & 7) != 0 || o.sizeInBytes() < 8 || end > c.used()) {
                throw new Failure(what + " gave " + o.getClass().getSimpleName() + " at [" + off + ", " + end
                                + ") outside the used bytes [32, " + c.used() + ") of its container, or misaligned");
            }
            if (o instanceof PSOArray a) {
                int element = o instanceof PSOIntArray ? 4 : 8;
                if (a.length() < 0 || PSOArray.DATA_OFFSET + (long) a.length() * element > o.sizeInBytes()) {
                    throw new Failure(what + " gave an array of length " + a.length() + " in " + o.sizeInBytes() + " bytes");
                }
            }
        }

        void drain() {
            PSO o;
            while ((o = queue.poll()) != null) {
                if (out.visits >= MAX_VISITS) {
                    queue.clear();
                    return;
                }
                out.visits++;
                stats.visits++;
                switch (o) {
                    case FuzzNodeEx x -> {
                        readNode(x);
                        mix(x.tail);
                        mix(Float.floatToRawIntBits(x.weight));
                        mix(x.extra);
                        follow(() -> x.child, FuzzNode.class, "child", x);
                        follow(() -> x.second, FuzzLeaf.class, "second", x);
                    }
                    case FuzzNode x -> readNode(x);
                    case FuzzLeaf x -> {
                        mix(x.kind);
                        mix(x.code);
                        mix(x.mark);
                        mix(Double.doubleToRawLongBits(x.value));
                        follow(() -> x.link, FuzzBase.class, "link", x);
                        follow(() -> x.owner, FuzzNode.class, "owner", x);
                        follow(() -> x.data, PSOLongArray.class, "data", x);
                    }
                    case PSOIntArray a -> readInts(a);
                    case PSOLongArray a -> readLongs(a);
                    default -> throw new Failure("visited a " + o.getClass().getName());
                }
                if ((out.visits & 7) == 1) {
                    mix(o.toString().length());
                }
            }
        }

        void readNode(FuzzNode x) {
            nodes.add(x);
            mix(x.z ? 1 : 2);
            mix(x.b);
            mix(x.c);
            mix(x.s);
            mix(x.i);
            mix(Float.floatToRawIntBits(x.f));
            mix(x.j);
            mix(Double.doubleToRawLongBits(x.d));
            follow(() -> x.next, FuzzNode.class, "next", x);
            follow(() -> x.prev, FuzzNode.class, "prev", x);
            follow(() -> x.leaf, FuzzLeaf.class, "leaf", x);
            follow(() -> x.any, FuzzBase.class, "any", x);
            follow(() -> x.ints, PSOIntArray.class, "ints", x);
            follow(() -> x.longs, PSOLongArray.class, "longs", x);
        }

        void readInts(PSOIntArray a) {
            readArray(a, a::get, () -> Arrays.stream(a.toArray()).asLongStream().toArray());
        }

        void readLongs(PSOLongArray a) {
            readArray(a, a::get, a::toArray);
        }

        /**
         * Reads every element (within the element budget), compares them with a bulk copy, and
         * checks that indexes outside [0, length) throw IndexOutOfBoundsException.
         */
        void readArray(PSOArray a, java.util.function.IntToLongFunction get, Supplier<long[]> toArray) {
            String kind = a.getClass().getSimpleName();
            int n = a.length();
            int m = Math.min(n, MAX_ELEMENTS - elements);
            elements += m;
            stats.elements += m;
            for (int k = 0; k < m; k++) {
                mix(get.applyAsLong(k));
            }
            if (m == n && n <= 4096) {
                long[] copy = toArray.get();
                for (int k = 0; k < n; k++) {
                    if (copy[k] != get.applyAsLong(k)) {
                        throw new Failure(kind + " at " + a.offset() + ": toArray()[" + k + "]=" + copy[k] + ", get=" + get.applyAsLong(k));
                    }
                }
            }
            for (int bad : new int[] {-1, n, Integer.MIN_VALUE, Integer.MAX_VALUE, n + 1 + r.nextInt(1 << 20)}) {
                try {
                    long v = get.applyAsLong(bad);
                    throw new Failure(kind + " of length " + n + " at " + a.offset() + " read element " + bad + " = " + v);
                } catch (IndexOutOfBoundsException expected) {
                    // an index outside [0, length)
                }
            }
        }

        /**
         * Stores references between recovered objects and reads them back, then allocates in the
         * container (ContainerFullException allowed) and links the new objects to old ones.
         */
        void write() {
            for (int k = 0; k < 4 && !nodes.isEmpty(); k++) {
                FuzzNode x = nodes.get(r.nextInt(nodes.size()));
                FuzzNode y = r.nextInt(4) == 0 ? null : nodes.get(r.nextInt(nodes.size()));
                x.prev = y;
                long stored = Integer.toUnsignedLong(c.buffer().getInt(c.offsetInBuffer() + x.offset() + PREV, ByteOrder.LITTLE_ENDIAN));
                if (stored != (y == null ? 0 : y.offset())) {
                    throw new Failure("stored prev of " + x.offset() + " = " + (y == null ? "null" : y.offset()) + " in a container with used()="
                                    + c.used() + " capacity()=" + c.capacity() + ": its bytes hold " + stored);
                }
                if (x.prev != y) {
                    throw new Failure("stored prev of " + x.offset() + " = " + (y == null ? "null" : y.offset()) + ", read back "
                                    + x.prev);
                }
                int v = r.nextInt();
                x.i = v;
                if (x.i != v) {
                    throw new Failure("stored i of " + x.offset() + " = " + v + ", read back " + x.i);
                }
            }
            try {
                stats.allocations++;
                FuzzNode n = r.nextBoolean() ? c.allocate(FuzzNode.class) : c.allocate(FuzzNodeEx.class);
                visit(n, FuzzNode.class, "allocate", null);
                FuzzNode old = nodes.isEmpty() ? n : nodes.get(r.nextInt(nodes.size()));
                n.next = old;
                old.prev = n;
                n.d = 2.5;
                if (n.next != old || old.prev != n || n.d != 2.5) {
                    throw new Failure("a new node at " + n.offset() + " linked to " + old.offset() + " reads back next=" + n.next
                                    + " and prev=" + old.prev);
                }
                PSOIntArray a = PSOIntArray.allocate(c, r.nextInt(16));
                visit(a, PSOIntArray.class, "PSOIntArray.allocate", null);
                n.ints = a;
                for (int k = 0; k < a.length(); k++) {
                    a.set(k, k * 3);
                }
                for (int k = 0; k < a.length(); k++) {
                    if (a.get(k) != k * 3) {
                        throw new Failure("a new int array reads back element " + k + " = " + a.get(k));
                    }
                }
                if (n.ints != a) {
                    throw new Failure("a new node's ints reads back " + n.ints + ", not the array stored");
                }
            } catch (ContainerFullException full) {
                stats.full++;
            } catch (PSOFormatException refused) {
                stats.refsRejected++;
            } catch (Failure f) {
                throw f;
            } catch (RuntimeException e) {
                throw new Failure("allocating in and linking into an opened container threw a non-PSO exception", e);
            }
            if (c.used() > c.capacity() || c.capacity() > available) {
                throw new Failure("after allocating, used()=" + c.used() + " capacity()=" + c.capacity() + " available=" + available);
            }
        }

        void mix(long v) {
            out.digest = (out.digest ^ v) * 0x9E3779B97F4A7C15L + 1;
        }
    }

    // ---- building valid containers ---------------------------------------------------------------

    /** A valid container of random shape; its used bytes. */
    static byte[] generate(SplittableRandom r) {
        int capacity = (256 + r.nextInt(r.nextInt(8) == 0 ? MAX_BYTES - 256 : 6 * 1024)) & -8;
        try (OffHeapBuffer buf = OffHeapBuffer.allocate(capacity)) {
            PSOContainer c = PSOContainer.format(buf);
            try {
                populate(c, r, 0);
            } catch (ContainerFullException full) {
                // as far as it fits
            }
            byte[] bytes = new byte[(int) c.used()];
            buf.get(0, bytes, 0, bytes.length);
            return bytes;
        }
    }

    private static void populate(PSOContainer c, SplittableRandom r, int depth) {
        int shape = r.nextInt(5);
        int count = 1 + r.nextInt(shape == 4 ? 4 : 40);
        List<FuzzNode> nodes = new ArrayList<>();
        List<FuzzLeaf> leaves = new ArrayList<>();
        List<PSOIntArray> ints = new ArrayList<>();
        List<PSOLongArray> longs = new ArrayList<>();
        try {
            for (int k = 0; k < count; k++) {
                switch (r.nextInt(10)) {
                    case 0, 1 -> leaves.add(c.allocate(FuzzLeaf.class));
                    case 2 -> ints.add(PSOIntArray.allocate(c, r.nextInt(r.nextBoolean() ? 4 : 200)));
                    case 3 -> longs.add(PSOLongArray.allocate(c, r.nextInt(r.nextBoolean() ? 4 : 100)));
                    case 4, 5 -> nodes.add(c.allocate(FuzzNodeEx.class));
                    default -> nodes.add(c.allocate(FuzzNode.class));
                }
                if (depth == 0 && r.nextInt(40) == 0) {
                    PSOContainer inner = c.allocateContainer(64 + r.nextInt(1024));
                    try {
                        populate(inner, r, depth + 1);
                    } catch (ContainerFullException full) {
                        // as far as it fits
                    }
                }
            }
        } catch (ContainerFullException full) {
            // link what fits
        }
        for (FuzzNode n : nodes) {
            n.z = r.nextBoolean();
            n.b = (byte) r.nextInt();
            n.c = (char) r.nextInt();
            n.s = (short) r.nextInt();
            n.i = r.nextInt();
            n.f = Float.intBitsToFloat(r.nextInt());
            n.j = r.nextLong();
            n.d = r.nextDouble();
            n.ints = pick(r, ints);
            n.longs = pick(r, longs);
            n.leaf = pick(r, leaves);
            n.any = pick(r, leaves);
            if (n instanceof FuzzNodeEx x) {
                x.tail = (byte) r.nextInt();
                x.weight = r.nextFloat();
                x.extra = r.nextLong();
                x.second = pick(r, leaves);
            }
        }
        for (FuzzLeaf l : leaves) {
            l.kind = r.nextInt();
            l.code = (short) r.nextInt();
            l.mark = (char) r.nextInt();
            l.value = r.nextGaussian();
            l.owner = pick(r, nodes);
            l.data = pick(r, longs);
            l.link = pick(r, leaves);
        }
        for (PSOIntArray a : ints) {
            for (int k = 0; k < a.length(); k++) {
                a.set(k, r.nextInt());
            }
        }
        for (PSOLongArray a : longs) {
            for (int k = 0; k < a.length(); k++) {
                a.set(k, r.nextLong());
            }
        }
        int n = nodes.size();
        for (int k = 0; k < n; k++) {
            FuzzNode x = nodes.get(k);
            switch (shape) {
                case 0 -> { // a doubly linked list, sometimes closed into a ring
                    x.next = k + 1 < n ? nodes.get(k + 1) : (r.nextBoolean() ? nodes.get(0) : null);
                    x.prev = k > 0 ? nodes.get(k - 1) : null;
                }
                case 1 -> { // a binary tree: next and child are the children, prev the parent
                    x.prev = k > 0 ? nodes.get((k - 1) / 2) : null;
                    x.next = 2 * k + 1 < n ? nodes.get(2 * k + 1) : null;
                    if (x instanceof FuzzNodeEx e) {
                        e.child = 2 * k + 2 < n ? nodes.get(2 * k + 2) : null;
                    }
                }
                default -> { // a random graph, self-loops and cycles included
                    x.next = pick(r, nodes);
                    x.prev = pick(r, nodes);
                    if (x instanceof FuzzNodeEx e) {
                        e.child = pick(r, nodes);
                    }
                }
            }
        }
        PSO root = n > 0 && r.nextInt(8) != 0 ? nodes.get(r.nextInt(n)) : pick(r, leaves);
        c.setRoot(root);
    }

    private static <T> T pick(SplittableRandom r, List<T> from) {
        return from.isEmpty() || r.nextInt(5) == 0 ? null : from.get(r.nextInt(from.size()));
    }

    // ---- mutating --------------------------------------------------------------------------------

    /** A container to read: a mutated or fresh valid one, or garbage behind a valid header. */
    static Case makeCase(SplittableRandom r, List<byte[]> pool) {
        int kind = r.nextInt(20);
        byte[] b;
        String what;
        if (kind == 0) {
            b = generate(r);
            what = "valid";
        } else if (kind <= 2) {
            b = garbage(r);
            what = "garbage";
        } else {
            b = pool.get(r.nextInt(pool.size())).clone();
            what = "mutated";
            int mutations = 1 + r.nextInt(r.nextBoolean() ? 2 : 10);
            for (int k = 0; k < mutations; k++) {
                b = mutate(r, b, pool);
            }
        }
        int available = b.length;
        if (r.nextInt(8) == 0) {
            available = r.nextInt(5) == 0 ? r.nextInt(Math.min(64, b.length + 1)) : r.nextInt(b.length + 1);
            what += ", truncated";
        }
        return new Case(b, available, r.nextBoolean(), what);
    }

    /** The objects a reader could find: aligned offsets whose u32 is a known fingerprint. */
    static List<Integer> objects(byte[] b) {
        List<Integer> found = new ArrayList<>();
        for (int off = PSOContainerDescriptor.HEADER_SIZE; off + 8 <= b.length; off += 8) {
            if (BY_FINGERPRINT.containsKey((int) PSOFuzzCorpus.getU32(b, off))) {
                found.add(off);
            }
        }
        return found;
    }

    static byte[] mutate(SplittableRandom r, byte[] b, List<byte[]> pool) {
        if (b.length < 48) {
            b = Arrays.copyOf(b, 48 + 8 * r.nextInt(8));
        }
        List<Integer> objs = objects(b);
        int n = b.length;
        switch (r.nextInt(12)) {
            case 0 -> { // bit flips
                for (int k = r.nextInt(1, 9); k > 0; k--) {
                    int p = r.nextInt(n);
                    b[p] ^= (byte) (1 << r.nextInt(8));
                }
            }
            case 1, 2, 3 -> { // a u32 in a reference slot of an object
                if (!objs.isEmpty()) {
                    int off = objs.get(r.nextInt(objs.size()));
                    Class<? extends PSO> t = BY_FINGERPRINT.get((int) PSOFuzzCorpus.getU32(b, off));
                    List<PSOField> refs = PSO.layoutOf(t).fields().stream().filter(f -> f.type() == PSOFieldType.REFERENCE).toList();
                    if (!refs.isEmpty()) {
                        int slot = off + refs.get(r.nextInt(refs.size())).offset();
                        if (slot + 4 <= n) {
                            PSOFuzzCorpus.putU32(b, slot, interesting(r, b, objs));
                        }
                    }
                }
            }
            case 4 -> { // an object header: fingerprint, size or array length
                if (!objs.isEmpty()) {
                    int off = objs.get(r.nextInt(objs.size())) + 4 * r.nextInt(3);
                    if (off + 4 <= n) {
                        long v = switch (r.nextInt(4)) {
                            case 0 -> FINGERPRINTS[r.nextInt(FINGERPRINTS.length)];
                            case 1 -> PSOFuzzCorpus.getU32(b, off) + 8L * r.nextInt(-4, 5);
                            case 2 -> new long[] {0, 0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFFL, 0x4000_0000L, 0x2000_0000L,
                                0x3FFF_FFFCL}[r.nextInt(7)];
                            default -> interesting(r, b, objs);
                        };
                        PSOFuzzCorpus.putU32(b, off, v);
                    }
                }
            }
            case 5 -> { // the container header
                switch (r.nextInt(5)) {
                    case 0 -> PSOFuzzCorpus.putU64(b, 8, interesting64(r, n));
                    case 1 -> PSOFuzzCorpus.putU64(b, 16, interesting64(r, n));
                    case 2 -> PSOFuzzCorpus.putU32(b, 24, interesting(r, b, objs));
                    case 3 -> b[r.nextInt(8)] ^= (byte) (1 << r.nextInt(8));
                    default -> {
                        PSOFuzzCorpus.putU64(b, 8, interesting64(r, n));
                        PSOFuzzCorpus.putU64(b, 16, interesting64(r, n));
                    }
                }
            }
            case 6 -> { // any aligned u32
                int p = r.nextInt(n / 4) * 4;
                PSOFuzzCorpus.putU32(b, p, interesting(r, b, objs));
            }
            case 7, 8 -> { // splice part of another container in, at the same or another offset
                byte[] other = pool.get(r.nextInt(pool.size()));
                int from = r.nextInt(other.length) & -8;
                int len = r.nextInt(1, other.length - from + 1);
                int to = r.nextBoolean() ? from : (r.nextInt(n) & (r.nextBoolean() ? -8 : -1));
                if (to + len > n) {
                    b = Arrays.copyOf(b, Math.min(MAX_BYTES, to + len));
                    len = Math.min(len, b.length - to);
                    if (r.nextBoolean()) {
                        PSOFuzzCorpus.putU64(b, 8, b.length & -8);
                        PSOFuzzCorpus.putU64(b, 16, Math.max(b.length & -8, PSOFuzzCorpus.getU32(b, 16)));
                    }
                }
                System.arraycopy(other, from, b, to, len);
            }
            case 9 -> { // copy an object elsewhere: aliases and overlaps
                if (!objs.isEmpty()) {
                    int from = objs.get(r.nextInt(objs.size()));
                    int len = Math.min(n - from, r.nextInt(8, 64));
                    int to = r.nextInt(PSOContainerDescriptor.HEADER_SIZE / 8, n / 8) * 8;
                    System.arraycopy(b, from, b, to, Math.min(len, n - to));
                }
            }
            case 10 -> { // cut the bytes (used stays)
                b = Arrays.copyOf(b, r.nextInt(Math.max(1, n - 8), n + 1));
            }
            default -> { // random bytes over an aligned word
                int p = r.nextInt(n / 8) * 8;
                for (int k = p; k < Math.min(n, p + 8); k++) {
                    b[k] = (byte) r.nextInt();
                }
            }
        }
        return b;
    }

    /** A u32 that is likely to get past some of the reader's checks, or to sit just outside them. */
    static long interesting(SplittableRandom r, byte[] b, List<Integer> objs) {
        long used = b.length >= 16 ? PSOFuzzCorpus.getU32(b, 8) : b.length;
        return switch (r.nextInt(11)) {
            case 0 -> 0;
            case 1 -> r.nextInt(40);
            case 2 -> used + r.nextInt(-16, 17);
            case 3, 4 -> objs.isEmpty() ? 32 : objs.get(r.nextInt(objs.size())) + new int[] {0, 0, 4, 8, 16, -8, 1}[r.nextInt(7)];
            case 5 -> 0xFFFF_FFFFL - r.nextInt(16);
            case 6 -> 0x8000_0000L + r.nextInt(-8, 9);
            case 7 -> FINGERPRINTS[r.nextInt(FINGERPRINTS.length)];
            case 8 -> r.nextLong(Math.max(1, used / 8)) * 8;
            case 9 -> b.length - 8 * r.nextInt(0, 3);
            default -> r.nextInt() & 0xFFFF_FFFFL;
        };
    }

    static long interesting64(SplittableRandom r, int n) {
        return switch (r.nextInt(9)) {
            case 0 -> n & -8L;
            case 1 -> (n & -8L) + 8 * r.nextInt(-3, 4);
            case 2 -> Long.MIN_VALUE + 8 * r.nextInt(0, 3);
            case 3 -> -8L * r.nextInt(1, 3);
            case 4 -> r.nextInt(0, 40);
            case 5 -> (1L << 32) + (n & -8L);
            case 6 -> n;
            case 7 -> Long.MAX_VALUE & -8L;
            default -> r.nextLong();
        };
    }

    /** A valid container header followed by plausible objects whose references point at each other or anywhere. */
    static byte[] garbage(SplittableRandom r) {
        int n = 32 + 8 * r.nextInt(r.nextBoolean() ? 16 : 1024);
        byte[] b = new byte[n];
        PSOFuzzCorpus.putU32(b, 0, MAGIC);
        b[4] = 1;
        b[6] = 32;
        PSOFuzzCorpus.putU64(b, 8, n);
        PSOFuzzCorpus.putU64(b, 16, r.nextBoolean() ? n : n + 8L * r.nextInt(1000));
        int off = 32;
        List<Integer> starts = new ArrayList<>();
        while (off + 16 <= n) {
            starts.add(off);
            off += 8 * r.nextInt(1, 12);
        }
        for (int s : starts) {
            if (r.nextInt(4) == 0) {
                for (int k = s; k < Math.min(n, s + 16); k++) {
                    b[k] = (byte) r.nextInt();
                }
                continue;
            }
            Class<? extends PSO> t = TYPES[r.nextInt(TYPES.length)];
            var layout = PSO.layoutOf(t);
            PSOFuzzCorpus.putU32(b, s, layout.fingerprint());
            long size = layout.size();
            if (layout.isArray()) {
                int len = r.nextInt(4) == 0 ? r.nextInt() : r.nextInt(32);
                PSOFuzzCorpus.putU32(b, s + 8, len);
                size = (16L + (long) len * layout.elementType().size() + 7) & -8L;
            }
            PSOFuzzCorpus.putU32(b, s + 4, r.nextInt(6) == 0 ? size + 8 * r.nextInt(-2, 3) : size);
            for (PSOField f : layout.fields()) {
                int p = s + f.offset();
                if (p + f.type().size() > n) {
                    continue;
                }
                if (f.type() == PSOFieldType.REFERENCE) {
                    long v = r.nextInt(3) != 0 ? starts.get(r.nextInt(starts.size())) : interesting(r, b, starts);
                    PSOFuzzCorpus.putU32(b, p, v);
                } else {
                    for (int k = 0; k < f.type().size(); k++) {
                        b[p + k] = (byte) r.nextInt();
                    }
                }
            }
        }
        PSOFuzzCorpus.putU32(b, 24, starts.isEmpty() || r.nextInt(8) == 0 ? interesting(r, b, starts) : starts.get(r.nextInt(starts.size())));
        return b;
    }

    // ---- driver ---------------------------------------------------------------------------------

    /** The failures seen, by kind (first line of the message without numbers), with their first occurrence. */
    final Map<String, String> failures = new LinkedHashMap<>();

    void fail(String where, Throwable t, Case k, Path saveDir, String replay) {
        String kind = t.getClass().getSimpleName() + ": " + String.valueOf(t.getMessage()).replaceAll("-?\\d+", "N");
        kind = kind.length() > 200 ? kind.substring(0, 200) : kind;
        if (failures.containsKey(kind)) {
            return;
        }
        String file = "";
        if (saveDir != null && k != null) {
            Path p = saveDir.resolve("pso-fuzz-failure-" + failures.size() + ".bin");
            try {
                Files.write(p, Arrays.copyOf(k.bytes, k.atEnd ? k.available : k.bytes.length));
                file = p.toAbsolutePath().toString();
            } catch (IOException e) {
                file = "(could not save: " + e + ")";
            }
        }
        var sw = new java.io.StringWriter();
        t.printStackTrace(new java.io.PrintWriter(sw));
        String report = "FAILURE at " + where + (k == null ? "" : " (" + k.what + ", " + k.bytes.length + " bytes, available="
                        + k.available + ", " + (k.atEnd ? "guard after" : "guard before") + ")") + "\n  bytes: " + file + "\n  replay: "
                        + replay + "\n  " + sw.toString().replace("\n", "\n  ");
        System.out.println(report);
        failures.put(kind, report);
    }

    /**
     * Where the case about to run is kept for a crash post-mortem (see PSOFuzzTest): a shared
     * mapping of a file, so what was written survives the JVM. Little-endian: u64 tag (the
     * iteration, or CORPUS, or STARTED/DONE), u64 seed, u32 available, u32 1 if the guard is after
     * the container, u32 length, 100 bytes of corpus file name (UTF-8, 0-padded), then the bytes.
     */
    static final class State {
        static final long STARTED = -1, DONE = -2, CORPUS = -3;
        static final int NAME = 28, NAME_LENGTH = 100, HEADER = 128;
        final MappedByteBuffer map;

        State(Path file) throws IOException {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
                            StandardOpenOption.TRUNCATE_EXISTING)) {
                map = ch.map(FileChannel.MapMode.READ_WRITE, 0, HEADER + MAX_BYTES);
            }
            map.order(ByteOrder.LITTLE_ENDIAN);
            map.putLong(0, STARTED);
        }

        void record(long tag, long seed, Case k, String name) {
            map.putLong(0, STARTED); // not consistent until the tag is written last
            map.putLong(8, seed);
            map.putInt(16, k.available);
            map.putInt(20, k.atEnd ? 1 : 0);
            map.putInt(24, k.bytes.length);
            byte[] n = Arrays.copyOf(name.getBytes(java.nio.charset.StandardCharsets.UTF_8), NAME_LENGTH);
            map.put(NAME, n, 0, NAME_LENGTH);
            map.put(HEADER, k.bytes, 0, k.bytes.length);
            map.putLong(0, tag);
        }

        void done() {
            map.putLong(0, DONE);
        }
    }

    public static void main(String[] args) throws Exception {
        long seed = Long.getLong("jaguar.fuzz.seed", new SplittableRandom().nextLong());
        long first = Long.getLong("jaguar.fuzz.first", 0);
        long iterations = Long.getLong("jaguar.fuzz.iterations", 2000);
        long seconds = Long.getLong("jaguar.fuzz.seconds", 0);
        String corpus = System.getProperty("jaguar.fuzz.corpus");
        String replay = System.getProperty("jaguar.fuzz.replay");
        String stateFile = System.getProperty("jaguar.fuzz.state");
        Path saveDir = Path.of(System.getProperty("jaguar.fuzz.save", "."));
        String selftest = System.getProperty("jaguar.fuzz.selftest");
        PrintStream out = System.out;
        String vm = System.getProperty("java.vm.info") + (java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                        .stream().filter(a -> a.equals("-Xint") || a.startsWith("-XX:TieredStopAtLevel")).toList());
        out.println("PSOFuzz seed=" + seed + " first=" + first + " iterations=" + iterations + (seconds > 0 ? " seconds=" + seconds : "")
                        + " vm=" + vm);

        try (GuardedRegion region = new GuardedRegion(MAX_BYTES)) {
            if (selftest != null) {
                out.println("self-test: reading the guard page " + selftest + " the data region; the JVM must die now");
                out.flush();
                byte v = selftest.equals("before") ? region.readBeforeStart() : region.readPastEnd();
                out.println("SELFTEST-SURVIVED: read " + v + " from a guard page");
                System.exit(3);
            }
            PSOFuzz fuzz = new PSOFuzz(region);
            State state = stateFile == null ? null : new State(Path.of(stateFile));
            String replayBase = "java --enable-native-access=ALL-UNNAMED -cp " + System.getProperty("java.class.path") + " " + String.join(
                            " ", java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                                            .filter(a -> a.equals("-Xint") || a.startsWith("-XX:TieredStopAtLevel")).toList());

            if (replay != null) {
                byte[] b = Files.readAllBytes(Path.of(replay));
                int available = Integer.getInteger("jaguar.fuzz.available", b.length);
                for (boolean atEnd : new boolean[] {true, false}) {
                    Case k = new Case(b, Math.min(available, b.length), atEnd, "replay of " + replay);
                    try {
                        fuzz.run(k, new SplittableRandom(seed), true);
                    } catch (RuntimeException | Error e) {
                        fuzz.fail(replay, e, k, null, "-Djaguar.fuzz.replay=" + replay);
                    }
                }
                out.println(fuzz.stats);
                finish(fuzz, state);
                return;
            }

            // 1. The checked-in corpus, each file both ways, with every aligned offset probed.
            List<byte[]> pool = new ArrayList<>();
            if (corpus != null) {
                Map<String, PSOFuzzCorpus.Entry> crafted = PSOFuzzCorpus.entries();
                TreeMap<String, byte[]> files = new TreeMap<>();
                try (var s = Files.list(Path.of(corpus))) {
                    for (Path p : s.filter(p -> p.toString().endsWith(".bin")).toList()) {
                        files.put(p.getFileName().toString(), Files.readAllBytes(p));
                    }
                }
                for (var e : crafted.entrySet()) {
                    byte[] onDisk = files.get(e.getKey());
                    if (onDisk == null || !Arrays.equals(onDisk, e.getValue().bytes())) {
                        throw new AssertionError("corpus file " + e.getKey() + " in " + corpus + (onDisk == null ? " is missing" : " is stale")
                                        + ": regenerate the corpus as PSOFuzzCorpus's comment says");
                    }
                }
                for (var f : files.entrySet()) {
                    PSOFuzzCorpus.Entry entry = crafted.get(f.getKey());
                    for (boolean atEnd : new boolean[] {true, false}) {
                        Case k = new Case(f.getValue(), f.getValue().length, atEnd, "corpus " + f.getKey());
                        String where = "corpus/" + f.getKey() + (atEnd ? " (guard after)" : " (guard before)");
                        if (state != null) {
                            state.record(State.CORPUS, seed, k, Path.of(corpus, f.getKey()).toString());
                        }
                        try {
                            Outcome o = fuzz.run(k, new SplittableRandom(seed), true);
                            String got = o.openRejected ? "OPEN_REJECTED" : o.refsRejected > 0 ? "REFS_REJECTED" : "CLEAN";
                            if (entry != null && (!got.equals(entry.expect().name()) || entry.objects() >= 0 && o.visits != entry.objects())) {
                                throw new Failure(f.getKey() + " (" + entry.what() + "): expected " + entry.expect()
                                                + (entry.objects() < 0 ? "" : " with " + entry.objects() + " objects") + ", got " + got + " ("
                                                + o.refsRejected + " references refused, " + o.visits + " objects visited)");
                            }
                            out.println("corpus " + f.getKey() + (atEnd ? " [guard after]: " : " [guard before]: ") + got + ", "
                                            + o.visits + " objects, " + o.refsRejected + " refused");
                        } catch (RuntimeException | Error e) {
                            fuzz.fail(where, e, k, saveDir, "-Djaguar.fuzz.replay=" + Path.of(corpus, f.getKey()));
                        }
                    }
                    pool.add(f.getValue());
                }
                out.println("corpus: " + fuzz.stats);
            }

            // 2. The campaign: iteration k depends on (seed, k) only.
            SplittableRandom poolRandom = new SplittableRandom(seed);
            for (int p = 0; p < POOL; p++) {
                pool.add(generate(poolRandom));
            }
            long t0 = System.nanoTime();
            long deadline = seconds > 0 ? t0 + seconds * 1_000_000_000L : Long.MAX_VALUE;
            long done = 0;
            long it;
            for (it = first; it < iterations && fuzz.failures.size() < MAX_FAILURES; it++) {
                if ((it & 63) == 0 && System.nanoTime() > deadline) {
                    break;
                }
                SplittableRandom r = new SplittableRandom(seed ^ (it * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L));
                Case k = null;
                try {
                    k = makeCase(r, pool);
                    if (state != null) {
                        state.record(it, seed, k, "");
                    }
                    fuzz.run(k, r, false);
                } catch (RuntimeException | Error e) {
                    fuzz.fail("seed=" + seed + " iteration=" + it, e, k, saveDir,
                                    replayBase + " -Djaguar.fuzz.seed=" + seed + " -Djaguar.fuzz.first=" + it + " -Djaguar.fuzz.iterations="
                                                    + (it + 1) + " PSOFuzz");
                }
                done++;
                if (seconds > 0 && (done % 100_000) == 0) {
                    out.printf("  %d iterations, %.0f/s%n", done, done / ((System.nanoTime() - t0) / 1e9));
                }
            }
            double s = (System.nanoTime() - t0) / 1e9;
            out.printf("campaign: iterations [%d, %d) of seed %d in %.1f s, %.0f iterations/s%n", first, it, seed, s, done / s);
            out.println("total: " + fuzz.stats);
            finish(fuzz, state);
        }
    }

    private static void finish(PSOFuzz fuzz, State state) {
        if (state != null) {
            state.done();
        }
        if (!fuzz.failures.isEmpty()) {
            System.out.println(fuzz.failures.size() + " distinct failure(s):");
            fuzz.failures.keySet().forEach(k -> System.out.println("  " + k));
            System.out.flush();
            System.exit(1);
        }
        System.out.println("PASSED");
    }
}
