/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSO;
import jaguar.pso.PSOContainer;
import jaguar.pso.PSOContainerDescriptor;
import jaguar.pso.PSOIntArray;
import jaguar.pso.PSOLongArray;

/**
 * The crafted hostile containers of test/jtreg/pso/corpus, each with the outcome a correct reader
 * must give. Regenerate the files after changing a Fuzz* class (their fingerprints change):
 *
 * <pre>
 * mkdir -p /tmp/psoc && build/jdk/bin/javac -d /tmp/psoc test/jtreg/pso/*.java
 * build/jdk/bin/java -cp /tmp/psoc PSOFuzzCorpus test/jtreg/pso/corpus
 * </pre>
 *
 * PSOFuzz checks on every run that the files are what this class crafts, so a stale corpus fails
 * with that command instead of silently testing nothing.
 */
public final class PSOFuzzCorpus {
    /** What reading a crafted container must give. */
    enum Expect {
        /** PSOContainer.open throws PSOFormatException. */
        OPEN_REJECTED,
        /** Opens; following the root and the references from it throws PSOFormatException at least once. */
        REFS_REJECTED,
        /** Opens; every reference from the root recovers. */
        CLEAN
    }

    /** A crafted container; {@code objects}: how many objects a full walk finds, -1 if not checked. */
    record Entry(byte[] bytes, Expect expect, int objects, String what) {
        Entry(byte[] bytes, Expect expect, String what) {
            this(bytes, expect, expect == Expect.CLEAN ? 5 : -1, what);
        }
    }

    private PSOFuzzCorpus() {
    }

    /** Offsets of the objects of the base container. */
    private record Base(byte[] bytes, int n0, int n1, int leaf, int ints, int longs) {
    }

    /** A root FuzzNode, a FuzzNodeEx after it, a FuzzLeaf and two arrays, all linked. */
    private static Base base() {
        try (OffHeapBuffer buf = OffHeapBuffer.allocate(1024)) {
            PSOContainer c = PSOContainer.format(buf);
            FuzzNode n0 = c.allocate(FuzzNode.class);
            FuzzNodeEx n1 = c.allocate(FuzzNodeEx.class);
            FuzzLeaf leaf = c.allocate(FuzzLeaf.class);
            PSOIntArray ints = PSOIntArray.allocate(c, 5);
            PSOLongArray longs = PSOLongArray.allocate(c, 3);
            n0.z = true;
            n0.b = -7;
            n0.c = 'J';
            n0.s = 12345;
            n0.i = 0xCAFEBABE;
            n0.f = 1.5f;
            n0.j = 0x0123456789ABCDEFL;
            n0.d = Math.PI;
            n0.next = n1;
            n0.leaf = leaf;
            n0.any = leaf;
            n0.ints = ints;
            n0.longs = longs;
            n1.prev = n0;
            n1.child = n0;
            n1.second = leaf;
            n1.extra = -1;
            leaf.owner = n1;
            leaf.data = longs;
            leaf.link = leaf;
            for (int k = 0; k < 5; k++) {
                ints.set(k, k * 11);
            }
            for (int k = 0; k < 3; k++) {
                longs.set(k, -k);
            }
            c.setRoot(n0);
            byte[] b = new byte[(int) c.used()];
            buf.get(0, b, 0, b.length);
            return new Base(b, (int) n0.offset(), (int) n1.offset(), (int) leaf.offset(), (int) ints.offset(), (int) longs.offset());
        }
    }

    static int field(Class<? extends PSO> type, String name) {
        return PSO.layoutOf(type).field(name).offset();
    }

    static int fingerprint(Class<? extends PSO> type) {
        return PSO.layoutOf(type).fingerprint();
    }

    static void putU32(byte[] b, int pos, long v) {
        for (int k = 0; k < 4; k++) {
            b[pos + k] = (byte) (v >>> 8 * k);
        }
    }

    static void putU64(byte[] b, int pos, long v) {
        for (int k = 0; k < 8; k++) {
            b[pos + k] = (byte) (v >>> 8 * k);
        }
    }

    static long getU32(byte[] b, int pos) {
        long v = 0;
        for (int k = 3; k >= 0; k--) {
            v = v << 8 | (b[pos + k] & 0xFF);
        }
        return v;
    }

    /** Appends {@code extra} zero bytes and records them as used. */
    private static byte[] grow(byte[] b, int extra) {
        byte[] g = java.util.Arrays.copyOf(b, b.length + extra);
        putU64(g, 8, g.length);
        return g;
    }

