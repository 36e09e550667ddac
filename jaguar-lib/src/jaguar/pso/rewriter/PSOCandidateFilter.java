/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso.rewriter;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * A quick look at a class file's constant pool, without the ClassFile API, that rules out
 * classes the rewriter would leave alone: a class that is no PSO class, reads or writes no
 * instance field of a PSO class (getfield, putfield) and calls no method named {@code allocate}. Whether a class is a PSO class is
 * decided from superclass names alone: those of every class the VM has handed over (all of an
 * application loader's classes pass here), else read from the class file's header through the
 * loader. A program that uses no PSO then runs without the ClassFile API ever being loaded.
 * Anything it cannot read is left to the rewriter, which reports a malformed class properly.
 * The VM has already ruled out, without calling Java, the classes this would rule out from
 * JDK and loaded classes alone (ClassFileGlance in jaguarClassRewriting.cpp). A class file that
 * carries the {@link RewrittenMark} is ruled out whatever it refers to: it was rewritten already.
 */
final class PSOCandidateFilter {
    private static final int UTF8 = 1, INTEGER = 3, FLOAT = 4, LONG = 5, DOUBLE = 6, CLASS = 7, STRING = 8, FIELDREF = 9,
                    METHODREF = 10, INTERFACE_METHODREF = 11, NAME_AND_TYPE = 12, METHOD_HANDLE = 15, METHOD_TYPE = 16,
                    DYNAMIC = 17, INVOKE_DYNAMIC = 18, MODULE = 19, PACKAGE = 20;
    private static final int GETFIELD = 0xB4, PUTFIELD = 0xB5;
    private static final byte[] ALLOCATE = "allocate".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MARK = RewrittenMark.NAME.getBytes(StandardCharsets.US_ASCII);
    /** Per loader: class name to superclass name, for every class seen or read. */
    private static final Map<ClassLoader, Map<String, String>> SUPERS = new WeakHashMap<>();

    private PSOCandidateFilter() {
    }

    /** What the filter reads of a class file. */
    private record Summary(String name, String superName, List<String> fieldOwners, boolean callsAllocate, boolean rewritten) {
    }

    /** False only when the rewriter certainly has nothing to do for this class file. */
    static boolean mayNeedRewrite(ClassLoader loader, byte[] bytes) {
        Summary s;
        try {
            s = summarize(bytes);
        } catch (IndexOutOfBoundsException e) {
            return true;
        }
        if (s == null) {
            return true;
        }
        remember(loader, s.name(), s.superName());
        if (s.rewritten()) {
            return false;   // rewritten already (by the other of the agent's and the VM's hooks)
        }
        if (s.callsAllocate() || isPso(loader, s.superName())) {
            return true;
        }
        for (String owner : s.fieldOwners()) {
            if (!owner.equals(s.name()) && isPso(loader, owner)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code name} extends jaguar.pso.PSO, as far as superclass names tell; true when unknown. */
    private static boolean isPso(ClassLoader loader, String name) {
        for (int depth = 0; name != null && depth < 64; depth++) {
            if (name.equals(PSOHierarchy.PSO)) {
                return true;
            }
            if (isJdkClass(name)) {
                return false;
            }
            String zuper = superOf(loader, name);
            if (zuper == null) {
                return true;   // not found: let the rewriter look
            }
            name = zuper.isEmpty() ? null : zuper;
        }
        return name != null;
    }

    // No lambdas on this path: spinning one would load the ClassFile API the filter exists to avoid.
    private static synchronized void remember(ClassLoader loader, String name, String superName) {
        Map<String, String> m = SUPERS.get(loader);
        if (m == null) {
            m = new HashMap<>();
            SUPERS.put(loader, m);
        }
        m.put(name, superName == null ? "" : superName);
    }

    /** The superclass name ("" for none), or null if the class file cannot be found or read. */
    private static String superOf(ClassLoader loader, String name) {
        synchronized (PSOCandidateFilter.class) {
            Map<String, String> m = SUPERS.get(loader);
            String known = m == null ? null : m.get(name);
            if (known != null) {
                return known;
            }
        }
        try (InputStream in = loader.getResourceAsStream(name + ".class")) {
            Summary s = in == null ? null : summarize(in.readAllBytes());
            if (s == null) {
                return null;
            }
            remember(loader, name, s.superName());
            return s.superName() == null ? "" : s.superName();
        } catch (IOException | IndexOutOfBoundsException e) {
            return null;
        }
    }

    private static Summary summarize(byte[] b) {
        if (u4(b, 0) != 0xCAFEBABE) {
            return null;
        }
        int count = u2(b, 8);
        int[] offset = new int[count];   // where each entry's tag is
        int p = 10;
        for (int i = 1; i < count; i++) {
            offset[i] = p;
            int tag = b[p] & 0xFF;
            p += switch (tag) {
                case UTF8 -> 3 + u2(b, p + 1);
                case INTEGER, FLOAT, FIELDREF, METHODREF, INTERFACE_METHODREF, NAME_AND_TYPE, DYNAMIC, INVOKE_DYNAMIC -> 5;
                case LONG, DOUBLE -> 9;
                case CLASS, STRING, METHOD_TYPE, MODULE, PACKAGE -> 3;
                case METHOD_HANDLE -> 4;
                default -> throw new IndexOutOfBoundsException("constant pool tag " + tag);
            };
            if (tag == LONG || tag == DOUBLE) {
                i++;
            }
        }
        String name = className(b, offset, u2(b, p + 2));
        int superIndex = u2(b, p + 4);
        String superName = superIndex == 0 ? null : className(b, offset, superIndex);
        boolean[] instanceAccess = instanceFieldAccesses(b, offset, p);
        List<String> owners = new ArrayList<>();
        boolean allocate = false;
        for (int i = 1; i < count; i++) {
            int at = offset[i];
            if (at == 0) {
                continue;
            }
            int tag = b[at] & 0xFF;
            if (tag == FIELDREF && instanceAccess[i]) {
                String owner = className(b, offset, u2(b, at + 1));
                if (!isJdkClass(owner) && !owners.contains(owner)) {
                    owners.add(owner);
                }
            } else if (tag == METHODREF || tag == INTERFACE_METHODREF) {
                int nameAndType = offset[u2(b, at + 3)];
                allocate |= utf8Equals(b, offset[u2(b, nameAndType + 1)], ALLOCATE);
            }
        }
        return new Summary(name, superName, owners, allocate, hasMark(b, offset, p));
    }

    /**
     * Whether the class carries the {@link RewrittenMark}: a class attribute of that name, found by
     * stepping over the interfaces, fields and methods that follow the constant pool at {@code p}.
     * Bytes that cannot be stepped over are no class file the rewriter wrote: not marked.
     */
    private static boolean hasMark(byte[] b, int[] offset, int p) {
        try {
            return findMark(b, offset, p);
        } catch (IndexOutOfBoundsException e) {
            return false;
        }
    }

    private static boolean findMark(byte[] b, int[] offset, int p) {
        int q = p + 8 + 2 * u2(b, p + 6);
        for (int members = 0; members < 2; members++) {   // fields, then methods
            int count = u2(b, q);
            q += 2;
            for (int i = 0; i < count; i++) {
                int attributes = u2(b, q + 6);
                q += 8;
                for (int k = 0; k < attributes; k++) {
                    q = afterAttribute(b, q);
                }
            }
        }
        int count = u2(b, q);
        q += 2;
        for (int i = 0; i < count; i++) {
            int name = offset[u2(b, q)];
            if (name != 0 && (b[name] & 0xFF) == UTF8 && utf8Equals(b, name, MARK)) {
                return true;
            }
            q = afterAttribute(b, q);
        }
        return false;
    }

    /** Where the attribute at {@code q} (name index, u4 length, content) ends. */
    private static int afterAttribute(byte[] b, int q) {
        int length = u4(b, q + 2);
        if (length < 0 || length > b.length) {
            throw new IndexOutOfBoundsException("attribute length " + Integer.toUnsignedString(length));
        }
        return q + 6 + length;
    }

    /**
     * Which Fieldref entries getfield or putfield may use: every {@code B4}/{@code B5} byte after
     * the constant pool followed by the index of a Fieldref marks it. Only instance fields are
     * laid out in a container (static fields of a PSO class stay Java statics), and looking at
     * every byte rather than decoding the methods can only mark too many, never too few.
     */
    private static boolean[] instanceFieldAccesses(byte[] b, int[] offset, int end) {
        boolean[] marked = new boolean[offset.length];
        for (int k = end; k + 2 < b.length; k++) {
            int op = b[k] & 0xFF;
            if (op == GETFIELD || op == PUTFIELD) {
                int index = u2(b, k + 1);
                if (index > 0 && index < offset.length && offset[index] != 0 && (b[offset[index]] & 0xFF) == FIELDREF) {
                    marked[index] = true;
                }
            }
        }
        return marked;
    }

    /** JDK classes are never PSO classes. */
    static boolean isJdkClass(String name) {
        return name.startsWith("java/") || name.startsWith("javax/") || name.startsWith("jdk/") || name.startsWith("sun/");
    }

    private static String className(byte[] b, int[] offset, int classIndex) {
        int name = offset[u2(b, offset[classIndex] + 1)];
        return new String(b, name + 3, u2(b, name + 1), StandardCharsets.UTF_8);
    }

    private static boolean utf8Equals(byte[] b, int entry, byte[] value) {
        int length = u2(b, entry + 1);
        if (length != value.length) {
            return false;
        }
        for (int k = 0; k < length; k++) {
            if (b[entry + 3 + k] != value[k]) {
                return false;
            }
        }
        return true;
    }

    private static int u2(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }

    private static int u4(byte[] b, int at) {
        return u2(b, at) << 16 | u2(b, at + 2);
    }
}