    /** Every crafted container, by file name, in a fixed order. */
    static Map<String, Entry> entries() {
        Map<String, Entry> m = new LinkedHashMap<>();
        Base base = base();
        int next = field(FuzzNode.class, "next"), prev = field(FuzzNode.class, "prev"), leaf = field(FuzzNode.class, "leaf");
        int any = field(FuzzNode.class, "any"), ints = field(FuzzNode.class, "ints"), longs = field(FuzzNode.class, "longs");
        int child = field(FuzzNodeEx.class, "child"), link = field(FuzzLeaf.class, "link");
        int used = base.bytes.length;

        m.put("valid.bin", new Entry(base.bytes.clone(), Expect.CLEAN, "the base container, untouched"));

        byte[] b = base.bytes.clone();
        m.put("empty.bin", new Entry(java.util.Arrays.copyOf(header(b, 32, 32, 0), 32), Expect.CLEAN, 0, "a header and no objects"));

        b = base.bytes.clone();
        putU32(b, base.n0 + next, base.n0);
        m.put("self-loop.bin", new Entry(b, Expect.CLEAN, "root.next is the root itself"));

        b = base.bytes.clone();
        putU32(b, base.n1 + next, base.n0);
        putU32(b, base.n1 + child, base.n1);
        putU32(b, base.n0 + prev, base.n1);
        m.put("cycles.bin", new Entry(b, Expect.CLEAN, "root <-> n1 both ways, n1.child = n1, leaf.link = leaf"));

        b = base.bytes.clone();
        putU32(b, base.n0 + next, 8);
        putU32(b, base.n0 + prev, 24);
        putU32(b, base.n0 + leaf, 16);
        putU32(b, base.n0 + ints, 0);
        m.put("ref-to-header.bin", new Entry(b, Expect.REFS_REJECTED, "references to offsets 8, 16 and 24, inside the container header"));

        b = base.bytes.clone();
        putU32(b, 24, 16);
        m.put("root-in-header.bin", new Entry(b, Expect.REFS_REJECTED, "the root offset names the container header"));

        b = base.bytes.clone();
        putU32(b, 24, 0xFFFF_FFF8L);
        m.put("root-out-of-range.bin", new Entry(b, Expect.REFS_REJECTED, "the root offset is 0xFFFFFFF8"));

        b = base.bytes.clone();
        putU32(b, base.n0 + next, base.n1 + 4);
        putU32(b, base.n0 + leaf, base.leaf + 1);
        putU32(b, base.n0 + ints, base.ints + 2);
        m.put("misaligned-ref.bin", new Entry(b, Expect.REFS_REJECTED, "references 4, 1 and 2 bytes past real objects"));

        // The last 8 used bytes look like an object header: no object of any type fits there.
        b = grow(base.bytes, 8);
        putU32(b, used, fingerprint(FuzzNode.class));
        putU32(b, used + 4, PSO.layoutOf(FuzzNode.class).size());
        putU32(b, base.n0 + next, used);
        putU32(b, base.n0 + prev, used + 4);
        putU32(b, base.n0 + leaf, used + 8);
        m.put("ref-to-last-bytes.bin", new Entry(b, Expect.REFS_REJECTED, "references to the last 8, the last 4 and the first unused byte"));

        b = grow(base.bytes, 8);
        putU32(b, used, fingerprint(PSOIntArray.class));
        putU32(b, used + 4, 16);
        putU32(b, base.n0 + ints, used);
        m.put("array-header-at-end.bin", new Entry(b, Expect.REFS_REJECTED, "an int array header in the last 8 bytes, no room for its length"));

        b = base.bytes.clone();
        putU32(b, base.ints + 8, 0x7FFF_FFFFL);
        m.put("array-huge-length.bin", new Entry(b, Expect.REFS_REJECTED, "int array of length 0x7FFFFFFF, size field unchanged"));

        b = base.bytes.clone();
        putU32(b, base.longs + 8, 0xFFFF_FFFFL);
        m.put("array-negative-length.bin", new Entry(b, Expect.REFS_REJECTED, "long array of length -1"));

        b = base.bytes.clone();
        putU32(b, base.ints + 8, 1000);
        putU32(b, base.ints + 4, 16 + 4000);
        m.put("array-length-past-end.bin", new Entry(b, Expect.REFS_REJECTED, "int array whose length and size agree but pass the end"));

        b = base.bytes.clone();
        putU32(b, base.ints + 8, 0x4000_0000L);
        putU32(b, base.ints + 4, 16);
        putU32(b, base.longs + 8, 0x2000_0000L);
        putU32(b, base.longs + 4, 16);
        m.put("array-size-overflow.bin", new Entry(b, Expect.REFS_REJECTED, "array lengths whose byte size wraps 32 bits to 16"));

        b = base.bytes.clone();
        putU32(b, base.n0 + next, base.leaf);
        putU32(b, base.n0 + leaf, base.n1);
        putU32(b, base.n0 + any, base.n0);
        putU32(b, base.n0 + ints, base.longs);
        putU32(b, base.n0 + longs, base.ints);
        m.put("foreign-fingerprint.bin", new Entry(b, Expect.REFS_REJECTED, "every reference of the root names an object of another class"));

        b = base.bytes.clone();
        putU32(b, base.leaf, fingerprint(FuzzBase.class));
        putU32(b, base.leaf + 4, PSO.layoutOf(FuzzBase.class).size());
        m.put("abstract-fingerprint.bin", new Entry(b, Expect.REFS_REJECTED, "the leaf carries the abstract FuzzBase's fingerprint and size"));

        b = base.bytes.clone();
        putU32(b, base.n1 + 4, PSO.layoutOf(FuzzNodeEx.class).size() + 8);
        putU32(b, base.leaf + 4, 0xFFFF_FFF8L);
        m.put("size-lies.bin", new Entry(b, Expect.REFS_REJECTED, "object headers with sizes that are not their layout's"));

        // A FuzzNode header in the root's long field j, inside the root: overlapping objects are legal.
        b = base.bytes.clone();
        int j = base.n0 + field(FuzzNode.class, "j");
        putU32(b, j, fingerprint(FuzzNode.class));
        putU32(b, j + 4, PSO.layoutOf(FuzzNode.class).size());
        putU32(b, base.n0 + next, j);
        m.put("overlap.bin", new Entry(b, Expect.REFS_REJECTED, 6,
                        "root.next is a FuzzNode whose header is the root's field j (found: overlaps are legal; its other fields are garbage)"));

        b = base.bytes.clone();
        putU64(b, 16, used - 8);
        m.put("used-gt-capacity.bin", new Entry(b, Expect.OPEN_REJECTED, "header: used > capacity"));

        b = base.bytes.clone();
        putU64(b, 8, used - 4);
        m.put("used-unaligned.bin", new Entry(b, Expect.OPEN_REJECTED, "header: used is not a multiple of 8"));

        b = base.bytes.clone();
        putU64(b, 8, 16);
        m.put("used-in-header.bin", new Entry(b, Expect.OPEN_REJECTED, "header: used = 16, less than the header"));

        b = base.bytes.clone();
        putU64(b, 8, 0xFFFF_FFFF_FFFF_FFF8L);
        putU64(b, 16, 0xFFFF_FFFF_FFFF_FFF8L);
        m.put("used-huge.bin", new Entry(b, Expect.OPEN_REJECTED, "header: used = capacity = 2^64 - 8"));

        b = base.bytes.clone();
        putU64(b, 16, 0x8000_0000_0000_0000L);
        m.put("capacity-huge.bin", new Entry(b, Expect.CLEAN, "header: capacity = 2^63 (negative as a signed long)"));

        b = base.bytes.clone();
        b[0] ^= 0x20;
        m.put("bad-magic.bin", new Entry(b, Expect.OPEN_REJECTED, "magic \"jPSO\""));

        b = base.bytes.clone();
        b[4] = 2;
        m.put("bad-version.bin", new Entry(b, Expect.OPEN_REJECTED, "format version 2"));

        m.put("truncated.bin", new Entry(java.util.Arrays.copyOf(base.bytes, used - 16), Expect.OPEN_REJECTED,
                        "the last 16 used bytes are missing"));

        m.put("truncated-in-header.bin", new Entry(java.util.Arrays.copyOf(base.bytes, 20), Expect.OPEN_REJECTED,
                        "only the first 20 bytes of the header"));

        // A container header at the last aligned 8 bytes: a nested container there has no room for it.
        b = grow(base.bytes, 8);
        putU32(b, used, getU32(b, 0));
        putU32(b, used + 4, getU32(b, 4));
        m.put("nested-header-at-end.bin", new Entry(b, Expect.CLEAN, "the magic and version of a nested container in the last 8 bytes"));
        return m;
    }

    /** Rewrites the container header of b: used, capacity, root. */
    private static byte[] header(byte[] b, long usedBytes, long capacity, long root) {
        putU64(b, PSOContainerDescriptor.USED_OFFSET, usedBytes);
        putU64(b, PSOContainerDescriptor.CAPACITY_OFFSET, capacity);
        putU32(b, PSOContainerDescriptor.ROOT_OFFSET, root);
        return b;
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        StringBuilder index = new StringBuilder("# file: expected outcome[, objects a full walk finds]: what (written by PSOFuzzCorpus; do not edit)\n");
        for (var e : entries().entrySet()) {
            Files.write(dir.resolve(e.getKey()), e.getValue().bytes());
            Entry x = e.getValue();
            index.append(e.getKey()).append(": ").append(x.expect()).append(x.objects() < 0 ? "" : ", " + x.objects() + " objects")
                            .append(": ").append(x.what()).append('\n');
        }
        Files.writeString(dir.resolve("INDEX"), index);
        System.out.println("wrote " + entries().size() + " files to " + dir);
    }
}
